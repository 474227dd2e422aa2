import type { SponsorListQuery } from '@kinship/domain';
import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Queryable, Tx } from '../../../db/types.ts';
import {
  donations,
  entities,
  orders,
  partnerSponsoredTypes,
  paymentMethods,
  payments,
  sponsoreds,
  subscriptions,
  userSponsoreds,
  users,
} from '../../../db/schema/index.ts';

// Queries of the Sponsors section (decision 039). `inScope` is the program condition on
// `sponsoreds.entities_id` (undefined for partner-wide access): a program-scoped person's people,
// sponsorships and payments are those of records in their programs.

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The sponsorships of the person at the partner, in scope, as a SQL condition on `us`/`s`. */
function sponsorshipsOf(partnersId: number, inScope: SQL | undefined, extra?: SQL) {
  return sql`FROM ${userSponsoreds} us JOIN ${sponsoreds} ON sponsoreds.id = us.sponsoreds_id
    WHERE us.users_id = ${users.id} AND us.partners_id = ${partnersId}
    ${inScope ? sql`AND ${inScope}` : sql``} ${extra ? sql`AND ${extra}` : sql``}`;
}

/**
 * A payment's person: its subscription's, its donation's or its order's. For a program-scoped
 * viewer only payments of subscriptions that pay for a sponsorship in their programs count.
 */
function paymentsOf(partnersId: number, inScope: SQL | undefined, person: SQL) {
  // The person's own subscriptions, donations and orders first (small), then their payments: a
  // join over all of the partner's payments per person made a scoped list take seconds.
  return sql`FROM ${payments} p LEFT JOIN ${donations} d ON d.id = p.donations_id
    WHERE p.partners_id = ${partnersId}
      AND (p.subscriptions_id IN (SELECT sb2.id FROM ${subscriptions} sb2 WHERE sb2.users_id = ${person} AND sb2.partners_id = ${partnersId})
        OR p.donations_id IN (SELECT d2.id FROM ${donations} d2 WHERE d2.users_id = ${person} AND d2.partners_id = ${partnersId})
        OR p.orders_id IN (SELECT o2.id FROM ${orders} o2 WHERE o2.users_id = ${person} AND o2.partners_id = ${partnersId}))
    ${
      inScope
        ? sql`AND p.subscriptions_id IN (SELECT us.subscriptions_id FROM ${userSponsoreds} us
            JOIN ${sponsoreds} ON sponsoreds.id = us.sponsoreds_id
            WHERE us.users_id = ${person} AND us.partners_id = ${partnersId} AND ${inScope})`
        : sql``
    }`;
}

/** A column of the person's saved method at the partner: the default one, else the newest. */
const methodColumn = (partnersId: number, column: 'brand' | 'last4' | 'exp_month' | 'exp_year') =>
  sql`(SELECT pm.${sql.raw(column)} FROM ${paymentMethods} pm WHERE pm.users_id = ${users.id}
    AND pm.partners_id = ${partnersId} ORDER BY pm.is_default DESC, pm.created_at DESC, pm.id DESC LIMIT 1)`;

const SORTS: Record<SponsorListQuery['sort'], SQL> = {
  name: sql`lower(coalesce(${users.lastName}, '')), lower(coalesce(${users.firstName}, ''))`,
  email: sql`lower(${users.email})`,
  activeSponsorships: sql`"activeSponsorships"`,
  totalPaid: sql`"totalPaid"`,
  lastPaymentAt: sql`"lastPaymentAt"`,
};

/** One page of the partner's sponsors and donors with their figures, and the count: one statement. */
export async function listSponsors(
  db: Queryable,
  partnersId: number,
  inScope: SQL | undefined,
  query: SponsorListQuery,
) {
  const people = inScope
    ? sql`SELECT us.users_id FROM ${userSponsoreds} us JOIN ${sponsoreds} ON sponsoreds.id = us.sponsoreds_id
          WHERE us.partners_id = ${partnersId} AND ${inScope}`
    : sql`SELECT us.users_id FROM ${userSponsoreds} us WHERE us.partners_id = ${partnersId}
          UNION SELECT d.users_id FROM ${donations} d WHERE d.partners_id = ${partnersId} AND d.users_id IS NOT NULL
          UNION SELECT sb.users_id FROM ${subscriptions} sb WHERE sb.partners_id = ${partnersId}`;
  const active = sql`(SELECT count(*)::int ${sponsorshipsOf(partnersId, inScope, sql`us.date_ended IS NULL`)})`;
  const ended = sql`(SELECT count(*)::int ${sponsorshipsOf(partnersId, inScope, sql`us.date_ended IS NOT NULL`)})`;
  const manual = sql`(SELECT count(*)::int ${sponsorshipsOf(partnersId, inScope, sql`us.date_ended IS NULL AND us.is_manual`)})`;
  const conditions: (SQL | undefined)[] = [sql`${users.id} IN (${people})`, isNull(users.erasedAt)];
  if (query.q) {
    const pattern = likePattern(query.q);
    conditions.push(
      sql`(${users.email} ILIKE ${pattern} OR ${users.phone} ILIKE ${pattern}
        OR (coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')) ILIKE ${pattern}
        OR ${users.lastName} ILIKE ${pattern})`,
    );
  }
  if (query.kind === 'active') conditions.push(sql`${active} > 0`);
  if (query.kind === 'ended') conditions.push(sql`${active} = 0 AND ${ended} > 0`);
  if (query.kind === 'manual') conditions.push(sql`${manual} > 0`);
  if (query.kind === 'donor') conditions.push(sql`${active} = 0 AND ${ended} = 0`);
  const succeeded = sql`AND p.status = 'succeeded'`;
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      city: users.city,
      tempAccount: users.tempAccount,
      activeSponsorships: active.mapWith(Number).as('activeSponsorships'),
      endedSponsorships: ended.mapWith(Number),
      manualSponsorships: manual.mapWith(Number),
      sponsoring: sql<unknown>`(SELECT coalesce(json_agg(json_build_object('firstName', sponsoreds.first_name,
        'lastName', sponsoreds.last_name, 'title', sponsoreds.title, 'sponsoredTypesId', sponsoreds.sponsored_types_id, 'id', sponsoreds.id) ORDER BY us.id), '[]'::json)
        ${sponsorshipsOf(partnersId, inScope, sql`us.date_ended IS NULL`)})`,
      totalPaid:
        sql`(SELECT coalesce(sum(p.amount - p.refunded_amount), 0)::int ${paymentsOf(partnersId, inScope, sql`${users.id}`)} ${succeeded})`
          .mapWith(Number)
          .as('totalPaid'),
      payments:
        sql`(SELECT count(*)::int ${paymentsOf(partnersId, inScope, sql`${users.id}`)} ${succeeded})`.mapWith(
          Number,
        ),
      lastPaymentAt: sql<
        string | null
      >`(SELECT max(p.created_at) ${paymentsOf(partnersId, inScope, sql`${users.id}`)} ${succeeded})`.as(
        'lastPaymentAt',
      ),
      methodBrand: sql<string | null>`${methodColumn(partnersId, 'brand')}`,
      methodLast4: sql<string | null>`${methodColumn(partnersId, 'last4')}`,
      methodExpMonth: sql<number | null>`${methodColumn(partnersId, 'exp_month')}`,
      methodExpYear: sql<number | null>`${methodColumn(partnersId, 'exp_year')}`,
      total: sql`count(*) OVER ()`.mapWith(Number),
    })
    .from(users)
    .where(and(...conditions))
    .orderBy(
      query.order === 'desc'
        ? sql`${SORTS[query.sort]} DESC NULLS LAST`
        : sql`${SORTS[query.sort]} ASC NULLS LAST`,
      query.order === 'desc' ? desc(users.id) : asc(users.id),
    )
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return { rows, total: rows[0]?.total ?? 0 };
}

/** Whether the person sponsors or gives at the partner (in scope). */
export async function isPersonOfPartner(
  db: Queryable,
  partnersId: number,
  inScope: SQL | undefined,
  usersId: number,
): Promise<boolean> {
  const [row] = await db
    .select({
      known: inScope
        ? sql<boolean>`EXISTS (SELECT 1 ${sponsorshipsOf(partnersId, inScope)})`
        : sql<boolean>`(EXISTS (SELECT 1 ${sponsorshipsOf(partnersId, undefined)})
          OR EXISTS (SELECT 1 FROM ${donations} d WHERE d.users_id = ${users.id} AND d.partners_id = ${partnersId})
          OR EXISTS (SELECT 1 FROM ${subscriptions} sb WHERE sb.users_id = ${users.id} AND sb.partners_id = ${partnersId}))`,
    })
    .from(users)
    .where(and(eq(users.id, usersId), isNull(users.erasedAt)));
  return row?.known === true;
}

export async function findUser(db: Queryable, usersId: number) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, usersId), isNull(users.erasedAt)));
  return row ?? null;
}

/** The most fitting person for an email: one with an account first, then the oldest. */
export async function findUserByEmail(db: Queryable, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, isNull(users.erasedAt)))
    .orderBy(sql`${users.authUserId} IS NULL`, asc(users.id))
    .limit(1);
  return row ?? null;
}

const sponsorshipColumns = {
  id: userSponsoreds.id,
  partnersId: userSponsoreds.partnersId,
  usersId: userSponsoreds.usersId,
  sponsoredsId: userSponsoreds.sponsoredsId,
  numSlots: userSponsoreds.numSlots,
  amount: userSponsoreds.amount,
  interval: userSponsoreds.interval,
  isManual: userSponsoreds.isManual,
  linkCode: userSponsoreds.linkCode,
  linkedAt: userSponsoreds.linkedAt,
  subscriptionsId: userSponsoreds.subscriptionsId,
  subscriptionStatus: subscriptions.status,
  dateStarted: userSponsoreds.dateStarted,
  dateEnded: userSponsoreds.dateEnded,
  endReason: userSponsoreds.endReason,
  code: sponsoreds.code,
  firstName: sponsoreds.firstName,
  lastName: sponsoreds.lastName,
  title: sponsoreds.title,
  sponsoredTypesId: sponsoreds.sponsoredTypesId,
  partnerSponsoredTypesId: sponsoreds.partnerSponsoredTypesId,
  entitiesId: sponsoreds.entitiesId,
  typeLabel: partnerSponsoredTypes.customLabelSingular,
  program: entities.name,
};

function sponsorshipSelect(db: Queryable) {
  return db
    .select(sponsorshipColumns)
    .from(userSponsoreds)
    .innerJoin(sponsoreds, eq(sponsoreds.id, userSponsoreds.sponsoredsId))
    .innerJoin(entities, eq(entities.id, sponsoreds.entitiesId))
    .innerJoin(partnerSponsoredTypes, eq(partnerSponsoredTypes.id, sponsoreds.partnerSponsoredTypesId))
    .leftJoin(subscriptions, eq(subscriptions.id, userSponsoreds.subscriptionsId));
}

export type SponsorshipRow = Awaited<ReturnType<typeof findSponsorship>> & {};

export async function findSponsorshipsOf(
  db: Queryable,
  partnersId: number,
  inScope: SQL | undefined,
  usersId: number,
) {
  return sponsorshipSelect(db)
    .where(and(eq(userSponsoreds.partnersId, partnersId), eq(userSponsoreds.usersId, usersId), inScope))
    .orderBy(
      sql`${userSponsoreds.dateEnded} IS NOT NULL`,
      desc(userSponsoreds.dateStarted),
      desc(userSponsoreds.id),
    );
}

export async function findSponsorship(db: Queryable, partnersId: number, id: number) {
  const [row] = await sponsorshipSelect(db).where(
    and(eq(userSponsoreds.partnersId, partnersId), eq(userSponsoreds.id, id)),
  );
  return row ?? null;
}

/** A sponsorship's link code (null once used). */
export async function linkCodeOf(db: Queryable, id: number): Promise<string | null> {
  const [row] = await db
    .select({ linkCode: userSponsoreds.linkCode })
    .from(userSponsoreds)
    .where(eq(userSponsoreds.id, id));
  return row?.linkCode ?? null;
}

/** The sponsorship row under its lock (taken after the records' locks, decision 005's order). */
export async function lockSponsorship(tx: Tx, id: number) {
  const [row] = await tx.select().from(userSponsoreds).where(eq(userSponsoreds.id, id)).for('update');
  return row ?? null;
}

/** The sponsorship of a link code, without a lock: whether the code is one of this site at all. */
export async function sponsorshipPartnerOfCode(db: Queryable, code: string): Promise<number | null> {
  const [row] = await db
    .select({ partnersId: userSponsoreds.partnersId })
    .from(userSponsoreds)
    .where(eq(userSponsoreds.linkCode, code));
  return row?.partnersId ?? null;
}

export async function findSponsorshipByCode(tx: Tx, code: string) {
  const [row] = await tx.select().from(userSponsoreds).where(eq(userSponsoreds.linkCode, code)).for('update');
  return row ?? null;
}

/** The records' slots and what a sponsorship of them needs, locked in id order (decision 005). */
export async function lockRecords(tx: Tx, partnersId: number, ids: number[]) {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  return tx
    .select({
      id: sponsoreds.id,
      entitiesId: sponsoreds.entitiesId,
      partnerSponsoredTypesId: sponsoreds.partnerSponsoredTypesId,
      sponsoredTypesId: sponsoreds.sponsoredTypesId,
      firstName: sponsoreds.firstName,
      lastName: sponsoreds.lastName,
      title: sponsoreds.title,
      code: sponsoreds.code,
      maxSlots: sponsoreds.maxSlots,
      slotsFilled: sponsoreds.slotsFilled,
      status: sponsoreds.status,
      active: sponsoreds.active,
      ownMonthlyAmount: sponsoreds.monthlyAmount,
    })
    .from(sponsoreds)
    .where(and(eq(sponsoreds.partnersId, partnersId), sql`${sponsoreds.id} IN ${sorted}`))
    .orderBy(asc(sponsoreds.id))
    .for('update');
}

export async function activeSponsorshipOf(tx: Tx, partnersId: number, usersId: number, sponsoredsId: number) {
  const [row] = await tx
    .select({ id: userSponsoreds.id })
    .from(userSponsoreds)
    .where(
      and(
        eq(userSponsoreds.partnersId, partnersId),
        eq(userSponsoreds.usersId, usersId),
        eq(userSponsoreds.sponsoredsId, sponsoredsId),
        isNull(userSponsoreds.dateEnded),
      ),
    );
  return row ?? null;
}

export async function insertSponsorship(tx: Tx, values: typeof userSponsoreds.$inferInsert) {
  const [row] = await tx.insert(userSponsoreds).values(values).returning();
  return row!;
}

export async function updateSponsorship(
  tx: Tx,
  id: number,
  values: Partial<typeof userSponsoreds.$inferInsert>,
): Promise<void> {
  await tx.update(userSponsoreds).set(values).where(eq(userSponsoreds.id, id));
}

export async function findPaymentMethods(db: Queryable, partnersId: number, usersId: number) {
  return db
    .select({
      id: paymentMethods.id,
      type: paymentMethods.type,
      brand: paymentMethods.brand,
      last4: paymentMethods.last4,
      expMonth: paymentMethods.expMonth,
      expYear: paymentMethods.expYear,
      isDefault: paymentMethods.isDefault,
    })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.partnersId, partnersId), eq(paymentMethods.usersId, usersId)))
    .orderBy(desc(paymentMethods.isDefault), desc(paymentMethods.createdAt));
}

/** The person's payments at the partner (in scope), newest first, at most `limit`. */
export async function findPaymentsOf(
  db: Queryable,
  partnersId: number,
  inScope: SQL | undefined,
  usersId: number,
  limit: number,
) {
  const result = await db.execute(
    sql`SELECT p.id, p.amount, p.refunded_amount AS "refundedAmount", p.status, p.created_at AS "createdAt",
        p.subscriptions_id AS "subscriptionsId", p.donations_id AS "donationsId", d.initiative
      ${paymentsOf(partnersId, inScope, sql`${usersId}`)}
      ORDER BY p.created_at DESC, p.id DESC LIMIT ${limit}`,
  );
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return rows.map((r) => ({
    id: Number(r.id),
    amount: Number(r.amount),
    refundedAmount: Number(r.refundedAmount),
    status: String(r.status),
    createdAt: r.createdAt instanceof Date ? r.createdAt : new Date(String(r.createdAt)),
    subscriptionsId: r.subscriptionsId == null ? null : Number(r.subscriptionsId),
    donationsId: r.donationsId == null ? null : Number(r.donationsId),
    initiative: r.initiative == null ? null : String(r.initiative),
  }));
}
