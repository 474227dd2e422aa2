import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  partnerUserEntities,
  partnerUserRoles,
  partnerUsers,
  partnerSponsoredTypes,
  sponsoreds,
  userSponsoreds,
  users,
} from '../../db/schema/index.ts';

export type NewUserRow = typeof users.$inferInsert;

export async function insertUser(db: Db | Tx, values: NewUserRow) {
  const [row] = await db
    .insert(users)
    .values(values)
    .onConflictDoNothing({ target: users.authUserId })
    .returning();
  return row ?? null;
}

export async function findPartnerUsersOf(db: Db, usersId: number) {
  const memberships = await db
    .select()
    .from(partnerUsers)
    .where(eq(partnerUsers.usersId, usersId))
    .orderBy(asc(partnerUsers.id));
  const ids = memberships.map((m) => m.id);
  const [roleRows, entityRows] = ids.length
    ? await Promise.all([
        db.select().from(partnerUserRoles).where(inArray(partnerUserRoles.partnerUsersId, ids)),
        db.select().from(partnerUserEntities).where(inArray(partnerUserEntities.partnerUsersId, ids)),
      ])
    : [[], []];
  return memberships.map((m) => ({
    partnersId: m.partnersId,
    partnerUserRoles: roleRows.filter((r) => r.partnerUsersId === m.id).map((r) => ({ rolesId: r.rolesId })),
    partnerUserEntities: entityRows
      .filter((e) => e.partnerUsersId === m.id)
      .map((e) => ({ entitiesId: e.entitiesId })),
  }));
}

/**
 * A person's sponsorships with the record's card fields: at one partner, or at every partner when
 * `partnersId` is null (their data export). Grouped by partner, active first, newest first.
 */
export async function findUserSponsoreds(
  db: Db,
  usersId: number,
  partnersId: number | null,
  onlyActive = false,
) {
  return db
    .select({
      id: userSponsoreds.id,
      sponsoredsId: userSponsoreds.sponsoredsId,
      partnersId: userSponsoreds.partnersId,
      numSlots: userSponsoreds.numSlots,
      amount: userSponsoreds.amount,
      interval: userSponsoreds.interval,
      dateStarted: userSponsoreds.dateStarted,
      dateEnded: userSponsoreds.dateEnded,
      subscriptionsId: userSponsoreds.subscriptionsId,
      firstName: sponsoreds.firstName,
      lastName: sponsoreds.lastName,
      title: sponsoreds.title,
      profileImagePath: sponsoreds.profileImagePath,
      recordMasked: sponsoreds.masked,
      typeMasks: partnerSponsoredTypes.maskProfiles,
      partnerSponsoredTypesId: sponsoreds.partnerSponsoredTypesId,
    })
    .from(userSponsoreds)
    .innerJoin(sponsoreds, eq(sponsoreds.id, userSponsoreds.sponsoredsId))
    .innerJoin(partnerSponsoredTypes, eq(partnerSponsoredTypes.id, sponsoreds.partnerSponsoredTypesId))
    .where(
      and(
        eq(userSponsoreds.usersId, usersId),
        partnersId === null ? undefined : eq(userSponsoreds.partnersId, partnersId),
        onlyActive ? isNull(userSponsoreds.dateEnded) : undefined,
      ),
    )
    .orderBy(
      asc(userSponsoreds.partnersId),
      desc(isNull(userSponsoreds.dateEnded)),
      desc(userSponsoreds.dateStarted),
      desc(userSponsoreds.id),
    );
}

export async function findUserById(db: Db, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}
