import { and, asc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { sponsoredRecordName } from '@kinship/domain';
import type { Db, Queryable } from '../../../db/types.ts';
import {
  donations,
  giftCodes,
  orders,
  paymentRefunds,
  payments,
  slotHolds,
  sponsoreds,
  subscriptions,
  users,
  userSponsoreds,
} from '../../../db/schema/index.ts';

/** A payment with everything its receipt names: who paid, for what, through which order. */
export interface PaymentForReceipt {
  paymentsId: number;
  partnersId: number;
  receiptCode: string | null;
  amount: number;
  refundedAmount: number;
  currency: string;
  status: string;
  createdAt: Date;
  ordersId: number | null;
  orderKind: string | null;
  /** The language the order was placed in, if recorded. */
  orderLocale: string | null;
  orderInterval: string | null;
  orderReceiptCode: string | null;
  subscriptionsId: number | null;
  subscriptionInterval: string | null;
  donationsId: number | null;
  donation: {
    firstName: string | null;
    lastName: string | null;
    email: string | null;
    initiative: string | null;
  } | null;
  payer: {
    id: number;
    firstName: string | null;
    lastName: string | null;
    email: string | null;
    /** Their saved language (decision 070), which their receipts are written in. */
    locale: string | null;
  } | null;
  /** The giver of a gift order (decision 047), who gets its receipt. */
  giver: { name: string | null; email: string | null } | null;
  /** A gift order's manage code: its receipt mail links the giver to the gift's manage page. */
  giftManageCode: string | null;
}

const payer = alias(users, 'payer');

function paymentSelection() {
  return {
    paymentsId: payments.id,
    partnersId: payments.partnersId,
    receiptCode: payments.receiptCode,
    amount: payments.amount,
    refundedAmount: payments.refundedAmount,
    currency: payments.currency,
    status: payments.status,
    createdAt: payments.createdAt,
    ordersId: payments.ordersId,
    orderKind: orders.kind,
    orderLocale: orders.locale,
    orderInterval: orders.interval,
    orderReceiptCode: orders.receiptCode,
    subscriptionsId: payments.subscriptionsId,
    subscriptionInterval: subscriptions.interval,
    donationsId: payments.donationsId,
    donationFirstName: donations.firstName,
    donationLastName: donations.lastName,
    donationEmail: donations.email,
    donationInitiative: donations.initiative,
    payerId: payer.id,
    payerFirstName: payer.firstName,
    payerLastName: payer.lastName,
    payerEmail: payer.email,
    payerLocale: payer.locale,
    giverName: giftCodes.giverName,
    giverEmail: giftCodes.giverEmail,
    giftManageCode: giftCodes.manageCode,
  };
}

type SelectedRow = Awaited<ReturnType<typeof paymentsQuery>>[number];

function toPayment(row: SelectedRow): PaymentForReceipt {
  return {
    paymentsId: row.paymentsId!,
    partnersId: row.partnersId!,
    receiptCode: row.receiptCode,
    amount: row.amount!,
    refundedAmount: row.refundedAmount ?? 0,
    currency: row.currency ?? 'usd',
    status: row.status!,
    createdAt: row.createdAt!,
    ordersId: row.ordersId,
    orderKind: row.orderKind,
    orderLocale: row.orderLocale,
    orderInterval: row.orderInterval,
    orderReceiptCode: row.orderReceiptCode,
    subscriptionsId: row.subscriptionsId,
    subscriptionInterval: row.subscriptionInterval,
    donationsId: row.donationsId,
    donation:
      row.donationsId === null
        ? null
        : {
            firstName: row.donationFirstName,
            lastName: row.donationLastName,
            email: row.donationEmail,
            initiative: row.donationInitiative,
          },
    payer:
      row.payerId === null
        ? null
        : {
            id: row.payerId,
            firstName: row.payerFirstName,
            lastName: row.payerLastName,
            email: row.payerEmail,
            locale: row.payerLocale,
          },
    giftManageCode: row.giftManageCode,
    giver:
      row.giverEmail === null && row.giverName === null
        ? null
        : { name: row.giverName, email: row.giverEmail },
  };
}

function paymentsQuery(db: Queryable) {
  return db
    .select(paymentSelection())
    .from(payments)
    .leftJoin(orders, eq(orders.id, payments.ordersId))
    .leftJoin(subscriptions, eq(subscriptions.id, payments.subscriptionsId))
    .leftJoin(donations, eq(donations.id, payments.donationsId))
    .leftJoin(giftCodes, eq(giftCodes.ordersId, payments.ordersId))
    .leftJoin(
      payer,
      eq(payer.id, sql`coalesce(${subscriptions.usersId}, ${orders.usersId}, ${donations.usersId})`),
    );
}

/** The refunds the gateway confirmed for a payment, oldest first (pending and failed ones are not shown). */
export async function findSucceededRefunds(
  db: Queryable,
  paymentsId: number,
): Promise<{ id: number; amount: number; createdAt: Date }[]> {
  return db
    .select({ id: paymentRefunds.id, amount: paymentRefunds.amount, createdAt: paymentRefunds.createdAt })
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.paymentsId, paymentsId), eq(paymentRefunds.status, 'succeeded')))
    .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id));
}

export async function findPaymentForReceipt(
  db: Queryable,
  paymentsId: number,
): Promise<PaymentForReceipt | null> {
  const [row] = await paymentsQuery(db).where(eq(payments.id, paymentsId));
  return row ? toPayment(row) : null;
}

/**
 * The payment a receipt code names at this partner: a payment's own code, or an order's code
 * (the checkout's answer), which names that order's first payment.
 */
export async function findPaymentByReceiptCode(
  db: Db,
  partnersId: number,
  code: string,
): Promise<PaymentForReceipt | null> {
  const [own] = await paymentsQuery(db).where(
    and(eq(payments.partnersId, partnersId), eq(payments.receiptCode, code)),
  );
  if (own) return toPayment(own);
  const [first] = await paymentsQuery(db)
    .where(
      and(
        eq(payments.partnersId, partnersId),
        eq(orders.partnersId, partnersId),
        eq(orders.receiptCode, code),
      ),
    )
    .orderBy(asc(payments.id))
    .limit(1);
  return first ? toPayment(first) : null;
}

/** The records a subscription pays for, by the names anyone may see (a person's first name, else the title). */
export async function findSubscriptionLines(
  db: Queryable,
  partnersId: number,
  subscriptionsId: number,
): Promise<{ name: string; numSlots: number }[]> {
  const rows = await db
    .select({
      firstName: sponsoreds.firstName,
      title: sponsoreds.title,
      sponsoredTypesId: sponsoreds.sponsoredTypesId,
      numSlots: userSponsoreds.numSlots,
    })
    .from(userSponsoreds)
    .innerJoin(sponsoreds, eq(sponsoreds.id, userSponsoreds.sponsoredsId))
    .where(
      and(eq(userSponsoreds.partnersId, partnersId), eq(userSponsoreds.subscriptionsId, subscriptionsId)),
    )
    .orderBy(asc(userSponsoreds.id));
  return rows.map((r) => ({ name: sponsoredRecordName(r), numSlots: r.numSlots }));
}

/** The records an order held slots of (what a first subscription payment was for). */
export async function findOrderHoldLines(
  db: Queryable,
  partnersId: number,
  ordersId: number,
): Promise<{ name: string; numSlots: number }[]> {
  const rows = await db
    .select({
      firstName: sponsoreds.firstName,
      title: sponsoreds.title,
      sponsoredTypesId: sponsoreds.sponsoredTypesId,
      numSlots: slotHolds.numSlots,
    })
    .from(slotHolds)
    .innerJoin(sponsoreds, eq(sponsoreds.id, slotHolds.sponsoredsId))
    .where(and(eq(slotHolds.partnersId, partnersId), eq(slotHolds.ordersId, ordersId)))
    .orderBy(asc(slotHolds.id));
  return rows.map((r) => ({ name: sponsoredRecordName(r), numSlots: r.numSlots }));
}

/** The title of an initiative (a sponsored record of this partner) named by id. */
export async function findInitiativeTitle(
  db: Queryable,
  partnersId: number,
  initiative: string | null,
): Promise<string | null> {
  if (!initiative) return null;
  if (!/^\d{1,9}$/.test(initiative)) return initiative;
  const [row] = await db
    .select({ title: sponsoreds.title, firstName: sponsoreds.firstName })
    .from(sponsoreds)
    .where(and(eq(sponsoreds.partnersId, partnersId), eq(sponsoreds.id, Number(initiative))));
  return row ? (row.title ?? row.firstName) : null;
}

/**
 * A person's settled payments at a partner within [from, to): those of their orders,
 * subscriptions and signed-in donations, and donations given under their email while signed out
 * (the receipts for those went to the same inbox).
 */
export async function findPaymentsOfPerson(
  db: Db,
  input: { partnersId: number; usersId: number | null; email: string | null; from: Date; to: Date },
): Promise<PaymentForReceipt[]> {
  const mine: SQL[] =
    input.usersId === null
      ? []
      : [
          eq(subscriptions.usersId, input.usersId),
          eq(orders.usersId, input.usersId),
          eq(donations.usersId, input.usersId),
        ];
  if (input.email) {
    mine.push(and(isNull(donations.usersId), sql`lower(${donations.email}) = lower(${input.email})`)!);
  }
  const rows = await paymentsQuery(db)
    .where(
      and(
        eq(payments.partnersId, input.partnersId),
        inArray(payments.status, ['succeeded', 'refunded']),
        gte(payments.createdAt, input.from),
        lt(payments.createdAt, input.to),
        or(...mine),
      ),
    )
    .orderBy(asc(payments.createdAt), asc(payments.id));
  return rows.map(toPayment);
}

/** A person's name and address for their year-end statement. */
export async function findStatementPerson(db: Queryable, usersId: number) {
  const [row] = await db
    .select({
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      locale: users.locale,
    })
    .from(users)
    .where(eq(users.id, usersId));
  return row ?? null;
}
