import type { Viewer } from '@kinship/domain';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { partnerUserEntities, partnerUserRoles, partnerUsers, users } from '../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;

/** Who is asking: the auth user, their person record (absent until the new-user form) and their roles. */
export interface RequestViewer {
  authUserId: string;
  email: string;
  user: UserRow | null;
  /** The domain permission module's view of this person. */
  permissions: NonNullable<Viewer>;
}

/** A membership as the viewer statement returns it (json). */
interface MembershipJson {
  partnersId: number;
  roles: number[];
  entityIds: number[];
}

/**
 * Every partner the person works at, with its roles and program scope, as one json value of the
 * person's row: one statement per request instead of three round trips (users, then memberships,
 * then roles and programs). The outer row is named in full: drizzle writes a column of the
 * queried table unqualified, which inside this subquery would mean the membership's own id.
 */
const membershipsOf = sql<MembershipJson[]>`coalesce((
  select json_agg(json_build_object(
    'partnersId', pu.partners_id,
    'roles', coalesce((select json_agg(r.roles_id order by r.roles_id) from ${partnerUserRoles} r where r.partner_users_id = pu.id), '[]'::json),
    'entityIds', coalesce((select json_agg(e.entities_id order by e.entities_id) from ${partnerUserEntities} e where e.partner_users_id = pu.id), '[]'::json)
  ) order by pu.id)
  from ${partnerUsers} pu where pu.users_id = "users"."id"
), '[]'::json)`;

/** Loads the person record and every partner role and program scope in one statement. */
export async function loadViewer(db: Db, authUserId: string, email: string): Promise<RequestViewer> {
  const [row] = await db
    .select({ user: getTableColumns(users), memberships: membershipsOf })
    .from(users)
    .where(eq(users.authUserId, authUserId));
  if (!row) return { authUserId, email, user: null, permissions: { userId: authUserId, partnerUsers: [] } };
  return {
    authUserId,
    email,
    user: row.user,
    permissions: {
      userId: authUserId,
      partnerUsers: row.memberships.map((m) => ({
        partnersId: Number(m.partnersId),
        roles: m.roles.map(Number),
        entityIds: m.entityIds.map(Number),
      })),
    },
  };
}
