import { and, asc, count, desc, eq, inArray, isNotNull, notExists, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import type { Queryable } from '../../../db/types.ts';
import {
  entities,
  partners,
  partnerUserEntities,
  partnerUserRoles,
  partnerUsers,
  staffInvitations,
  users,
} from '../../../db/schema/index.ts';

export type InvitationRow = typeof staffInvitations.$inferSelect;

export interface Membership {
  partnerUsersId: number;
  usersId: number;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  roles: number[];
  entityIds: number[];
}

/** Every partner user of the partner holding a role or a program, with both (two more queries). */
export async function listMemberships(
  db: Queryable,
  partnersId: number,
  usersId?: number,
): Promise<Membership[]> {
  const rows = await db
    .select({
      partnerUsersId: partnerUsers.id,
      usersId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(partnerUsers)
    .innerJoin(users, eq(users.id, partnerUsers.usersId))
    .where(
      and(
        eq(partnerUsers.partnersId, partnersId),
        usersId === undefined ? undefined : eq(partnerUsers.usersId, usersId),
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
  const ids = rows.map((r) => r.partnerUsersId);
  if (ids.length === 0) return [];
  const [roleRows, entityRows] = await Promise.all([
    db.select().from(partnerUserRoles).where(inArray(partnerUserRoles.partnerUsersId, ids)),
    db.select().from(partnerUserEntities).where(inArray(partnerUserEntities.partnerUsersId, ids)),
  ]);
  return rows
    .map((r) => ({
      ...r,
      roles: roleRows
        .filter((x) => x.partnerUsersId === r.partnerUsersId)
        .map((x) => x.rolesId)
        .sort((a, b) => a - b),
      entityIds: entityRows
        .filter((x) => x.partnerUsersId === r.partnerUsersId)
        .map((x) => x.entitiesId)
        .sort((a, b) => a - b),
    }))
    .filter((m) => m.roles.length > 0 || m.entityIds.length > 0);
}

/** Serialises team changes of one partner (the last-Administrator rule reads, then writes). */
export async function lockPartner(tx: Tx, partnersId: number): Promise<void> {
  await tx.execute(sql`select id from partners where id = ${partnersId} for update`);
}

/** Partner-wide Administrators of the partner (Administrator role, no program limit). */
export async function countPartnerWideAdmins(tx: Queryable, partnersId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(partnerUsers)
    .innerJoin(
      partnerUserRoles,
      and(eq(partnerUserRoles.partnerUsersId, partnerUsers.id), eq(partnerUserRoles.rolesId, 2)),
    )
    .where(
      and(
        eq(partnerUsers.partnersId, partnersId),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(partnerUserEntities)
            .where(eq(partnerUserEntities.partnerUsersId, partnerUsers.id)),
        ),
      ),
    );
  return Number(row?.n ?? 0);
}

export async function programIdsOf(db: Queryable, partnersId: number): Promise<Map<number, string>> {
  const rows = await db
    .select({ id: entities.id, name: entities.name })
    .from(entities)
    .where(eq(entities.partnersId, partnersId));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Replaces a partner user's roles and programs. */
export async function replaceAccess(
  tx: Tx,
  partnerUsersId: number,
  roles: readonly number[],
  entityIds: readonly number[],
): Promise<void> {
  await tx.delete(partnerUserRoles).where(eq(partnerUserRoles.partnerUsersId, partnerUsersId));
  await tx.delete(partnerUserEntities).where(eq(partnerUserEntities.partnerUsersId, partnerUsersId));
  if (roles.length > 0)
    await tx.insert(partnerUserRoles).values(roles.map((rolesId) => ({ partnerUsersId, rolesId })));
  if (entityIds.length > 0)
    await tx
      .insert(partnerUserEntities)
      .values(entityIds.map((entitiesId) => ({ partnerUsersId, entitiesId })));
}

export async function deleteMembership(tx: Tx, partnerUsersId: number): Promise<void> {
  await tx.delete(partnerUsers).where(eq(partnerUsers.id, partnerUsersId));
}

/** The partner user row of a person at a partner, made when missing. */
export async function ensureMembership(tx: Tx, partnersId: number, usersId: number): Promise<number> {
  await tx.insert(partnerUsers).values({ partnersId, usersId }).onConflictDoNothing();
  const [row] = await tx
    .select({ id: partnerUsers.id })
    .from(partnerUsers)
    .where(and(eq(partnerUsers.partnersId, partnersId), eq(partnerUsers.usersId, usersId)));
  return row!.id;
}

/** The person record of a login, made (with the login's email only) when the person has none yet. */
export async function ensurePerson(tx: Tx, authUserId: string, email: string): Promise<number> {
  const [found] = await tx.select({ id: users.id }).from(users).where(eq(users.authUserId, authUserId));
  if (found) return found.id;
  const [made] = await tx.insert(users).values({ authUserId, email }).returning({ id: users.id });
  return made!.id;
}

// ---------------------------------------------------------------------------------- invitations

export async function insertInvitation(
  tx: Tx,
  row: typeof staffInvitations.$inferInsert,
): Promise<InvitationRow> {
  const [made] = await tx.insert(staffInvitations).values(row).returning();
  return made!;
}

export async function findInvitation(db: Queryable, id: number): Promise<InvitationRow | undefined> {
  const [row] = await db.select().from(staffInvitations).where(eq(staffInvitations.id, id));
  return row;
}

export async function lockInvitation(tx: Tx, id: number): Promise<InvitationRow | undefined> {
  const [row] = await tx.select().from(staffInvitations).where(eq(staffInvitations.id, id)).for('update');
  return row;
}

export async function updateInvitation(
  tx: Tx,
  id: number,
  set: Partial<typeof staffInvitations.$inferInsert>,
): Promise<InvitationRow> {
  const [row] = await tx.update(staffInvitations).set(set).where(eq(staffInvitations.id, id)).returning();
  return row!;
}

export async function listInvitationRows(db: Db, partnersId: number) {
  return db
    .select({
      invitation: staffInvitations,
      inviterFirst: users.firstName,
      inviterLast: users.lastName,
      inviterEmail: users.email,
    })
    .from(staffInvitations)
    .leftJoin(users, eq(users.id, staffInvitations.invitedBy))
    .where(eq(staffInvitations.partnersId, partnersId))
    .orderBy(desc(staffInvitations.createdAt), desc(staffInvitations.id))
    .limit(500);
}

/** A pending, unexpired invitation of the same address at the partner (one at a time). */
export async function openInvitationFor(tx: Tx, partnersId: number, email: string, now: Date) {
  const [row] = await tx
    .select({ id: staffInvitations.id })
    .from(staffInvitations)
    .where(
      and(
        eq(staffInvitations.partnersId, partnersId),
        eq(staffInvitations.email, email),
        eq(staffInvitations.status, 'pending'),
        sql`${staffInvitations.expiresAt} > ${now.toISOString()}`,
      ),
    );
  return row;
}

export async function partnerNameOf(db: Queryable, partnersId: number): Promise<string | undefined> {
  const [row] = await db.select({ name: partners.name }).from(partners).where(eq(partners.id, partnersId));
  return row?.name;
}

/** The saved language (users.locale) of the person whose address this is, or null (decision 073). */
export async function savedLocaleOfAddress(db: Queryable, email: string): Promise<string | null> {
  const [row] = await db
    .select({ locale: users.locale })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, isNotNull(users.locale)))
    .limit(1);
  return row?.locale ?? null;
}
