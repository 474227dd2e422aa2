import { randomBytes } from 'node:crypto';
import { donationFeeCents, sponsorshipFeePercent } from '@kinship/domain';
import { and, eq, isNull, like, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { donations, partners, payments, subscriptions, userSponsoreds, users } from '../db/schema/index.ts';
import { mulberry32 } from './prng.ts';

// Giving history of the demo partner (issue 13): the fill-in donors' sponsorships are paid by card
// each month (a subscription per donor, one payment a month since the sponsorship started, at most
// 14 months back), with general and initiative donations from them and from guests, one partial
// refund and one failed renewal this month; enough for the Overview's and Reports' charts.
// The demo accounts (sponsor@, donor@, second-donor@) keep their own state: the journeys use them.

const DEMO_PARTNER = 2;
const GUESTS = [
  ['Pat', 'Lee', 'pat.lee@guests.example'],
  ['Noor', 'Haddad', 'noor.haddad@guests.example'],
  ['Sam', 'Okafor', 'sam.okafor@guests.example'],
] as const;
const INITIATIVES = ['Clean water for Gulu', 'School library books', 'Solar lights'];

const code = () => randomBytes(15).toString('base64url');
const monthsBack = (today: Date, n: number, day: number) =>
  new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - n, day, 15, 0, 0));

export async function seedDemoGiving(tx: Tx, today: Date): Promise<void> {
  const rng = mulberry32(20261113);
  const [partner] = await tx.select().from(partners).where(eq(partners.id, DEMO_PARTNER));
  if (!partner) return;
  const feePartner = {
    applicationFeeModel: partner.applicationFeeModel,
    sponsorProcFee: Number(partner.sponsorProcFee ?? 0),
    generalProcFee: Number(partner.generalProcFee ?? 0),
  };
  const feePercent = sponsorshipFeePercent(feePartner);

  const lines = await tx
    .select({
      id: userSponsoreds.id,
      usersId: userSponsoreds.usersId,
      amount: userSponsoreds.amount,
      numSlots: userSponsoreds.numSlots,
      interval: userSponsoreds.interval,
      dateStarted: userSponsoreds.dateStarted,
      dateEnded: userSponsoreds.dateEnded,
      email: users.email,
    })
    .from(userSponsoreds)
    .innerJoin(users, eq(users.id, userSponsoreds.usersId))
    // Not a sponsorship paid offline that carries a link code (Grace Offline's, left for /link).
    .where(
      and(
        eq(userSponsoreds.partnersId, DEMO_PARTNER),
        like(users.email, '%@donors.example'),
        isNull(userSponsoreds.linkCode),
      ),
    )
    .orderBy(userSponsoreds.id);

  const byDonor = new Map<number, typeof lines>();
  for (const line of lines) byDonor.set(line.usersId, [...(byDonor.get(line.usersId) ?? []), line]);
  const earliest = monthsBack(today, 14, 1);
  const paymentRows: (typeof payments.$inferInsert)[] = [];
  let donorIndex = 0;
  for (const [usersId, own] of byDonor) {
    donorIndex += 1;
    const monthly = own.filter((l) => l.interval !== 'year');
    if (monthly.length === 0) continue;
    const active = monthly.filter((l) => !l.dateEnded);
    const started = new Date(
      Math.max(earliest.getTime(), Math.min(...monthly.map((l) => l.dateStarted.getTime()))),
    );
    // The third donor's card was declined this month: past due, with a failed renewal.
    const pastDue = donorIndex === 3 && active.length > 0;
    const base = (active.length ? active : monthly).reduce((sum, l) => sum + l.amount, 0);
    const boost = donorIndex % 4 === 0 ? 300 : 0;
    const [sub] = await tx
      .insert(subscriptions)
      .values({
        partnersId: DEMO_PARTNER,
        usersId,
        status: active.length === 0 ? 'canceled' : pastDue ? 'past_due' : 'active',
        interval: 'month',
        baseAmount: base,
        additionalAmount: boost,
        gatewaySubscriptionId: `sub_demo_${usersId}_${code().slice(0, 8)}`,
        createdAt: started,
        canceledAt: active.length === 0 ? (monthly[0]!.dateEnded ?? null) : null,
      })
      .returning({ id: subscriptions.id });
    await tx
      .update(userSponsoreds)
      .set({ subscriptionsId: sub!.id, isManual: false })
      .where(
        sql`${userSponsoreds.id} IN (${sql.join(
          monthly.map((l) => sql`${l.id}`),
          sql`, `,
        )})`,
      );
    const ended = monthly.every((l) => l.dateEnded)
      ? Math.max(...monthly.map((l) => l.dateEnded!.getTime()))
      : Infinity;
    for (let n = 14; n >= 0; n--) {
      const at = monthsBack(today, n, Math.min(28, started.getUTCDate() || 1));
      if (at < started || at.getTime() > ended || at > today) continue;
      const amount = base + boost;
      const failed = pastDue && n === 0;
      paymentRows.push({
        partnersId: DEMO_PARTNER,
        subscriptionsId: sub!.id,
        gatewayChargeId: `ch_demo_${code().slice(0, 12)}`,
        amount,
        applicationFee: failed ? 0 : Math.round((amount * feePercent) / 100),
        status: failed ? 'failed' : 'succeeded',
        receiptCode: failed ? null : code(),
        createdAt: at,
      });
    }
  }

  // Donations: fill-in donors and guests, two to four a month, some for an initiative.
  const donors = await tx
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(like(users.email, '%@donors.example'))
    .orderBy(users.id);
  const givers = [
    ...donors.map((d) => ({
      usersId: d.id as number | null,
      email: d.email,
      first: d.firstName,
      last: d.lastName,
    })),
    ...GUESTS.map(([first, last, email]) => ({ usersId: null, email, first, last })),
  ];
  for (let n = 13; n >= 0; n--) {
    const count = rng.int(2, 4);
    for (let i = 0; i < count; i++) {
      const giver = givers[rng.int(0, givers.length - 1)]!;
      const at = monthsBack(today, n, rng.int(1, 28));
      if (at > today) continue;
      const amount = [2500, 5000, 10000, 2000, 7500][rng.int(0, 4)]!;
      const initiative = rng.chance(0.35) ? INITIATIVES[rng.int(0, INITIATIVES.length - 1)]! : null;
      const [donation] = await tx
        .insert(donations)
        .values({
          partnersId: DEMO_PARTNER,
          usersId: giver.usersId,
          firstName: giver.first,
          lastName: giver.last,
          email: giver.email,
          amount,
          initiative,
          createdAt: at,
        })
        .returning({ id: donations.id });
      paymentRows.push({
        partnersId: DEMO_PARTNER,
        donationsId: donation!.id,
        gatewayChargeId: `ch_demo_${code().slice(0, 12)}`,
        amount,
        applicationFee: donationFeeCents(feePartner, amount),
        status: 'succeeded',
        receiptCode: code(),
        createdAt: at,
      });
    }
  }
  // One donation refunded in part (last month).
  const refundable = paymentRows.find((p) => p.donationsId && p.createdAt! >= monthsBack(today, 1, 1));
  if (refundable) refundable.refundedAmount = Math.floor(refundable.amount / 2);
  for (let i = 0; i < paymentRows.length; i += 500) {
    await tx.insert(payments).values(paymentRows.slice(i, i + 500));
  }
}
