import { and, asc, count, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import {
  filterTypes,
  partners,
  partnerSponsoredTypes,
  paymentIntervals,
  sponsoredTypePlanIntervals,
  sponsoredTypePlans,
  sponsoreds,
  userSponsoreds,
  users,
} from '../../../db/schema/index.ts';

export type TypeRow = typeof partnerSponsoredTypes.$inferSelect;
export type TypeValues = Omit<typeof partnerSponsoredTypes.$inferInsert, 'id' | 'partnersId'>;

export async function findTypes(db: Db, partnersId: number): Promise<TypeRow[]> {
  return db
    .select()
    .from(partnerSponsoredTypes)
    .where(eq(partnerSponsoredTypes.partnersId, partnersId))
    .orderBy(asc(partnerSponsoredTypes.sortOrder), asc(partnerSponsoredTypes.id));
}

export async function findType(db: Db | Tx, partnersId: number, id: number): Promise<TypeRow | null> {
  const [row] = await db
    .select()
    .from(partnerSponsoredTypes)
    .where(and(eq(partnerSponsoredTypes.partnersId, partnersId), eq(partnerSponsoredTypes.id, id)));
  return row ?? null;
}

export async function findTypeByIdentifier(db: Db, partnersId: number, identifier: string) {
  const [row] = await db
    .select({ id: partnerSponsoredTypes.id })
    .from(partnerSponsoredTypes)
    .where(
      and(eq(partnerSponsoredTypes.partnersId, partnersId), eq(partnerSponsoredTypes.identifier, identifier)),
    );
  return row ?? null;
}

/** The current plans of the types, each with its interval ids. */
export async function findCurrentPlans(db: Db | Tx, typeIds: number[]) {
  if (typeIds.length === 0) return [];
  const plans = await db
    .select()
    .from(sponsoredTypePlans)
    .where(
      and(inArray(sponsoredTypePlans.partnerSponsoredTypesId, typeIds), eq(sponsoredTypePlans.current, true)),
    )
    .orderBy(asc(sponsoredTypePlans.id));
  const intervals = plans.length
    ? await db
        .select()
        .from(sponsoredTypePlanIntervals)
        .where(
          inArray(
            sponsoredTypePlanIntervals.sponsoredTypePlansId,
            plans.map((p) => p.id),
          ),
        )
        .orderBy(asc(sponsoredTypePlanIntervals.paymentIntervalsId))
    : [];
  return plans.map((p) => ({
    ...p,
    paymentIntervalsIds: intervals
      .filter((i) => i.sponsoredTypePlansId === p.id)
      .map((i) => i.paymentIntervalsId),
  }));
}

export async function findFilterTypes(db: Db, sponsoredTypeIds: number[]) {
  if (sponsoredTypeIds.length === 0) return [];
  return db
    .select({ id: filterTypes.id, label: filterTypes.label, sponsoredTypesId: filterTypes.sponsoredTypesId })
    .from(filterTypes)
    .where(inArray(filterTypes.sponsoredTypesId, sponsoredTypeIds))
    .orderBy(asc(filterTypes.sortOrder), asc(filterTypes.id));
}

/** Payment intervals a plan may offer: never one with a zero multiplier. */
export async function findOfferableIntervals(db: Db) {
  return db
    .select()
    .from(paymentIntervals)
    .where(gt(paymentIntervals.multiplier, 0))
    .orderBy(asc(paymentIntervals.id));
}

/** Records per type, and active sponsorships of records priced by the type's plan (no amount of their own). */
export async function countByType(db: Db | Tx, partnersId: number, typeIds: number[]) {
  if (typeIds.length === 0)
    return { records: new Map<number, number>(), planPriced: new Map<number, number>() };
  const [recordRows, lineRows] = await Promise.all([
    db
      .select({ typeId: sponsoreds.partnerSponsoredTypesId, n: count() })
      .from(sponsoreds)
      .where(and(eq(sponsoreds.partnersId, partnersId), inArray(sponsoreds.partnerSponsoredTypesId, typeIds)))
      .groupBy(sponsoreds.partnerSponsoredTypesId),
    db
      .select({ typeId: sponsoreds.partnerSponsoredTypesId, n: count() })
      .from(userSponsoreds)
      .innerJoin(sponsoreds, eq(sponsoreds.id, userSponsoreds.sponsoredsId))
      .where(
        and(
          eq(userSponsoreds.partnersId, partnersId),
          isNull(userSponsoreds.dateEnded),
          isNull(sponsoreds.monthlyAmount),
          inArray(sponsoreds.partnerSponsoredTypesId, typeIds),
        ),
      )
      .groupBy(sponsoreds.partnerSponsoredTypesId),
  ]);
  return {
    records: new Map(recordRows.map((r) => [r.typeId, Number(r.n)])),
    planPriced: new Map(lineRows.map((r) => [r.typeId, Number(r.n)])),
  };
}

export async function insertType(tx: Tx, partnersId: number, values: TypeValues): Promise<TypeRow> {
  const [{ next }] = (await tx
    .select({ next: sql<number>`coalesce(max(${partnerSponsoredTypes.sortOrder}), 0) + 1` })
    .from(partnerSponsoredTypes)
    .where(eq(partnerSponsoredTypes.partnersId, partnersId))) as [{ next: number }];
  const [row] = await tx
    .insert(partnerSponsoredTypes)
    .values({ ...values, partnersId, sortOrder: Number(next) })
    .returning();
  return row!;
}

export async function updateType(tx: Tx, id: number, values: Partial<TypeValues>): Promise<TypeRow> {
  const [row] = await tx
    .update(partnerSponsoredTypes)
    .set(values)
    .where(eq(partnerSponsoredTypes.id, id))
    .returning();
  return row!;
}

/**
 * Makes a new plan the current one; the former plans stay for the sponsorships started on them.
 * The new plan is written before the former ones stop being current: the type's records follow
 * its current plan in their kept sort key (migration records-sort-keys), so they are rewritten
 * once, to the new amount, not once to no plan and again to the new one.
 */
export async function replaceCurrentPlan(
  tx: Tx,
  typeId: number,
  plan: { monthlyAmount: number; paymentIntervalsIds: number[] },
) {
  const [row] = await tx
    .insert(sponsoredTypePlans)
    .values({ partnerSponsoredTypesId: typeId, monthlyAmount: plan.monthlyAmount, current: true })
    .returning();
  await tx
    .update(sponsoredTypePlans)
    .set({ current: false })
    .where(
      and(
        eq(sponsoredTypePlans.partnerSponsoredTypesId, typeId),
        eq(sponsoredTypePlans.current, true),
        ne(sponsoredTypePlans.id, row!.id),
      ),
    );
  await tx.insert(sponsoredTypePlanIntervals).values(
    plan.paymentIntervalsIds.map((paymentIntervalsId) => ({
      sponsoredTypePlansId: row!.id,
      paymentIntervalsId,
    })),
  );
  return row!;
}

/**
 * The people whose active sponsorships of the type are priced by its plan (no amount of the
 * record's own): those a plan change offers the new price to. One page of them, in person order
 * after `afterUsersId`: what a batch of the plan-change notices job writes to (decision 058).
 */
export function planPricedSponsorsPage(
  db: Db | Tx,
  partnersId: number,
  typeId: number,
  afterUsersId: number,
  limit: number,
) {
  return db
    .selectDistinct({
      usersId: users.id,
      email: users.email,
      firstName: users.firstName,
      locale: users.locale,
    })
    .from(userSponsoreds)
    .innerJoin(sponsoreds, eq(sponsoreds.id, userSponsoreds.sponsoredsId))
    .innerJoin(users, eq(users.id, userSponsoreds.usersId))
    .where(
      and(
        eq(userSponsoreds.partnersId, partnersId),
        isNull(userSponsoreds.dateEnded),
        isNull(sponsoreds.monthlyAmount),
        eq(sponsoreds.partnerSponsoredTypesId, typeId),
        gt(users.id, afterUsersId),
      ),
    )
    .orderBy(asc(users.id))
    .limit(limit);
}

/** A plan with its type and partner: what the plan-change notices say. */
export async function findPlanWithType(db: Db | Tx, planId: number) {
  const [row] = await db
    .select({
      planId: sponsoredTypePlans.id,
      monthlyAmount: sponsoredTypePlans.monthlyAmount,
      typeId: partnerSponsoredTypes.id,
      partnersId: partnerSponsoredTypes.partnersId,
      labelSingular: partnerSponsoredTypes.customLabelSingular,
      partnerName: partners.name,
      currency: partners.currency,
      defaultLocale: partners.defaultLocale,
      locales: partners.locales,
    })
    .from(sponsoredTypePlans)
    .innerJoin(
      partnerSponsoredTypes,
      eq(partnerSponsoredTypes.id, sponsoredTypePlans.partnerSponsoredTypesId),
    )
    .innerJoin(partners, eq(partners.id, partnerSponsoredTypes.partnersId))
    .where(eq(sponsoredTypePlans.id, planId));
  return row ?? null;
}
