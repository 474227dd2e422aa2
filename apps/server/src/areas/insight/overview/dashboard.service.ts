import { actionsFor, isPlatformAdmin, staffedPartnerIds, type StaffedPartner } from '@kinship/domain';
import type { Db } from '../../../db/client.ts';
import type { AccessContext } from '../../../platform/access.ts';
import { unauthorized } from '../../../platform/errors.ts';
import { findPartnerNames } from './dashboard.repository.ts';

/**
 * GET dashboard/partners: the partners the viewer may staff (the dashboard's partner switcher):
 * every partner for a platform administrator, else those where they hold a role, each with the
 * actions they have there. Only the viewer's own memberships are told, so no action is required.
 */
export async function listStaffedPartners(db: Db, ctx: AccessContext): Promise<StaffedPartner[]> {
  if (!ctx.viewer) throw unauthorized();
  const permissions = ctx.viewer.permissions;
  const ids = isPlatformAdmin(permissions) ? null : staffedPartnerIds(permissions);
  const rows = await findPartnerNames(db, ids);
  return rows.map((row) => ({ ...row, actions: actionsFor(permissions, row.id) }));
}
