import { and, asc, eq, inArray, isNotNull, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { recordAudit, type AuditActor } from '../../../platform/audit.ts';
import {
  authAccount,
  authSession,
  authUser,
  authVerification,
  donations,
  emailOutbox,
  gatewayCustomers,
  giftCodes,
  loginAlerts,
  loginAttempts,
  messages,
  occasions,
  orders,
  partners,
  partnerUsers,
  paymentMethods,
  payments,
  slotHolds,
  sponsoreds,
  subscriptions,
  trialCodes,
  userSponsoreds,
  users,
} from '../../../db/schema/index.ts';

/** The login behind a person record: the auth user, how they sign in, and their sessions (no secrets). */
export async function findLoginData(db: Db, authUserId: string) {
  const [[account], logins, sessions] = await Promise.all([
    db.select().from(authUser).where(eq(authUser.id, authUserId)),
    db
      .select({ providerId: authAccount.providerId, createdAt: authAccount.createdAt })
      .from(authAccount)
      .where(eq(authAccount.userId, authUserId))
      .orderBy(asc(authAccount.createdAt)),
    db
      .select({
        createdAt: authSession.createdAt,
        expiresAt: authSession.expiresAt,
        ipAddress: authSession.ipAddress,
        userAgent: authSession.userAgent,
      })
      .from(authSession)
      .where(eq(authSession.userId, authUserId))
      .orderBy(asc(authSession.createdAt)),
  ]);
  return account ? { account, logins, sessions } : null;
}

/** The giving and engagement rows of a person, whole (they are the person's own records). */
export async function findGivingRows(db: Db, usersId: number, email: string | null) {
  const [
    orderRows,
    subscriptionRows,
    donationRows,
    methodRows,
    customerRows,
    giftRows,
    trialRows,
    messageRows,
    occasionRows,
    mailRows,
  ] = await Promise.all([
    db.select().from(orders).where(eq(orders.usersId, usersId)).orderBy(asc(orders.id)),
    db.select().from(subscriptions).where(eq(subscriptions.usersId, usersId)).orderBy(asc(subscriptions.id)),
    db.select().from(donations).where(eq(donations.usersId, usersId)).orderBy(asc(donations.id)),
    db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.usersId, usersId))
      .orderBy(asc(paymentMethods.id)),
    db
      .select()
      .from(gatewayCustomers)
      .where(eq(gatewayCustomers.usersId, usersId))
      .orderBy(asc(gatewayCustomers.id)),
    db
      .select()
      .from(giftCodes)
      .where(or(eq(giftCodes.purchaserUsersId, usersId), eq(giftCodes.redeemedByUsersId, usersId)))
      .orderBy(asc(giftCodes.id)),
    db.select().from(trialCodes).where(eq(trialCodes.redeemedByUsersId, usersId)).orderBy(asc(trialCodes.id)),
    db
      .select()
      .from(messages)
      .where(or(eq(messages.fromUsersId, usersId), eq(messages.toUsersId, usersId)))
      .orderBy(asc(messages.id)),
    db.select().from(occasions).where(eq(occasions.usersId, usersId)).orderBy(asc(occasions.id)),
    email
      ? db
          .select({
            partnersId: emailOutbox.partnersId,
            subject: emailOutbox.subject,
            status: emailOutbox.status,
            createdAt: emailOutbox.createdAt,
            sentAt: emailOutbox.sentAt,
          })
          .from(emailOutbox)
          .where(eq(emailOutbox.toAddress, email))
          .orderBy(asc(emailOutbox.id))
      : Promise.resolve([]),
  ]);
  const orderIds = orderRows.map((o) => o.id);
  const subscriptionIds = subscriptionRows.map((s) => s.id);
  const donationIds = donationRows.map((d) => d.id);
  const paymentRows =
    orderIds.length || subscriptionIds.length || donationIds.length
      ? await db
          .select()
          .from(payments)
          .where(
            or(
              orderIds.length ? inArray(payments.ordersId, orderIds) : undefined,
              subscriptionIds.length ? inArray(payments.subscriptionsId, subscriptionIds) : undefined,
              donationIds.length ? inArray(payments.donationsId, donationIds) : undefined,
            ),
          )
          .orderBy(asc(payments.id))
      : [];
  return {
    orders: orderRows,
    payments: paymentRows,
    donations: donationRows,
    paymentMethods: methodRows,
    gatewayCustomers: customerRows,
    subscriptions: subscriptionRows,
    giftCodes: giftRows,
    trialCodes: trialRows,
    messages: messageRows,
    occasions: occasionRows,
    emails: mailRows,
  };
}

const ENDED_SUBSCRIPTION_STATUSES = ['canceled', 'incomplete_expired'];

/** Subscriptions still running at the gateway, with the partner's account there. */
export async function findLiveGatewaySubscriptions(db: Db, usersId: number) {
  return db
    .select({
      id: subscriptions.id,
      gatewaySubscriptionId: subscriptions.gatewaySubscriptionId,
      accountId: partners.stripeUserId,
      currency: partners.currency,
    })
    .from(subscriptions)
    .innerJoin(partners, eq(partners.id, subscriptions.partnersId))
    .where(
      and(
        eq(subscriptions.usersId, usersId),
        notInArray(subscriptions.status, ENDED_SUBSCRIPTION_STATUSES),
        isNotNull(subscriptions.gatewaySubscriptionId),
      ),
    );
}

/** Saved payment methods with the partner's account at the gateway. */
export async function findSavedPaymentMethods(db: Db, usersId: number) {
  return db
    .select({
      id: paymentMethods.id,
      gatewayPaymentMethodId: paymentMethods.gatewayPaymentMethodId,
      accountId: partners.stripeUserId,
      currency: partners.currency,
    })
    .from(paymentMethods)
    .innerJoin(partners, eq(partners.id, paymentMethods.partnersId))
    .where(eq(paymentMethods.usersId, usersId));
}

/** Marks one subscription canceled as soon as the gateway confirmed it, so a retry does not cancel it twice. */
export async function markSubscriptionCanceled(db: Db, subscriptionId: number) {
  await db
    .update(subscriptions)
    .set({ status: 'canceled', canceledAt: sql`COALESCE(${subscriptions.canceledAt}, now())` })
    .where(eq(subscriptions.id, subscriptionId));
}

export async function deletePaymentMethodRow(db: Db, id: number) {
  await db.delete(paymentMethods).where(eq(paymentMethods.id, id));
}

/**
 * Erases a person in one transaction. Giving records stay for the partners (orders, payments,
 * donations, subscriptions, gift codes) with the personal fields erased; the person record stays
 * as an anonymous row they point at. Active sponsorships end and free their slots, holds are
 * released, roles, messages, occasions and saved methods go, and the login with its sessions and
 * accounts is deleted.
 */
export async function erasePerson(
  db: Db,
  person: {
    usersId: number;
    authUserId: string;
    email: string | null;
    partnersId: number;
    actor: AuditActor;
  },
): Promise<{ endedSponsorships: number }> {
  const { usersId, authUserId, email } = person;
  return db.transaction(async (tx) => {
    // Free the slots of active sponsorships (the counter's CHECK stays the last line: never below 0).
    await tx.execute(sql`
      UPDATE ${sponsoreds} AS s
      SET slots_filled = GREATEST(s.slots_filled - ended.slots, 0), updated_at = now()
      FROM (
        SELECT ${userSponsoreds.sponsoredsId} AS sponsoreds_id, SUM(${userSponsoreds.numSlots})::int AS slots
        FROM ${userSponsoreds}
        WHERE ${userSponsoreds.usersId} = ${usersId} AND ${userSponsoreds.dateEnded} IS NULL
        GROUP BY ${userSponsoreds.sponsoredsId}
      ) AS ended
      WHERE s.id = ended.sponsoreds_id`);
    const ended = await tx
      .update(userSponsoreds)
      .set({ dateEnded: sql`now()` })
      .where(and(eq(userSponsoreds.usersId, usersId), isNull(userSponsoreds.dateEnded)))
      .returning({ id: userSponsoreds.id });
    await tx
      .update(slotHolds)
      .set({ releasedAt: sql`now()` })
      .where(and(eq(slotHolds.usersId, usersId), isNull(slotHolds.releasedAt)));
    await tx
      .update(subscriptions)
      .set({ status: 'canceled', canceledAt: sql`COALESCE(${subscriptions.canceledAt}, now())` })
      .where(
        and(
          eq(subscriptions.usersId, usersId),
          notInArray(subscriptions.status, ENDED_SUBSCRIPTION_STATUSES),
        ),
      );
    await tx
      .update(donations)
      .set({ firstName: null, lastName: null, email: null })
      .where(eq(donations.usersId, usersId));
    await tx.delete(paymentMethods).where(eq(paymentMethods.usersId, usersId));
    await tx.delete(messages).where(or(eq(messages.fromUsersId, usersId), eq(messages.toUsersId, usersId)));
    await tx.delete(occasions).where(eq(occasions.usersId, usersId));
    await tx.delete(partnerUsers).where(eq(partnerUsers.usersId, usersId));
    if (email) {
      // Mail already delivered keeps its record without the address or the body.
      await tx
        .update(emailOutbox)
        .set({ toAddress: 'erased', bodyText: '', bodyHtml: null })
        .where(and(eq(emailOutbox.toAddress, email), inArray(emailOutbox.status, ['sent', 'failed'])));
      await tx.delete(loginAttempts).where(eq(loginAttempts.email, email.toLowerCase()));
      await tx.delete(loginAlerts).where(eq(loginAlerts.email, email.toLowerCase()));
    }
    await tx
      .update(users)
      .set({
        authUserId: null,
        firstName: null,
        lastName: null,
        email: null,
        address1: null,
        address2: null,
        city: null,
        state: null,
        zip: null,
        phone: null,
        erasedAt: sql`now()`,
      })
      .where(eq(users.id, usersId));
    await tx.delete(authVerification).where(eq(authVerification.value, authUserId));
    // Sessions and accounts (password hash, provider tokens) go with the login (ON DELETE CASCADE).
    await tx.delete(authUser).where(eq(authUser.id, authUserId));
    // The actor's person record is the one erased: the row keeps its id, which stays (erased).
    await recordAudit(tx, {
      actor: person.actor,
      partnersId: person.partnersId,
      action: 'user.erased',
      entityType: 'user',
      entityId: usersId,
      details: { endedSponsorships: ended.length },
    });
    return { endedSponsorships: ended.length };
  });
}

/** The edited profile fields of a person record. */
export async function updatePersonDetails(
  db: Db | Tx,
  usersId: number,
  values: Pick<
    typeof users.$inferInsert,
    'firstName' | 'lastName' | 'address1' | 'address2' | 'city' | 'state' | 'zip' | 'phone'
  >,
) {
  const [row] = await db.update(users).set(values).where(eq(users.id, usersId)).returning();
  return row ?? null;
}
