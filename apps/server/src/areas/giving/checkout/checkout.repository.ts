import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../../db/types.ts';
import {
  partnerSponsoredTypes,
  paymentIntervals,
  sponsoredTypePlanIntervals,
  sponsoredTypePlans,
  sponsoreds,
  subscriptions,
  userSponsoreds,
} from '../../../db/schema/index.ts';

/** What a record costs today: its own monthly amount, else its type's current plan, and the intervals offered. */
export async function findPricing(db: Queryable, partnersId: number, sponsoredsIds: number[]) {
  if (sponsoredsIds.length === 0) return [];
  const planId = sql<number | null>`(
    select ${sponsoredTypePlans.id} from ${sponsoredTypePlans}
    where ${sponsoredTypePlans.partnerSponsoredTypesId} = ${sponsoreds.partnerSponsoredTypesId}
      and ${sponsoredTypePlans.current} = true
    order by ${sponsoredTypePlans.id} desc limit 1)`.mapWith((v) => (v === null ? null : Number(v)));
  const rows = await db
    .select({
      id: sponsoreds.id,
      partnerSponsoredTypesId: sponsoreds.partnerSponsoredTypesId,
      firstName: sponsoreds.firstName,
      title: sponsoreds.title,
      sponsoredTypesId: sponsoreds.sponsoredTypesId,
      status: sponsoreds.status,
      active: sponsoreds.active,
      typeActive: partnerSponsoredTypes.active,
      visibleSlots: partnerSponsoredTypes.visibleSlots,
      ownMonthlyAmount: sponsoreds.monthlyAmount,
      planId,
    })
    .from(sponsoreds)
    .innerJoin(partnerSponsoredTypes, eq(partnerSponsoredTypes.id, sponsoreds.partnerSponsoredTypesId))
    .where(and(eq(sponsoreds.partnersId, partnersId), inArray(sponsoreds.id, sponsoredsIds)));
  const planIds = [...new Set(rows.map((r) => r.planId).filter((id): id is number => id !== null))];
  const [plans, intervals] = planIds.length
    ? await Promise.all([
        db
          .select({ id: sponsoredTypePlans.id, monthlyAmount: sponsoredTypePlans.monthlyAmount })
          .from(sponsoredTypePlans)
          .where(inArray(sponsoredTypePlans.id, planIds)),
        db
          .select({
            planId: sponsoredTypePlanIntervals.sponsoredTypePlansId,
            name: paymentIntervals.name,
            multiplier: paymentIntervals.multiplier,
          })
          .from(sponsoredTypePlanIntervals)
          .innerJoin(paymentIntervals, eq(paymentIntervals.id, sponsoredTypePlanIntervals.paymentIntervalsId))
          .where(inArray(sponsoredTypePlanIntervals.sponsoredTypePlansId, planIds)),
      ])
    : [[], []];
  const planAmount = new Map(plans.map((p) => [p.id, p.monthlyAmount]));
  return rows.map((row) => {
    const offered = intervals.filter((i) => i.planId === row.planId && i.multiplier !== 0).map((i) => i.name);
    const planRows = intervals.filter((i) => i.planId === row.planId).length;
    return {
      ...row,
      monthlyAmount:
        row.ownMonthlyAmount ?? (row.planId !== null ? (planAmount.get(row.planId) ?? null) : null),
      /** Null when the plan names no intervals (both are offered then). */
      offeredIntervals: planRows > 0 ? offered : null,
    };
  });
}

export type PricingRow = Awaited<ReturnType<typeof findPricing>>[number];

const slotColumns = {
  id: sponsoreds.id,
  maxSlots: sponsoreds.maxSlots,
  slotsFilled: sponsoreds.slotsFilled,
  status: sponsoreds.status,
  active: sponsoreds.active,
};

/** The records' slots as they are now, without a lock. */
export async function readSlots(db: Queryable, partnersId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select(slotColumns)
    .from(sponsoreds)
    .where(and(eq(sponsoreds.partnersId, partnersId), inArray(sponsoreds.id, ids)));
}

/**
 * Locks the sponsored rows (in id order, so concurrent checkouts never deadlock) and reads their
 * slots. Only the sponsoreds table is locked: other checkouts of the same type are not blocked.
 */
export async function lockSponsoreds(tx: Tx, partnersId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return tx
    .select(slotColumns)
    .from(sponsoreds)
    .where(and(eq(sponsoreds.partnersId, partnersId), inArray(sponsoreds.id, ids)))
    .orderBy(asc(sponsoreds.id))
    .for('update');
}

/** The person's active sponsorships of these records. */
export async function findActiveSponsorships(
  db: Queryable,
  partnersId: number,
  usersId: number,
  sponsoredsIds: number[],
) {
  if (sponsoredsIds.length === 0) return [];
  return db
    .select({
      id: userSponsoreds.id,
      sponsoredsId: userSponsoreds.sponsoredsId,
      numSlots: userSponsoreds.numSlots,
      isManual: userSponsoreds.isManual,
      subscriptionsId: userSponsoreds.subscriptionsId,
    })
    .from(userSponsoreds)
    .where(
      and(
        eq(userSponsoreds.partnersId, partnersId),
        eq(userSponsoreds.usersId, usersId),
        inArray(userSponsoreds.sponsoredsId, sponsoredsIds),
        isNull(userSponsoreds.dateEnded),
      ),
    );
}

export async function insertSubscription(tx: Tx, values: typeof subscriptions.$inferInsert) {
  const [row] = await tx.insert(subscriptions).values(values).returning();
  return row!;
}
