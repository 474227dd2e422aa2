import {
  ACTIONS,
  actionScope,
  can,
  hasAnyPartnerRole,
  ERRORS,
  type Action,
  type JobProgress,
  type JobState,
} from '@kinship/domain';
import type { Db } from '../../../db/client.ts';
import { forbidden, unauthorized, refuse } from '../../../platform/errors.ts';
import type { SiteContext } from '../../../platform/site-context.ts';
import { findJobProgress } from './jobs.repository.ts';

export const JOB_NOT_FOUND = 'Job not found.';

/**
 * Whether the viewer could have started the job (decision 052): its action, in every program it was
 * started for (partner-wide when it was started partner-wide). A job tracked without an action
 * (none is since) is read by those who administer the whole partner.
 */
function couldHaveStarted(ctx: SiteContext, job: { action: string | null; programScope: number[] | null }) {
  const viewer = ctx.viewer?.permissions ?? null;
  const partnersId = ctx.partner.id;
  const action: Action = ACTIONS.includes(job.action as Action) ? (job.action as Action) : 'settings.manage';
  if (job.programScope === null) return actionScope(viewer, action, partnersId) === 'all';
  return can(viewer, action, { partnersId, entitiesId: job.programScope });
}

/**
 * GET jobs/{id}/progress: for the partner's staff (any role there, or a platform administrator) who
 * could have started the job; to any other staff it does not exist (404).
 */
export async function getJobProgress(db: Db, ctx: SiteContext, id: string): Promise<JobProgress> {
  if (!ctx.viewer) throw unauthorized();
  if (!hasAnyPartnerRole(ctx.viewer.permissions, ctx.partner.id)) throw forbidden();
  const row = await findJobProgress(db, ctx.partner.id, id);
  if (!row || !couldHaveStarted(ctx, row)) throw refuse(ERRORS.JOB_NOT_FOUND, JOB_NOT_FOUND);
  return {
    id: row.id,
    name: row.name,
    state: row.state as JobState,
    done: row.done,
    total: row.total,
    message: row.message,
    updatedAt: row.updatedAt.toISOString(),
  };
}
