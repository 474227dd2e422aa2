import type { Viewer } from '@kinship/domain';
import { eq, inArray } from 'drizzle-orm';
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

/** Loads the person record and every partner role and program scope in three queries. */
export async function loadViewer(db: Db, authUserId: string, email: string): Promise<RequestViewer> {
  const [user] = await db.select().from(users).where(eq(users.authUserId, authUserId));
  if (!user) return { authUserId, email, user: null, permissions: { userId: authUserId, partnerUsers: [] } };
  const memberships = await db.select().from(partnerUsers).where(eq(partnerUsers.usersId, user.id));
  const ids = memberships.map((m) => m.id);
  const [roleRows, entityRows] = ids.length
    ? await Promise.all([
        db.select().from(partnerUserRoles).where(inArray(partnerUserRoles.partnerUsersId, ids)),
        db.select().from(partnerUserEntities).where(inArray(partnerUserEntities.partnerUsersId, ids)),
      ])
    : [[], []];
  return {
    authUserId,
    email,
    user,
    permissions: {
      userId: authUserId,
      partnerUsers: memberships.map((m) => ({
        partnersId: m.partnersId,
        roles: roleRows.filter((r) => r.partnerUsersId === m.id).map((r) => r.rolesId),
        entityIds: entityRows.filter((e) => e.partnerUsersId === m.id).map((e) => e.entitiesId),
      })),
    },
  };
}
