import { and, asc, eq, inArray, isNotNull, notInArray, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { recordAudit, type AuditActor } from '../../../platform/audit.ts';
import { deleteLogin } from '../../../platform/logins.ts';
import { forgetSignInsOf } from '../../../platform/login-throttle.ts';
import { eraseDeliveredMailTo } from '../../../platform/messaging/outbox.ts';
import { eraseDonor } from '../../giving/index.ts';
import { eraseSponsor } from '../../sponsorships/index.ts';
import {
  authAccount,
  authSession,
  authUser,
  donations,
  emailOutbox,
  gatewayCustomers,
  giftCodes,
  messages,
  occasions,
  orders,
  partners,
  partnerUsers,
  paymentMethods,
  payments,
  subscriptions,
  trialCodes,
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
    // Their letters as they see them (issue 24): their own, and replies once a moderator released them.
    db
      .select({
        id: messages.id,
        partnersId: messages.partnersId,
        sponsoredsId: messages.sponsoredsId,
        direction: messages.direction,
        status: messages.status,
        body: messages.body,
        language: messages.language,
        rejectionReason: messages.rejectionReason,
        submittedAt: messages.submittedAt,
        createdAt: messages.createdAt,
      })
      .from(messages)
      .where(
        and(
          eq(messages.usersId, usersId),
          or(
            eq(messages.direction, 'to_sponsored'),
            inArray(messages.status, ['approved', 'printed', 'sent_to_program', 'delivered']),
          ),
        ),
      )
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
    const endedSponsorships = await eraseSponsor(tx, usersId);
    await eraseDonor(tx, usersId);
    await tx.delete(partnerUsers).where(eq(partnerUsers.usersId, usersId));
    if (email) {
      await eraseDeliveredMailTo(tx, email);
      await forgetSignInsOf(tx, email);
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
    await deleteLogin(tx, authUserId);
    // The actor's person record is the one erased: the row keeps its id, which stays (erased).
    await recordAudit(tx, {
      actor: person.actor,
      partnersId: person.partnersId,
      action: 'user.erased',
      entityType: 'user',
      entityId: usersId,
      details: { endedSponsorships },
    });
    return { endedSponsorships };
  });
}

/** The edited profile fields of a person record. */
export async function updatePersonDetails(
  db: Db | Tx,
  usersId: number,
  values: Pick<
    typeof users.$inferInsert,
    'firstName' | 'lastName' | 'address1' | 'address2' | 'city' | 'state' | 'zip' | 'phone' | 'locale'
  >,
) {
  const [row] = await db.update(users).set(values).where(eq(users.id, usersId)).returning();
  return row ?? null;
}
