import type { GivingKind, PaymentListStatus, SubscriptionListStatus } from '@kinship/domain';
import { defineMessages, type MessageDescriptor } from 'react-intl';
import { loose } from '../../../i18n/loose-messages';

/** The domain's GIVING_KIND_LABELS as catalogue messages (a test holds their English equal). */
export const givingKindMessages = defineMessages({
  sponsorship: { id: 'staff.donations.kind.sponsorship', defaultMessage: 'Sponsorship' },
  donation: { id: 'staff.donations.kind.donation', defaultMessage: 'General donation' },
  initiative: { id: 'staff.donations.kind.initiative', defaultMessage: 'Initiative' },
}) satisfies Record<GivingKind, MessageDescriptor>;

/** The domain's PAYMENT_STATUS_LABELS as catalogue messages. */
export const paymentStatusMessages = defineMessages({
  succeeded: { id: 'staff.donations.paymentStatus.succeeded', defaultMessage: 'Paid' },
  partially_refunded: {
    id: 'staff.donations.paymentStatus.partiallyRefunded',
    defaultMessage: 'Partly refunded',
  },
  refunded: { id: 'staff.donations.paymentStatus.refunded', defaultMessage: 'Refunded' },
  failed: { id: 'staff.donations.paymentStatus.failed', defaultMessage: 'Failed' },
  pending: { id: 'staff.donations.paymentStatus.pending', defaultMessage: 'Pending' },
}) satisfies Record<PaymentListStatus, MessageDescriptor>;

/** The domain's SUBSCRIPTION_STATUS_LABELS as catalogue messages. */
export const subscriptionStatusMessages = defineMessages({
  active: { id: 'staff.donations.subscriptionStatus.active', defaultMessage: 'Active' },
  past_due: { id: 'staff.donations.subscriptionStatus.pastDue', defaultMessage: 'Past due' },
  unpaid: { id: 'staff.donations.subscriptionStatus.unpaid', defaultMessage: 'Unpaid' },
  canceled: { id: 'staff.donations.subscriptionStatus.canceled', defaultMessage: 'Canceled' },
  incomplete: { id: 'staff.donations.subscriptionStatus.incomplete', defaultMessage: 'Incomplete' },
  incomplete_expired: { id: 'staff.donations.subscriptionStatus.expired', defaultMessage: 'Expired' },
}) satisfies Record<SubscriptionListStatus, MessageDescriptor>;

/** A dispute's stage at the payment provider. */
export const disputeMessages = defineMessages({
  lost: { id: 'staff.donations.dispute.lost', defaultMessage: 'Dispute lost' },
  won: { id: 'staff.donations.dispute.won', defaultMessage: 'Dispute won' },
  inquiryClosed: { id: 'staff.donations.dispute.inquiryClosed', defaultMessage: 'Dispute inquiry closed' },
  underReview: { id: 'staff.donations.dispute.underReview', defaultMessage: 'Dispute under review' },
  needsResponse: {
    id: 'staff.donations.dispute.needsResponse',
    defaultMessage: 'Disputed: a response is needed',
  },
});

export const donationMessages = loose(
  defineMessages({
    title: { id: 'staff.donations.title', defaultMessage: 'Donations' },
    tabPayments: { id: 'staff.donations.tab.payments', defaultMessage: 'Payments' },
    tabSubscriptions: { id: 'staff.donations.tab.subscriptions', defaultMessage: 'Subscriptions' },
    tabDelinquent: { id: 'staff.donations.tab.delinquent', defaultMessage: 'Failed renewals' },
    program: { id: 'staff.donations.program', defaultMessage: 'Program' },
    all: { id: 'staff.donations.all', defaultMessage: 'All' },
    unknownDonor: { id: 'staff.donations.unknownDonor', defaultMessage: 'Unknown donor' },
    disputeLine: { id: 'staff.donations.dispute.line', defaultMessage: '{stage} · {amount}' },
    perInterval: {
      id: 'staff.donations.perInterval',
      defaultMessage: '{amount} / {interval, select, month {month} year {year} other {{interval}}}',
    },
    columnDate: { id: 'staff.donations.column.date', defaultMessage: 'Date' },
    columnDonor: { id: 'staff.donations.column.donor', defaultMessage: 'Donor' },
    columnEmail: { id: 'staff.donations.column.email', defaultMessage: 'Email' },
    columnKind: { id: 'staff.donations.column.kind', defaultMessage: 'Kind' },
    columnFor: { id: 'staff.donations.column.for', defaultMessage: 'For' },
    columnAmount: { id: 'staff.donations.column.amount', defaultMessage: 'Amount' },
    columnStatus: { id: 'staff.donations.column.status', defaultMessage: 'Status' },
    columnReceipt: { id: 'staff.donations.column.receipt', defaultMessage: 'Receipt' },
    columnStarted: { id: 'staff.donations.column.started', defaultMessage: 'Started' },
    columnRecords: { id: 'staff.donations.column.records', defaultMessage: 'Records' },
    columnNextPayment: { id: 'staff.donations.column.nextPayment', defaultMessage: 'Next payment' },
    columnCard: { id: 'staff.donations.column.card', defaultMessage: 'Card' },
    columnDecline: { id: 'staff.donations.column.decline', defaultMessage: 'Decline' },
    columnPaymentMethod: { id: 'staff.donations.column.paymentMethod', defaultMessage: 'Payment method' },
    columnActions: { id: 'staff.donations.column.actions', defaultMessage: 'Actions' },
    refundedAmount: { id: 'staff.donations.refundedAmount', defaultMessage: '{amount} refunded' },
    refundedAtProvider: {
      id: 'staff.donations.refundedAtProvider',
      defaultMessage: 'Refunded at the payment provider',
    },
    statusWithDispute: { id: 'staff.donations.statusWithDispute', defaultMessage: '{status} ({dispute})' },
    receiptLink: { id: 'staff.donations.receiptLink', defaultMessage: 'Receipt' },
    refund: { id: 'staff.donations.refund', defaultMessage: 'Refund' },
    paymentsSearch: {
      id: 'staff.donations.payments.search',
      defaultMessage: 'Search donor name, email or receipt',
    },
    paymentsEmpty: { id: 'staff.donations.payments.empty', defaultMessage: 'No payments match.' },
    refundTooSmall: {
      id: 'staff.donations.refund.tooSmall',
      defaultMessage: 'Enter an amount of at least {amount}.',
    },
    refundTooLarge: {
      id: 'staff.donations.refund.tooLarge',
      defaultMessage: 'You can refund at most {amount} of this payment.',
    },
    refundTitle: { id: 'staff.donations.refund.title', defaultMessage: 'Refund a payment' },
    refundMade: { id: 'staff.donations.refund.made', defaultMessage: 'Refund made' },
    refundPending: {
      id: 'staff.donations.refund.pending',
      defaultMessage:
        'The payment provider could not be reached; the refund is recorded and will be completed automatically.',
    },
    refundDone: {
      id: 'staff.donations.refund.done',
      defaultMessage: '{amount} was refunded. The donor has been emailed and their receipt shows the refund.',
    },
    close: { id: 'staff.donations.close', defaultMessage: 'Close' },
    refundSummary: {
      id: 'staff.donations.refund.summary',
      defaultMessage: '{donor} · {description} · {date}',
    },
    refundPaid: {
      id: 'staff.donations.refund.paid',
      defaultMessage: 'Paid {paid}. Up to {refundable} can be refunded.',
    },
    refundPaidPartly: {
      id: 'staff.donations.refund.paidPartly',
      defaultMessage: 'Paid {paid}, {refunded} refunded already. Up to {refundable} can be refunded.',
    },
    refundAmount: { id: 'staff.donations.refund.amount', defaultMessage: 'Amount to refund' },
    reason: { id: 'staff.donations.reason', defaultMessage: 'Reason' },
    refundReasonHelp: {
      id: 'staff.donations.refund.reasonHelp',
      defaultMessage: 'Recorded with the refund; the donor does not see it.',
    },
    cancel: { id: 'staff.donations.cancel', defaultMessage: 'Cancel' },
    subscriptionsSearch: {
      id: 'staff.donations.subscriptions.search',
      defaultMessage: 'Search donor name or email',
    },
    subscriptionsEmpty: {
      id: 'staff.donations.subscriptions.empty',
      defaultMessage: 'No subscriptions match.',
    },
    cancelTitle: { id: 'staff.donations.cancel.title', defaultMessage: 'Cancel a subscription' },
    cancelSubmit: { id: 'staff.donations.cancel.submit', defaultMessage: 'Cancel subscription' },
    cancelKeep: { id: 'staff.donations.cancel.keep', defaultMessage: 'Keep it' },
    cancelSummary: { id: 'staff.donations.cancel.summary', defaultMessage: '{donor} · {amount} · {records}' },
    cancelExplain: {
      id: 'staff.donations.cancel.explain',
      defaultMessage:
        'No further payments will be taken, the sponsorships end and their slots open again. The donor is emailed.',
    },
    delinquentIntro: {
      id: 'staff.donations.delinquent.intro',
      defaultMessage:
        'Sponsorships whose renewal payment failed and is not paid yet, with the card’s decline. Send the donor a reminder to update their card, or retry the payment once they have.',
    },
    delinquentRow: { id: 'staff.donations.delinquent.row', defaultMessage: 'Failed renewal of {donor}' },
    delinquentRowUnknown: {
      id: 'staff.donations.delinquent.rowUnknown',
      defaultMessage: 'Failed renewal of a donor',
    },
    delinquentSearch: { id: 'staff.donations.delinquent.search', defaultMessage: 'Search failed renewals' },
    delinquentEmpty: {
      id: 'staff.donations.delinquent.empty',
      defaultMessage: 'No failed renewals. Every sponsorship is paid up.',
    },
    delinquentAmount: { id: 'staff.donations.delinquent.amount', defaultMessage: '{amount} · {records}' },
    noRecords: { id: 'staff.donations.delinquent.noRecords', defaultMessage: 'no records' },
    declinedOn: {
      id: 'staff.donations.delinquent.declinedOn',
      defaultMessage: '<b>Declined {date}:</b> {decline}',
    },
    failedAttempts: {
      id: 'staff.donations.delinquent.failedAttempts',
      defaultMessage: '{count, plural, one {# failed attempt} other {# failed attempts}}',
    },
    reminderSentOn: {
      id: 'staff.donations.delinquent.reminderSentOn',
      defaultMessage: 'reminder sent {date}',
    },
    declineCsv: { id: 'staff.donations.delinquent.declineCsv', defaultMessage: '{date}: {decline}' },
    paymentFailed: { id: 'staff.donations.delinquent.paymentFailed', defaultMessage: 'The payment failed.' },
    declineWithCode: {
      id: 'staff.donations.delinquent.declineWithCode',
      defaultMessage: '{message} ({code})',
    },
    reminderSentTo: {
      id: 'staff.donations.delinquent.reminderSentTo',
      defaultMessage: 'Reminder sent to {email}.',
    },
    reminderSentToDonor: {
      id: 'staff.donations.delinquent.reminderSentToDonor',
      defaultMessage: 'Reminder sent to the donor.',
    },
    reminderAlreadySent: {
      id: 'staff.donations.delinquent.reminderAlreadySent',
      defaultMessage: 'A reminder about this failed payment was already sent.',
    },
    retryPaid: {
      id: 'staff.donations.delinquent.retryPaid',
      defaultMessage: 'The payment went through; the subscription is active again.',
    },
    retryDeclined: {
      id: 'staff.donations.delinquent.retryDeclined',
      defaultMessage: 'Declined again: {message}',
    },
    retryDeclinedDefault: {
      id: 'staff.donations.delinquent.retryDeclinedDefault',
      defaultMessage: 'the card was declined.',
    },
    sendReminder: { id: 'staff.donations.delinquent.sendReminder', defaultMessage: 'Send reminder' },
    retryPayment: { id: 'staff.donations.delinquent.retryPayment', defaultMessage: 'Retry payment' },
  }),
);
