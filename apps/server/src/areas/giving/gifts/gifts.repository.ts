import { and, asc, desc, eq, ilike, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { StaffGiftListQuery, StaffLightningListQuery, StaffTrialListQuery } from '@kinship/domain';
import type { Queryable, Tx } from '../../../db/types.ts';
import {
  giftCodes,
  lightningLinks,
  orders,
  partnerSponsoredTypes,
  slotHolds,
  sponsoreds,
  trialCodes,
  users,
  userSponsoreds,
} from '../../../db/schema/index.ts';

export type GiftRow = typeof giftCodes.$inferSelect;
export type TrialRow = typeof trialCodes.$inferSelect;
export type LightningRow = typeof lightningLinks.$inferSelect;

// ------------------------------------------------------------------------------------ records

const recordColumns = {
  id: sponsoreds.id,
  partnersId: sponsoreds.partnersId,
  partnerSponsoredTypesId: sponsoreds.partnerSponsoredTypesId,
  sponsoredTypesId: sponsoreds.sponsoredTypesId,
  entitiesId: sponsoreds.entitiesId,
  firstName: sponsoreds.firstName,
  title: sponsoreds.title,
  masked: sql<boolean>`(${sponsoreds.masked} or ${partnerSponsoredTypes.maskProfiles})`.mapWith(Boolean),
  profileImagePath: sponsoreds.profileImagePath,
  maxSlots: sponsoreds.maxSlots,
  slotsFilled: sponsoreds.slotsFilled,
  status: sponsoreds.status,
  active: sponsoreds.active,
  typeActive: partnerSponsoredTypes.active,
};

/** Slots held now by unexpired, unreleased holds of a record (a correlated subquery). */
const heldNow = sql<number>`coalesce((select sum(${slotHolds.numSlots}) from ${slotHolds}
  where ${slotHolds.sponsoredsId} = ${sponsoreds.id} and ${slotHolds.releasedAt} is null
    and ${slotHolds.expiresAt} > now()), 0)`.mapWith(Number);

export async function findRecord(db: Queryable, partnersId: number, id: number) {
  const [row] = await db
    .select({ ...recordColumns, held: heldNow })
    .from(sponsoreds)
    .innerJoin(partnerSponsoredTypes, eq(partnerSponsoredTypes.id, sponsoreds.partnerSponsoredTypesId))
    .where(and(eq(sponsoreds.partnersId, partnersId), eq(sponsoreds.id, id)));
  return row ?? null;
}

export type RecordRow = NonNullable<Awaited<ReturnType<typeof findRecord>>>;

/**
 * The open record of a type that has waited longest with a free slot (fewest filled, then oldest),
 * counting live holds as taken; `exceptUsersId` leaves out records that person already sponsors.
 */
export async function findNextAvailable(
  db: Queryable,
  partnersId: number,
  partnerSponsoredTypesId: number | null,
  exceptUsersId: number | null = null,
) {
  const [row] = await db
    .select({ ...recordColumns, held: heldNow })
    .from(sponsoreds)
    .innerJoin(partnerSponsoredTypes, eq(partnerSponsoredTypes.id, sponsoreds.partnerSponsoredTypesId))
    .where(
      and(
        eq(sponsoreds.partnersId, partnersId),
        partnerSponsoredTypesId === null
          ? undefined
          : eq(sponsoreds.partnerSponsoredTypesId, partnerSponsoredTypesId),
        eq(partnerSponsoredTypes.active, true),
        eq(sponsoreds.status, 'active'),
        eq(sponsoreds.active, true),
        sql`${sponsoreds.slotsFilled} + ${heldNow} < ${sponsoreds.maxSlots}`,
        exceptUsersId === null
          ? undefined
          : sql`not exists (select 1 from ${userSponsoreds} where ${userSponsoreds.sponsoredsId} = ${sponsoreds.id}
              and ${userSponsoreds.usersId} = ${exceptUsersId} and ${userSponsoreds.dateEnded} is null)`,
      ),
    )
    .orderBy(asc(sponsoreds.slotsFilled), asc(sponsoreds.createdAt), asc(sponsoreds.id))
    .limit(1);
  return row ?? null;
}

export async function findType(db: Queryable, partnersId: number, id: number) {
  const [row] = await db
    .select({
      id: partnerSponsoredTypes.id,
      identifier: partnerSponsoredTypes.identifier,
      label: partnerSponsoredTypes.customLabelSingular,
      active: partnerSponsoredTypes.active,
    })
    .from(partnerSponsoredTypes)
    .where(and(eq(partnerSponsoredTypes.partnersId, partnersId), eq(partnerSponsoredTypes.id, id)));
  return row ?? null;
}

/** A type by its id or its identifier (the listing's address). */
export async function findTypeByKey(db: Queryable, partnersId: number, key: string) {
  const id = /^\d{1,9}$/.test(key) ? Number(key) : null;
  const [row] = await db
    .select({ id: partnerSponsoredTypes.id, identifier: partnerSponsoredTypes.identifier })
    .from(partnerSponsoredTypes)
    .where(
      and(
        eq(partnerSponsoredTypes.partnersId, partnersId),
        id === null ? eq(partnerSponsoredTypes.identifier, key) : eq(partnerSponsoredTypes.id, id),
      ),
    );
  return row ?? null;
}

/** A hold without expiry of the order's clock: a gift's slot, kept until the code expires. */
export async function insertHold(
  tx: Tx,
  values: { partnersId: number; sponsoredsId: number; usersId: number | null; ordersId: number },
  holdSeconds: number,
) {
  const [row] = await tx
    .insert(slotHolds)
    .values({ ...values, numSlots: 1, expiresAt: sql`now() + make_interval(secs => ${holdSeconds})` })
    .returning({ id: slotHolds.id });
  return row!;
}

export async function extendHoldsOfOrder(tx: Tx, ordersId: number, until: Date): Promise<void> {
  await tx
    .update(slotHolds)
    .set({ expiresAt: until })
    .where(and(eq(slotHolds.ordersId, ordersId), isNull(slotHolds.releasedAt)));
}

export async function releaseHoldsOf(tx: Tx, ordersId: number): Promise<void> {
  await tx
    .update(slotHolds)
    .set({ releasedAt: sql`now()` })
    .where(and(eq(slotHolds.ordersId, ordersId), isNull(slotHolds.releasedAt)));
}

/** The sponsorship as it is now: still the gift's or trial's (manual), converted to paid, or ended. */
export async function sponsorshipState(db: Queryable, id: number) {
  const [row] = await db
    .select({ isManual: userSponsoreds.isManual, dateEnded: userSponsoreds.dateEnded })
    .from(userSponsoreds)
    .where(eq(userSponsoreds.id, id));
  return row ?? null;
}

// ------------------------------------------------------------------------------------ gifts

export async function findGiftByCode(db: Queryable, code: string): Promise<GiftRow | null> {
  const [row] = await db.select().from(giftCodes).where(eq(giftCodes.code, code));
  return row ?? null;
}

export async function lockGiftByCode(tx: Tx, code: string): Promise<GiftRow | null> {
  const [row] = await tx.select().from(giftCodes).where(eq(giftCodes.code, code)).for('update');
  return row ?? null;
}

export async function findGiftByManageCode(db: Queryable, partnersId: number, manageCode: string) {
  const [row] = await db
    .select()
    .from(giftCodes)
    .where(and(eq(giftCodes.partnersId, partnersId), eq(giftCodes.manageCode, manageCode)));
  return row ?? null;
}

export async function findGiftById(db: Queryable, id: number): Promise<GiftRow | null> {
  const [row] = await db.select().from(giftCodes).where(eq(giftCodes.id, id));
  return row ?? null;
}

export async function findGiftByOrder(db: Queryable, ordersId: number): Promise<GiftRow | null> {
  const [row] = await db.select().from(giftCodes).where(eq(giftCodes.ordersId, ordersId));
  return row ?? null;
}

export async function insertGift(tx: Tx, values: typeof giftCodes.$inferInsert): Promise<GiftRow> {
  const [row] = await tx.insert(giftCodes).values(values).returning();
  return row!;
}

export async function updateGift(tx: Queryable, id: number, values: Partial<typeof giftCodes.$inferInsert>) {
  await tx.update(giftCodes).set(values).where(eq(giftCodes.id, id));
}

/** Redeemed gifts whose paid period ends within `days` and whose recipient was not yet invited to continue. */
export async function giftsToInvite(db: Queryable, days: number, limit = 200) {
  return db
    .select()
    .from(giftCodes)
    .where(
      and(
        isNull(giftCodes.invitedAt),
        isNull(giftCodes.endedAt),
        lte(giftCodes.paidThrough, sql`now() + make_interval(days => ${days})`),
      ),
    )
    .orderBy(asc(giftCodes.id))
    .limit(limit);
}

export async function giftsPastPaidPeriod(db: Queryable, limit = 200) {
  return db
    .select()
    .from(giftCodes)
    .where(and(isNull(giftCodes.endedAt), lte(giftCodes.paidThrough, sql`now()`)))
    .orderBy(asc(giftCodes.id))
    .limit(limit);
}

// ------------------------------------------------------------------------------------ trials

export async function findTrialByCode(db: Queryable, code: string): Promise<TrialRow | null> {
  const [row] = await db.select().from(trialCodes).where(eq(trialCodes.code, code));
  return row ?? null;
}

export async function lockTrialByCode(tx: Tx, code: string): Promise<TrialRow | null> {
  const [row] = await tx.select().from(trialCodes).where(eq(trialCodes.code, code)).for('update');
  return row ?? null;
}

export async function insertTrials(tx: Tx, values: (typeof trialCodes.$inferInsert)[]) {
  return tx.insert(trialCodes).values(values).returning();
}

export async function updateTrial(
  tx: Queryable,
  id: number,
  values: Partial<typeof trialCodes.$inferInsert>,
) {
  await tx.update(trialCodes).set(values).where(eq(trialCodes.id, id));
}

export async function trialsToRemind(db: Queryable, days: number, limit = 200) {
  return db
    .select()
    .from(trialCodes)
    .where(
      and(
        isNull(trialCodes.remindedAt),
        isNull(trialCodes.endedAt),
        lte(trialCodes.endsAt, sql`now() + make_interval(days => ${days})`),
      ),
    )
    .orderBy(asc(trialCodes.id))
    .limit(limit);
}

export async function trialsPastEnd(db: Queryable, limit = 200) {
  return db
    .select()
    .from(trialCodes)
    .where(and(isNull(trialCodes.endedAt), lte(trialCodes.endsAt, sql`now()`)))
    .orderBy(asc(trialCodes.id))
    .limit(limit);
}

// ------------------------------------------------------------------------------------ lightning

export async function findLinkByCode(db: Queryable, partnersId: number, code: string) {
  const [row] = await db
    .select()
    .from(lightningLinks)
    .where(and(eq(lightningLinks.partnersId, partnersId), eq(lightningLinks.code, code)));
  return row ?? null;
}

export async function insertLink(tx: Tx, values: typeof lightningLinks.$inferInsert) {
  const [row] = await tx.insert(lightningLinks).values(values).returning();
  return row!;
}

// ------------------------------------------------------------------------------------ staff lists

export async function listGifts(db: Queryable, partnersId: number, scope: SQL | undefined) {
  const recipient = users;
  return db
    .select({
      gift: giftCodes,
      recordName: sql<string | null>`coalesce(${sponsoreds.firstName}, ${sponsoreds.title})`,
      redeemedByEmail: recipient.email,
      orderStatus: orders.status,
    })
    .from(giftCodes)
    .leftJoin(sponsoreds, eq(sponsoreds.id, giftCodes.sponsoredsId))
    .leftJoin(recipient, eq(recipient.id, giftCodes.redeemedByUsersId))
    .leftJoin(orders, eq(orders.id, giftCodes.ordersId))
    .where(and(eq(giftCodes.partnersId, partnersId), scope))
    .orderBy(desc(giftCodes.createdAt), desc(giftCodes.id))
    .limit(500);
}

export async function listTrials(db: Queryable, partnersId: number, scope: SQL | undefined) {
  return db
    .select({
      trial: trialCodes,
      typeLabel: partnerSponsoredTypes.customLabelSingular,
      recordName: sql<string | null>`coalesce(${sponsoreds.firstName}, ${sponsoreds.title})`,
      redeemedByEmail: users.email,
      converted: sql<boolean>`coalesce(${userSponsoreds.isManual} = false, false)`,
    })
    .from(trialCodes)
    .leftJoin(partnerSponsoredTypes, eq(partnerSponsoredTypes.id, trialCodes.partnerSponsoredTypesId))
    .leftJoin(sponsoreds, eq(sponsoreds.id, trialCodes.sponsoredsId))
    .leftJoin(users, eq(users.id, trialCodes.redeemedByUsersId))
    .leftJoin(userSponsoreds, eq(userSponsoreds.id, trialCodes.userSponsoredsId))
    .where(and(eq(trialCodes.partnersId, partnersId), scope))
    .orderBy(desc(trialCodes.createdAt), desc(trialCodes.id))
    .limit(1000);
}

export async function listLinks(db: Queryable, partnersId: number) {
  return db
    .select({
      link: lightningLinks,
      typeLabel: partnerSponsoredTypes.customLabelSingular,
      typeIdentifier: partnerSponsoredTypes.identifier,
      recordName: sql<string | null>`coalesce(${sponsoreds.firstName}, ${sponsoreds.title})`,
      sponsorships:
        sql<number>`(select count(*) from ${orders} where ${orders.lightningLinksId} = ${lightningLinks.id}
        and ${orders.status} = 'succeeded')`.mapWith(Number),
    })
    .from(lightningLinks)
    .leftJoin(partnerSponsoredTypes, eq(partnerSponsoredTypes.id, lightningLinks.partnerSponsoredTypesId))
    .leftJoin(sponsoreds, eq(sponsoreds.id, lightningLinks.sponsoredsId))
    .where(eq(lightningLinks.partnersId, partnersId))
    .orderBy(desc(lightningLinks.createdAt), desc(lightningLinks.id))
    .limit(500);
}

export async function userEmailOf(db: Queryable, usersId: number): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, usersId));
  return row?.email ?? null;
}

/** A person's saved language (users.locale), or null. */
export async function savedLocaleOf(
  db: Queryable,
  usersId: number | null | undefined,
): Promise<string | null> {
  if (!usersId) return null;
  const [row] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, usersId));
  return row?.locale ?? null;
}

/** The language an order was placed in (orders.locale), or null. */
export async function orderLocaleOf(
  db: Queryable,
  ordersId: number | null | undefined,
): Promise<string | null> {
  if (!ordersId) return null;
  const [row] = await db.select({ locale: orders.locale }).from(orders).where(eq(orders.id, ordersId));
  return row?.locale ?? null;
}

/** Who redeemed a trial code, or null. */
export async function trialRedeemerOf(db: Queryable, trialsId: number): Promise<number | null> {
  const [row] = await db
    .select({ usersId: trialCodes.redeemedByUsersId })
    .from(trialCodes)
    .where(eq(trialCodes.id, trialsId));
  return row?.usersId ?? null;
}

// ------------------------------------------------------------------------------------ staff pages

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** The typed search as a stored code (no dashes or spaces, upper case), to find codes however written. */
const codePattern = (text: string) => likePattern(text.toUpperCase().replace(/[\s-]/g, ''));
const recordNameSql = sql<string | null>`coalesce(${sponsoreds.firstName}, ${sponsoreds.title})`;
const pageOf = (query: { page: number; pageSize: number }) => ({
  limit: query.pageSize,
  offset: (query.page - 1) * query.pageSize,
});
const direction = (order: 'asc' | 'desc') => (order === 'asc' ? asc : desc);

/** A gift's state as staff read it, in SQL (so the list filters and counts by it). */
const giftStateSql = sql<string>`case
  when ${orders.status} = 'pending' then 'paying'
  when ${orders.status} = 'failed' then 'failed'
  when ${giftCodes.redeemedAt} is not null then
    case when ${giftCodes.endedAt} is not null then 'ended' else 'redeemed' end
  when ${giftCodes.expiresAt} is not null and ${giftCodes.expiresAt} <= now() then 'expired'
  when ${giftCodes.deliveredAt} is not null then 'delivered'
  else 'scheduled' end`;

/** A trial code's state: a used code by its sponsorship, an unused one revoked, expired or waiting. */
const trialStateSql = sql<string>`case
  when ${trialCodes.redeemedAt} is not null then
    case when ${userSponsoreds.isManual} = false then 'converted'
      when ${trialCodes.endedAt} is not null then 'ended' else 'running' end
  when ${trialCodes.revokedAt} is not null then 'revoked'
  when ${trialCodes.expiresAt} is not null and ${trialCodes.expiresAt} <= now() then 'expired'
  else 'unused' end`;

const linkSponsorshipsSql =
  sql<number>`(select count(*) from ${orders} where ${orders.lightningLinksId} = ${lightningLinks.id}
  and ${orders.status} = 'succeeded')`.mapWith(Number);

/**
 * A page of a partner's gifts (GET dashboard/gifts): newest first unless sorted, searched in the
 * giver's, recipient's and redeemer's names and addresses, the record's name and (for those who may
 * read codes, `codeSearch`) the code.
 */
export async function pageGifts(
  db: Queryable,
  partnersId: number,
  scope: SQL | undefined,
  query: StaffGiftListQuery,
  codeSearch: boolean,
) {
  const recipient = users;
  const pattern = query.q ? likePattern(query.q) : null;
  const where = and(
    eq(giftCodes.partnersId, partnersId),
    scope,
    query.state ? sql`${giftStateSql} = ${query.state}` : undefined,
    pattern
      ? or(
          ilike(giftCodes.giverName, pattern),
          ilike(giftCodes.giverEmail, pattern),
          ilike(giftCodes.recipientName, pattern),
          ilike(giftCodes.recipientEmail, pattern),
          ilike(recipient.email, pattern),
          sql`${recordNameSql} ilike ${pattern}`,
          codeSearch ? ilike(giftCodes.code, codePattern(query.q!)) : undefined,
        )
      : undefined,
  );
  const sortColumn =
    query.sort === 'amount'
      ? giftCodes.amount
      : query.sort === 'deliverOn'
        ? giftCodes.deliverOn
        : giftCodes.createdAt;
  const by = direction(query.order);
  const base = () =>
    db
      .select({
        gift: giftCodes,
        recordName: recordNameSql,
        redeemedByEmail: recipient.email,
        orderStatus: orders.status,
        state: giftStateSql,
      })
      .from(giftCodes)
      .leftJoin(sponsoreds, eq(sponsoreds.id, giftCodes.sponsoredsId))
      .leftJoin(recipient, eq(recipient.id, giftCodes.redeemedByUsersId))
      .leftJoin(orders, eq(orders.id, giftCodes.ordersId));
  const { limit, offset } = pageOf(query);
  const [rows, [count]] = await Promise.all([
    base().where(where).orderBy(by(sortColumn), by(giftCodes.id)).limit(limit).offset(offset),
    db
      .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(giftCodes)
      .leftJoin(sponsoreds, eq(sponsoreds.id, giftCodes.sponsoredsId))
      .leftJoin(recipient, eq(recipient.id, giftCodes.redeemedByUsersId))
      .leftJoin(orders, eq(orders.id, giftCodes.ordersId))
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** One gift of the partner as staff open it, with its record, type, redeemer and order. */
export async function findStaffGift(db: Queryable, partnersId: number, id: number, scope: SQL | undefined) {
  const [row] = await db
    .select({
      gift: giftCodes,
      recordName: recordNameSql,
      typeLabel: partnerSponsoredTypes.customLabelSingular,
      redeemedByEmail: users.email,
      orderStatus: orders.status,
      receiptCode: orders.receiptCode,
      state: giftStateSql,
    })
    .from(giftCodes)
    .leftJoin(sponsoreds, eq(sponsoreds.id, giftCodes.sponsoredsId))
    .leftJoin(
      partnerSponsoredTypes,
      eq(
        partnerSponsoredTypes.id,
        sql`coalesce(${sponsoreds.partnerSponsoredTypesId}, ${giftCodes.partnerSponsoredTypesId})`,
      ),
    )
    .leftJoin(users, eq(users.id, giftCodes.redeemedByUsersId))
    .leftJoin(orders, eq(orders.id, giftCodes.ordersId))
    .where(and(eq(giftCodes.partnersId, partnersId), eq(giftCodes.id, id), scope));
  return row ?? null;
}

/** A page of a partner's trial codes (GET dashboard/trials), searched in batch, redeemer, record, reason and code. */
export async function pageTrials(
  db: Queryable,
  partnersId: number,
  scope: SQL | undefined,
  query: StaffTrialListQuery,
  codeSearch: boolean,
  onlyId?: number,
) {
  const pattern = query.q ? likePattern(query.q) : null;
  const where = and(
    eq(trialCodes.partnersId, partnersId),
    scope,
    onlyId === undefined ? undefined : eq(trialCodes.id, onlyId),
    query.state ? sql`${trialStateSql} = ${query.state}` : undefined,
    pattern
      ? or(
          ilike(trialCodes.batch, pattern),
          ilike(users.email, pattern),
          ilike(trialCodes.closedReason, pattern),
          sql`${recordNameSql} ilike ${pattern}`,
          codeSearch ? ilike(trialCodes.code, codePattern(query.q!)) : undefined,
        )
      : undefined,
  );
  const sortColumn =
    query.sort === 'expiresAt'
      ? trialCodes.expiresAt
      : query.sort === 'days'
        ? trialCodes.days
        : trialCodes.createdAt;
  const by = direction(query.order);
  const { limit, offset } = pageOf(query);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        trial: trialCodes,
        typeLabel: partnerSponsoredTypes.customLabelSingular,
        recordName: recordNameSql,
        redeemedByEmail: users.email,
        state: trialStateSql,
      })
      .from(trialCodes)
      .leftJoin(partnerSponsoredTypes, eq(partnerSponsoredTypes.id, trialCodes.partnerSponsoredTypesId))
      .leftJoin(sponsoreds, eq(sponsoreds.id, trialCodes.sponsoredsId))
      .leftJoin(users, eq(users.id, trialCodes.redeemedByUsersId))
      .leftJoin(userSponsoreds, eq(userSponsoreds.id, trialCodes.userSponsoredsId))
      .where(where)
      .orderBy(by(sortColumn), by(trialCodes.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(trialCodes)
      .leftJoin(sponsoreds, eq(sponsoreds.id, trialCodes.sponsoredsId))
      .leftJoin(users, eq(users.id, trialCodes.redeemedByUsersId))
      .leftJoin(userSponsoreds, eq(userSponsoreds.id, trialCodes.userSponsoredsId))
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** A page of a partner's lightning links (GET dashboard/lightning), searched in campaign, type and code. */
export async function pageLinks(
  db: Queryable,
  partnersId: number,
  query: StaffLightningListQuery,
  codeSearch: boolean,
  onlyId?: number,
) {
  const pattern = query.q ? likePattern(query.q) : null;
  const where = and(
    eq(lightningLinks.partnersId, partnersId),
    onlyId === undefined ? undefined : eq(lightningLinks.id, onlyId),
    query.state === 'revoked'
      ? sql`${lightningLinks.revokedAt} is not null`
      : query.state === 'active'
        ? isNull(lightningLinks.revokedAt)
        : undefined,
    pattern
      ? or(
          ilike(lightningLinks.campaign, pattern),
          ilike(partnerSponsoredTypes.customLabelSingular, pattern),
          ilike(lightningLinks.closedReason, pattern),
          codeSearch ? ilike(lightningLinks.code, codePattern(query.q!)) : undefined,
        )
      : undefined,
  );
  const by = direction(query.order);
  const order =
    query.sort === 'campaign'
      ? by(lightningLinks.campaign)
      : query.sort === 'sponsorships'
        ? query.order === 'asc'
          ? sql`${linkSponsorshipsSql} asc`
          : sql`${linkSponsorshipsSql} desc`
        : by(lightningLinks.createdAt);
  const { limit, offset } = pageOf(query);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        link: lightningLinks,
        typeLabel: partnerSponsoredTypes.customLabelSingular,
        typeIdentifier: partnerSponsoredTypes.identifier,
        recordName: recordNameSql,
        sponsorships: linkSponsorshipsSql,
      })
      .from(lightningLinks)
      .leftJoin(partnerSponsoredTypes, eq(partnerSponsoredTypes.id, lightningLinks.partnerSponsoredTypesId))
      .leftJoin(sponsoreds, eq(sponsoreds.id, lightningLinks.sponsoredsId))
      .where(where)
      .orderBy(order, by(lightningLinks.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(lightningLinks)
      .leftJoin(partnerSponsoredTypes, eq(partnerSponsoredTypes.id, lightningLinks.partnerSponsoredTypesId))
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export async function lockTrialById(tx: Tx, partnersId: number, id: number): Promise<TrialRow | null> {
  const [row] = await tx
    .select()
    .from(trialCodes)
    .where(and(eq(trialCodes.partnersId, partnersId), eq(trialCodes.id, id)))
    .for('update');
  return row ?? null;
}

export async function lockLinkById(tx: Tx, partnersId: number, id: number): Promise<LightningRow | null> {
  const [row] = await tx
    .select()
    .from(lightningLinks)
    .where(and(eq(lightningLinks.partnersId, partnersId), eq(lightningLinks.id, id)))
    .for('update');
  return row ?? null;
}

export async function updateLink(
  tx: Queryable,
  id: number,
  values: Partial<typeof lightningLinks.$inferInsert>,
) {
  await tx.update(lightningLinks).set(values).where(eq(lightningLinks.id, id));
}
