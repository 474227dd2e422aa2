import { defineMessages } from '@formatjs/intl';
import {
  formatCentsIn,
  formatDate,
  formatDateIn,
  formatReceiptAmount,
  ERRORS,
  type Locale,
  type CancelSubscriptionInput,
  type DelinquentRow,
  type GivingPaymentRow,
  type GivingSubscriptionRow,
  type PaymentListQuery,
  type RefundInput,
  type ReminderResult,
  type RetryRenewalResult,
  type SubscriptionListQuery,
} from '@kinship/domain';
import type { Config } from '../../../config.ts';
import type { Db, Tx } from '../../../db/types.ts';
import { sponsoreds } from '../../../db/schema/index.ts';
import { requireAccess, scopeCondition, type AccessScope } from '../../../platform/access.ts';
import { actorOf, SYSTEM_ACTOR, recordAudit, type AuditActor } from '../../../platform/audit.ts';
import { conflict, fieldErrors, refuse } from '../../../platform/errors.ts';
import type { JobSender } from '../../../platform/jobs.ts';
import {
  GatewayInvalidRequestError,
  PaymentDeclinedError,
  type PaymentGateway,
} from '../../../platform/payments/gateway.ts';
import { gatewayAccountOf } from '../../../platform/payments/index.ts';
import type { SiteContext } from '../../../platform/site-context.ts';
import { siteUrlConfigOf } from '../orders/orders.service.ts';
import {
  applySubscriptionStatus,
  ENDED_STATUSES,
  recordSubscriptionPayment,
  recordSubscriptionPaymentFailure,
  SUBSCRIPTION_ENDED,
} from '../subscriptions/subscriptions.service.ts';
import { confirmRefund, releaseRefund } from './gateway-ledger.service.ts';
import { settleRefundJob } from './giving.jobs.ts';
import {
  adjustRefundedAmount,
  findPaymentRow,
  findRefund,
  findRefundByRequest,
  findSubscriptionOfPartner,
  insertRefund,
  listDelinquent,
  listPayments,
  listSubscriptions,
  lockPayment,
  subscriberLocaleOf,
  lockRefund,
  updateSubscriptionStaffFields,
  type ListScope,
} from './giving.repository.ts';
import { partnerSiteUrl } from '../../../platform/messaging/site-urls.ts';
import { insertOutboxMessage } from '../../../platform/messaging/outbox.ts';
import { findPartnerById } from '../../partners/index.ts';
import { emit } from '../../../platform/events.ts';
import { localeOfRecipient } from '../../../platform/locale.ts';
import { sayIn } from '../../../platform/messages.ts';
import { receiptMailMessages } from '../receipts/receipt-email.ts';

/** The cancellation notice's and the failed-payment reminder's words (decision 073); English as today. */
export const ledgerMailMessages = defineMessages({
  canceledSubject: {
    id: 'mail.cancellation.subject',
    defaultMessage: 'Your sponsorship with {partnerName} has been cancelled',
  },
  canceled: {
    id: 'mail.cancellation.body',
    defaultMessage:
      'Your {interval, select, year {annual} other {monthly}} sponsorship with {partnerName} ({records}) has been cancelled. No further payments will be taken.',
  },
  yourSponsorship: { id: 'mail.cancellation.yourSponsorship', defaultMessage: 'your sponsorship' },
  sponsorshipsLine: { id: 'mail.cancellation.sponsorshipsLine', defaultMessage: 'Your sponsorships: {url}' },
  reminderSubject: {
    id: 'mail.paymentFailed.subject',
    defaultMessage: 'Please update your card for {partnerName}',
  },
  reminderFailed: {
    id: 'mail.paymentFailed.failed',
    defaultMessage:
      'Your {interval, select, year {annual} other {monthly}} sponsorship payment of {amount} to {partnerName} on {failedOn} did not go through{hasDecline, select, yes {: {declineMessage}} other {.}}',
  },
  reminderKeep: {
    id: 'mail.paymentFailed.keep',
    defaultMessage:
      '{hasRecords, select, yes {To keep your sponsorship ({records}) going, please update your card in your payment settings:} other {To keep your sponsorship going, please update your card in your payment settings:}}',
  },
  reminderThanks: { id: 'mail.paymentFailed.thanks', defaultMessage: 'Thank you for your support.' },
  reminderLink: { id: 'mail.paymentFailed.link', defaultMessage: 'Update your card' },
});
const lm = ledgerMailMessages;

/** Money and dates as the recipient reads them: en-US keeps the spec's formats exactly. */
function mailFormats(locale: Locale, currency: string) {
  if (locale === 'en-US')
    return { money: (cents: number) => formatReceiptAmount(cents, currency), date: formatDate };
  return {
    money: (cents: number) => formatCentsIn(locale, currency || 'usd', cents),
    date: (d: Date | string) => formatDateIn(locale, d),
  };
}

/*
 * The Donations section (decision 041): payments and subscriptions for donations.view (a
 * program-scoped person sees the payments of their programs' records only); refunds, cancellations,
 * renewal retries and card reminders for donations.refund, each through the payment gateway with
 * its reason recorded in the audit trail.
 */

export const PAYMENT_NOT_FOUND = 'Payment not found.';
export const SUBSCRIPTION_NOT_FOUND = 'Subscription not found.';
export const ONLY_PAID_REFUNDABLE = 'Only a successful payment can be refunded.';
export const ALREADY_REFUNDED = 'This payment has already been refunded in full.';
export const overRefundMessage = (remaining: number, currency: string) =>
  `You can refund at most ${formatReceiptAmount(remaining, currency)} of this payment.`;
export const NOTHING_TO_RETRY = 'This subscription has no failed payment to retry.';
export const NOTHING_TO_REMIND = 'This subscription has no failed renewal to remind the donor about.';
export const NO_DONOR_EMAIL = 'The donor has no email address to send a reminder to.';
export const REFUND_PENDING =
  'The payment provider could not be reached; the refund is recorded and will be completed automatically.';

export interface GivingDeps {
  db: Db;
  gateway: PaymentGateway;
  jobs: JobSender;
  config: Config;
}

function listScope(scope: AccessScope): ListScope {
  return { partnersId: scope.partnersId, programCondition: scopeCondition(scope, sponsoreds.entitiesId) };
}

// ------------------------------------------------------------------------------------ reads

/** GET dashboard/donations/payments */
export async function getPayments(
  db: Db,
  ctx: SiteContext,
  query: PaymentListQuery,
): Promise<{ rows: GivingPaymentRow[]; total: number }> {
  const scope = requireAccess(ctx, 'donations.view');
  return listPayments(db, listScope(scope), query);
}

/** GET dashboard/donations/subscriptions */
export async function getSubscriptions(
  db: Db,
  ctx: SiteContext,
  query: SubscriptionListQuery,
): Promise<{ rows: GivingSubscriptionRow[]; total: number }> {
  const scope = requireAccess(ctx, 'donations.view');
  return listSubscriptions(db, listScope(scope), query);
}

/** GET dashboard/donations/delinquent */
export async function getDelinquent(
  db: Db,
  ctx: SiteContext,
  filters: { entitiesId?: number | undefined; q?: string | undefined },
): Promise<DelinquentRow[]> {
  const scope = requireAccess(ctx, 'donations.view');
  const rows = await listDelinquent(db, listScope(scope), filters);
  return rows.map(({ failedPaymentsId: _f, usersId: _u, ...row }) => row);
}

// ------------------------------------------------------------------------------------ refunds

/**
 * POST dashboard/donations/payments/{id}/refund: refunds `amount` cents (all that remains when
 * absent). The amount is reserved on the payment under its row lock, with the refund row and its
 * settle job, in one transaction (so two refunds never exceed the payment, and a crash leaves the
 * job to finish it); then the gateway is asked under the key refund:{refundId}. The same
 * requestKey answers the same refund (a double click refunds once).
 */
export async function refundPayment(
  deps: GivingDeps,
  ctx: SiteContext,
  paymentsId: number,
  input: RefundInput,
): Promise<GivingPaymentRow> {
  requireAccess(ctx, 'donations.refund');
  gatewayAccountOf(ctx.partner);
  const actor = actorOf(ctx);
  const refund = await deps.db.transaction(async (tx) => {
    const payment = await lockPayment(tx, ctx.partner.id, paymentsId);
    if (!payment) throw refuse(ERRORS.PAYMENT_NOT_FOUND, PAYMENT_NOT_FOUND);
    const replay = await findRefundByRequest(tx, payment.id, input.requestKey);
    if (replay) return replay;
    if (
      payment.status === 'refunded' ||
      (payment.status === 'succeeded' && payment.refundedAmount >= payment.amount)
    )
      throw refuse(ERRORS.ALREADY_REFUNDED, ALREADY_REFUNDED);
    if (payment.status !== 'succeeded' || !payment.gatewayChargeId)
      throw refuse(ERRORS.NOT_REFUNDABLE, ONLY_PAID_REFUNDABLE);
    const remaining = payment.amount - payment.refundedAmount;
    const amount = input.amount ?? remaining;
    if (amount > remaining) {
      throw fieldErrors(
        { amount: overRefundMessage(remaining, payment.currency) },
        overRefundMessage(remaining, payment.currency),
      );
    }
    const row = await insertRefund(tx, {
      partnersId: ctx.partner.id,
      paymentsId: payment.id,
      amount,
      reason: input.reason,
      requestKey: input.requestKey,
      actorUsersId: ctx.viewer?.user?.id ?? null,
    });
    await adjustRefundedAmount(tx, payment.id, amount);
    await recordAudit(tx, {
      actor,
      partnersId: ctx.partner.id,
      action: 'payment.refund_requested',
      entityType: 'payment',
      entityId: payment.id,
      before: { refundedAmount: payment.refundedAmount },
      after: { refundedAmount: payment.refundedAmount + amount },
      details: { refundId: row.id, amount, reason: input.reason },
    });
    // The net under the gateway call: finishes (or releases) the refund if this request dies.
    await deps.jobs.send(
      settleRefundJob,
      { refundId: row.id },
      { tx, startAfter: new Date(Date.now() + 120_000) },
    );
    return row;
  });
  if (refund.status === 'pending') {
    const outcome = await settleRefund(deps, refund.id, actor);
    if (outcome.state === 'failed') throw conflict(outcome.message);
  }
  return (await findPaymentRow(deps.db, ctx.partner.id, paymentsId))!;
}

type SettleOutcome =
  { state: 'succeeded' | 'already-settled' | 'missing' | 'pending' } | { state: 'failed'; message: string };

/**
 * Asks the gateway for a pending refund (key refund:{id}, so asking again never refunds twice)
 * and records the answer: succeeded (the payment's status follows, the donor is emailed through
 * the outbox), or refused (the reservation is released). A provider that cannot be reached leaves
 * it pending for the settle job.
 */
export async function settleRefund(
  deps: { db: Db; gateway: PaymentGateway; config?: Config },
  refundId: number,
  actor: AuditActor = SYSTEM_ACTOR,
): Promise<SettleOutcome> {
  const refund = await findRefund(deps.db, refundId);
  if (!refund) return { state: 'missing' };
  if (refund.status !== 'pending') return { state: 'already-settled' };
  const partner = await findPartnerById(deps.db, refund.partnersId);
  const payment = await deps.db.transaction((tx) => lockPayment(tx, refund.partnersId, refund.paymentsId));
  if (!partner || !payment?.gatewayChargeId) return { state: 'missing' };
  let gatewayRefundId: string;
  try {
    ({ refundId: gatewayRefundId } = await deps.gateway.refund(
      gatewayAccountOf(partner),
      payment.gatewayChargeId,
      refund.amount,
      `refund:${refund.id}`,
    ));
  } catch (error) {
    if (!(error instanceof GatewayInvalidRequestError || error instanceof PaymentDeclinedError)) {
      return { state: 'pending' };
    }
    const message = error.message;
    const released = await deps.db.transaction(async (tx) => {
      const locked = await lockRefund(tx, refund.id);
      if (locked?.status !== 'pending') return false;
      await releaseRefund(tx, locked, message, actor);
      return true;
    });
    return released ? { state: 'failed', message } : { state: 'already-settled' };
  }
  // The provider's webhook may have confirmed it first (it names the refund by this key): then
  // it is settled already and nothing is counted twice.
  const settled = await deps.db.transaction(async (tx) => {
    const locked = await lockRefund(tx, refund.id);
    if (locked?.status !== 'pending') return false;
    await confirmRefund(tx, locked, gatewayRefundId, actor);
    return true;
  });
  return { state: settled ? 'succeeded' : 'already-settled' };
}

// ------------------------------------------------------------------------------------ subscriptions

async function subscriptionOf(db: Db, ctx: SiteContext, id: number) {
  const sub = await findSubscriptionOfPartner(db, ctx.partner.id, id);
  if (!sub || !sub.gatewaySubscriptionId) throw refuse(ERRORS.SUBSCRIPTION_NOT_FOUND, SUBSCRIPTION_NOT_FOUND);
  return sub as typeof sub & { gatewaySubscriptionId: string };
}

const isEnded = (status: string) => (ENDED_STATUSES as readonly string[]).includes(status);

async function listSubscriptionsById(db: Db, partnersId: number, id: number) {
  return listSubscriptions(
    db,
    { partnersId, programCondition: undefined, subscriptionsId: id },
    { order: 'desc', page: 1, pageSize: 1, sort: 'date' },
  );
}

/**
 * POST dashboard/donations/subscriptions/{id}/cancel: cancels at the gateway first (nothing is
 * changed here if it refuses), then records the cancellation with its reason, ending the
 * sponsorships and freeing their slots, and tells the donor.
 */
export async function cancelSubscriptionByStaff(
  deps: GivingDeps,
  ctx: SiteContext,
  id: number,
  input: CancelSubscriptionInput,
): Promise<GivingSubscriptionRow> {
  requireAccess(ctx, 'donations.refund');
  const sub = await subscriptionOf(deps.db, ctx, id);
  if (isEnded(sub.status)) throw refuse(ERRORS.SUBSCRIPTION_ENDED, SUBSCRIPTION_ENDED);
  try {
    await deps.gateway.cancelSubscription(gatewayAccountOf(ctx.partner), sub.gatewaySubscriptionId);
  } catch (error) {
    if (error instanceof GatewayInvalidRequestError) throw conflict(error.message);
    throw error;
  }
  await deps.db.transaction(async (tx) => {
    const { endedSponsorships } = await applySubscriptionStatus(tx as unknown as Db, {
      gatewaySubscriptionId: sub.gatewaySubscriptionId,
      status: 'canceled',
      currentPeriodEnd: null,
    });
    await updateSubscriptionStaffFields(tx, sub.id, { cancelReason: input.reason });
    await recordAudit(tx, {
      actor: actorOf(ctx),
      partnersId: ctx.partner.id,
      action: 'subscription.canceled',
      entityType: 'subscription',
      entityId: sub.id,
      before: { status: sub.status },
      after: { status: 'canceled', cancelReason: input.reason },
      details: { reason: input.reason, endedSponsorships },
    });
    await emit(tx, 'subscription.canceled', { partnersId: ctx.partner.id, subscriptionsId: sub.id });
  });
  return rowOfSubscriptionById(deps.db, ctx.partner.id, sub.id);
}

async function rowOfSubscriptionById(db: Db, partnersId: number, id: number) {
  return (await listSubscriptionsById(db, partnersId, id)).rows[0]!;
}

/**
 * The donor's notice that staff canceled their subscription: the subscriber of
 * subscription.canceled (decision 063), run once per cancellation.
 */
export async function queueCancellationNotice(
  tx: Tx,
  config: Config,
  input: { partnersId: number; subscriptionsId: number },
): Promise<void> {
  const id = input.subscriptionsId;
  const partner = await findPartnerById(tx, input.partnersId);
  if (!partner) return;
  const [row] = await listDelinquentOrAny(tx, partner.id, id);
  if (!row?.donorEmail) return;
  // The subscriber's saved language, else the partner's default (decision 073).
  const say = sayIn(localeOfRecipient(partner, await subscriberLocaleOf(tx, id)));
  const greeting = row.donorName
    ? say(receiptMailMessages.dear, { name: row.donorName })
    : say(receiptMailMessages.hello);
  const url = partnerSiteUrl(partner, '/profile/sponsorships', siteUrlConfigOf(config));
  const lines = [
    greeting,
    '',
    say(lm.canceled, {
      interval: row.interval,
      partnerName: partner.name,
      records: row.records || say(lm.yourSponsorship),
    }),
    '',
    say(lm.sponsorshipsLine, { url }),
    '',
    partner.name,
    ...(partner.supportEmail ? [partner.supportEmail] : []),
    '',
  ];
  await insertOutboxMessage(tx, {
    partnersId: partner.id,
    kind: 'receipt',
    dedupeKey: `receipt:subscription-canceled:${id}`,
    toAddress: row.donorEmail,
    subject: say(lm.canceledSubject, { partnerName: partner.name }),
    bodyText: lines.join('\n'),
  });
}

async function listDelinquentOrAny(db: Db | Tx, partnersId: number, id: number) {
  return (
    await listSubscriptions(
      db,
      { partnersId, programCondition: undefined, subscriptionsId: id },
      { order: 'desc', page: 1, pageSize: 1, sort: 'date' },
    )
  ).rows;
}

/**
 * POST dashboard/donations/subscriptions/{id}/retry: charges the failed renewal again now through
 * the gateway, then records the outcome as the renewal job would (the payment and its receipt, or
 * the failure with its decline) and the subscription's status.
 */
export async function retryRenewal(
  deps: GivingDeps,
  ctx: SiteContext,
  id: number,
  input: { requestKey: string },
): Promise<RetryRenewalResult> {
  requireAccess(ctx, 'donations.refund');
  const sub = await subscriptionOf(deps.db, ctx, id);
  if (sub.status !== 'past_due' && sub.status !== 'unpaid') throw conflict(NOTHING_TO_RETRY);
  let result;
  try {
    result = await deps.gateway.retrySubscriptionPayment(
      gatewayAccountOf(ctx.partner),
      sub.gatewaySubscriptionId,
      `staff-retry:${sub.id}:${input.requestKey}`,
    );
  } catch (error) {
    if (error instanceof GatewayInvalidRequestError) throw conflict(error.message);
    throw error;
  }
  const now = new Date();
  // The outcome, the status and the audit row commit together; a charge left unrecorded by a
  // failure here is recorded by the renewal job's recovery (sandbox) or the provider's webhook.
  await deps.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    if (result.outcome === 'paid') {
      await recordSubscriptionPayment(db, {
        gatewaySubscriptionId: sub.gatewaySubscriptionId,
        chargeId: result.chargeId,
        amount: result.amount,
        created: now,
      });
    } else {
      await recordSubscriptionPaymentFailure(db, {
        gatewaySubscriptionId: sub.gatewaySubscriptionId,
        chargeId: result.chargeId,
        message: result.message ?? 'The payment failed.',
        declineCode: result.declineCode,
      });
    }
    await applySubscriptionStatus(db, {
      gatewaySubscriptionId: sub.gatewaySubscriptionId,
      status: result.status,
      currentPeriodEnd: result.currentPeriodEnd,
    });
    await recordAudit(tx, {
      actor: actorOf(ctx),
      partnersId: ctx.partner.id,
      action: 'subscription.renewal_retried',
      entityType: 'subscription',
      entityId: sub.id,
      details: { outcome: result.outcome, chargeId: result.chargeId, message: result.message },
    });
  });
  const fresh = await findSubscriptionOfPartner(deps.db, ctx.partner.id, sub.id);
  return {
    outcome: result.outcome,
    message: result.message,
    declineCode: result.declineCode,
    status: (fresh?.status ?? result.status) as RetryRenewalResult['status'],
  };
}

/** The reminder's words: what failed, why, and where to put another card, in `locale` (en-US when none). */
export function reminderEmail(input: {
  locale?: Locale;
  partnerName: string;
  donorName: string | null;
  amount: string;
  interval: 'month' | 'year';
  failedOn: string;
  declineMessage: string | null;
  records: string;
  settingsUrl: string;
  supportEmail: string | null;
}): { subject: string; text: string; html: string } {
  const say = sayIn(input.locale ?? 'en-US');
  const paragraphs = [
    input.donorName
      ? say(receiptMailMessages.dear, { name: input.donorName })
      : say(receiptMailMessages.hello),
    say(lm.reminderFailed, {
      interval: input.interval,
      amount: input.amount,
      partnerName: input.partnerName,
      failedOn: input.failedOn,
      hasDecline: input.declineMessage ? 'yes' : 'no',
      declineMessage: input.declineMessage ?? '',
    }),
    say(lm.reminderKeep, { hasRecords: input.records ? 'yes' : 'no', records: input.records }),
  ];
  const closing = [
    say(lm.reminderThanks),
    input.partnerName,
    ...(input.supportEmail ? [input.supportEmail] : []),
  ];
  const escape = (s: string) =>
    s.replace(
      /[&<>"']/g,
      (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
    );
  return {
    subject: say(lm.reminderSubject, { partnerName: input.partnerName }),
    text: [...paragraphs, input.settingsUrl, ...closing].join('\n\n') + '\n',
    html: [
      '<!doctype html><html><body style="font-family:sans-serif;max-width:36rem;margin:2rem auto;color:#222">',
      ...paragraphs.map((p) => `<p>${escape(p)}</p>`),
      `<p><a href="${escape(input.settingsUrl)}">${escape(say(lm.reminderLink))}</a></p>`,
      ...closing.map((p) => `<p>${escape(p)}</p>`),
      '</body></html>',
    ].join('\n'),
  };
}

/**
 * Reminders' outbox keys start so: one per failed payment, kept after delivery (decision 066) so
 * that staff asking again months later are told it went.
 */
export const REMINDER_KEY_PREFIX = 'reminder:subscription:';

/**
 * POST dashboard/donations/subscriptions/{id}/remind: emails the donor (through the outbox) that
 * the renewal failed, with the decline and a link to the payment settings page. One reminder per
 * failed payment: a second click answers queued false.
 */
export async function remindDonor(deps: GivingDeps, ctx: SiteContext, id: number): Promise<ReminderResult> {
  requireAccess(ctx, 'donations.refund');
  const [row] = await listDelinquent(
    deps.db,
    { partnersId: ctx.partner.id, programCondition: undefined },
    { subscriptionsId: id },
  );
  if (!row) {
    await subscriptionOf(deps.db, ctx, id);
    throw conflict(NOTHING_TO_REMIND);
  }
  if (!row.donorEmail) throw conflict(NO_DONOR_EMAIL);
  // The subscriber's saved language, else the partner's default (decision 073).
  const locale = localeOfRecipient(ctx.partner, await subscriberLocaleOf(deps.db, id));
  const format = mailFormats(locale, row.currency);
  const email = reminderEmail({
    locale,
    partnerName: ctx.partner.name,
    donorName: row.donorName,
    amount: format.money(row.amount),
    interval: row.interval,
    failedOn: format.date(row.failedAt),
    declineMessage: row.declineMessage,
    records: row.records,
    settingsUrl: partnerSiteUrl(ctx.partner, '/profile/paymentsettings', siteUrlConfigOf(deps.config)),
    supportEmail: ctx.partner.supportEmail,
  });
  const now = new Date();
  return deps.db.transaction(async (tx) => {
    const queued = await insertOutboxMessage(tx, {
      partnersId: ctx.partner.id,
      kind: 'reminder',
      dedupeKey: `${REMINDER_KEY_PREFIX}${id}:payment:${row.failedPaymentsId}`,
      toAddress: row.donorEmail!,
      subject: email.subject,
      bodyText: email.text,
      bodyHtml: email.html,
    });
    if (!queued) return { queued: false, reminderSentAt: row.reminderSentAt ?? now.toISOString() };
    await updateSubscriptionStaffFields(tx, id, { reminderSentAt: now });
    await recordAudit(tx, {
      actor: actorOf(ctx),
      partnersId: ctx.partner.id,
      action: 'subscription.reminder_sent',
      entityType: 'subscription',
      entityId: id,
      details: { failedPaymentsId: row.failedPaymentsId, to: row.donorEmail },
    });
    return { queued: true, reminderSentAt: now.toISOString() };
  });
}
