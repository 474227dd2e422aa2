import { hasAnyPartnerRole, type JobProgress, type JobState } from '@kinship/domain';
import type { Db } from '../../db/client.ts';
import { forbidden, notFound, unauthorized } from '../../platform/errors.ts';
import type { SiteContext } from '../../platform/site-context.ts';
import { findJobProgress } from './jobs.repository.ts';

export const JOB_NOT_FOUND = 'Job not found.';

/** GET jobs/{id}/progress: for the partner's staff (any role there, or a platform administrator). */
export async function getJobProgress(db: Db, ctx: SiteContext, id: string): Promise<JobProgress> {
  if (!ctx.viewer) throw unauthorized();
  if (!hasAnyPartnerRole(ctx.viewer.permissions, ctx.partner.id)) throw forbidden();
  const row = await findJobProgress(db, ctx.partner.id, id);
  if (!row) throw notFound(JOB_NOT_FOUND);
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
