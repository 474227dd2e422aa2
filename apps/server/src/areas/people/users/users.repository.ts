import { and, asc, desc, eq, exists, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import {
  donations,
  orders,
  partnerUserEntities,
  partnerUserRoles,
  partnerUsers,
  partnerSponsoredTypes,
  sponsoreds,
  trialCodes,
  userSponsoreds,
  users,
} from '../../../db/schema/index.ts';
import { scopeCondition, type AccessScope } from '../../../platform/access.ts';

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
  /** A staff viewer's program scope: only sponsorships of records in their programs. */
  scope?: AccessScope,
) {
  return (
    db
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
        isManual: userSponsoreds.isManual,
        firstName: sponsoreds.firstName,
        lastName: sponsoreds.lastName,
        title: sponsoreds.title,
        profileImagePath: sponsoreds.profileImagePath,
        recordMasked: sponsoreds.masked,
        typeMasks: partnerSponsoredTypes.maskProfiles,
        recordShowLastName: sponsoreds.showLastName,
        recordShowBirthday: sponsoreds.showBirthday,
        recordShowAge: sponsoreds.showAge,
        typeShowLastName: partnerSponsoredTypes.showLastName,
        typeShowBirthday: partnerSponsoredTypes.showBirthday,
        typeShowAge: partnerSponsoredTypes.showAge,
        recordPartnersId: sponsoreds.partnersId,
        entitiesId: sponsoreds.entitiesId,
        partnerSponsoredTypesId: sponsoreds.partnerSponsoredTypesId,
        sponsoredTypesId: sponsoreds.sponsoredTypesId,
        trialEndsAt: trialCodes.endsAt,
        trialRemindedAt: trialCodes.remindedAt,
      })
      .from(userSponsoreds)
      .innerJoin(sponsoreds, eq(sponsoreds.id, userSponsoreds.sponsoredsId))
      .innerJoin(partnerSponsoredTypes, eq(partnerSponsoredTypes.id, sponsoreds.partnerSponsoredTypesId))
      // The trial code a sponsorship was started by (at most one: a code starts one sponsorship).
      .leftJoin(trialCodes, eq(trialCodes.userSponsoredsId, userSponsoreds.id))
      .where(
        and(
          eq(userSponsoreds.usersId, usersId),
          partnersId === null ? undefined : eq(userSponsoreds.partnersId, partnersId),
          onlyActive ? isNull(userSponsoreds.dateEnded) : undefined,
          scope ? scopeCondition(scope, sponsoreds.entitiesId) : undefined,
        ),
      )
      .orderBy(
        asc(userSponsoreds.partnersId),
        desc(isNull(userSponsoreds.dateEnded)),
        desc(userSponsoreds.dateStarted),
        desc(userSponsoreds.id),
      )
  );
}

/**
 * Whether a person is known to a partner: they sponsor or sponsored there, hold a role there, or
 * gave there. Anyone else (a person of another partner, an id that does not exist) is the same
 * "not found" to that partner's staff, so no answer tells the two apart.
 */
export async function isPersonKnownToPartner(db: Db, usersId: number, partnersId: number): Promise<boolean> {
  const known = (table: typeof userSponsoreds | typeof partnerUsers | typeof orders | typeof donations) =>
    db
      .select({ one: sql`1` })
      .from(table)
      .where(and(eq(table.usersId, usersId), eq(table.partnersId, partnersId)));
  const rows = await db
    .select({ one: sql`1` })
    .from(users)
    .where(
      and(
        eq(users.id, usersId),
        or(
          exists(known(userSponsoreds)),
          exists(known(partnerUsers)),
          exists(known(orders)),
          exists(known(donations)),
        ),
      ),
    );
  return rows.length > 0;
}
