import { line } from '../../../test/giving-fixtures.ts';
import { DEMO_EXPIRED_GIFT_CODE, DEMO_EXPIRED_TRIAL_CODE, DEMO_LIGHTNING_CODE } from '../../seed/demo.ts';
import {
  type AccessRow,
  all,
  type AreaAccess,
  type PartnerObjects,
  payerEmail,
  q,
  studentsOf,
} from '../../../test/access-rows.ts';

/*
 * The giving area's rows of the access matrix (apps/server/test/access-matrix.test.ts): payment methods,
 * subscriptions, checkout, donations, gifts, trials and lightning links, receipts and statements, the
 * gateway's webhook, the sandbox gateway and the Donations section.
 * What a row says and how it runs: apps/server/test/access-rows.ts. A new route of this area adds its rows
 * here: `rows` (every viewer, every target), and either `masked` (its answer can carry a sponsored record)
 * or `carriesNoSponsoredRecord` (why it never does).
 */

function checkoutBody(o: PartnerObjects, interval?: 'month' | 'year') {
  const partner = o.subdomain === 'maple' ? 'maple' : 'demo';
  return {
    partnersId: o.partnersId,
    stripePaymentIntent: 'pm_card_visa',
    userSponsoreds: [line(interval ? o.openRecordForHelper : o.openRecord, 1, { type: 'teachers', partner })],
    email: payerEmail(),
    firstName: 'Matrix',
    lastName: 'Checkout',
    // The teachers plan: 50.00 a month, 12 times that a year.
    baseAmount: interval === 'year' ? 60000 : 5000,
    additionalAmount: 0,
    ...(interval ? { paymentInterval: interval } : {}),
  };
}

export const givingAccess: AreaAccess = {
  rows: [
    // ------------------------------------------------------------------ payments: the year's statement, cards, subscriptions, checkout, donations
    {
      route: 'GET /api/users/:id/statement',
      call: (o) => ({ path: `/api/users/${o.sponsorUserId}/statement?${q(o)}` }),
      staff: 403,
      expect: { A: '401 403 200 403 403 403 403', B: '401 403 200 403 403 403 403' },
    },
    {
      route: 'GET /api/payments/setupintent',
      call: (o) => ({ path: `/api/payments/setupintent?${q(o)}` }),
      staff: 200,
      expect: { A: '401 200 200 200 200 200 200', B: '401 200 200 200 200 200 200' },
    },
    {
      route: 'GET /api/payments/:userId/paymentmethods',
      call: (o) => ({ path: `/api/payments/${o.sponsorUserId}/paymentmethods?${q(o)}` }),
      staff: 403,
      expect: { A: '401 403 200 403 403 403 403', B: '401 403 200 403 403 403 403' },
    },
    {
      route: 'PUT /api/payments/updatedefaultpaymentmethod/:id',
      call: (o) => ({ path: `/api/payments/updatedefaultpaymentmethod/${o.methodInUse}?${q(o)}` }),
      staff: 404,
      expect: {
        A: '401 404 200 404 404 404 404',
        B: '401 404 200 404 404 404 404',
        BonA: '401 404 404 404 404 404 404',
      },
    },
    {
      route: 'GET /api/payments/subscriptiondetail/:id',
      call: (o) => ({ path: `/api/payments/subscriptiondetail/${o.subscriptionId}?${q(o)}` }),
      staff: 404,
      expect: {
        A: '401 404 200 404 404 404 404',
        B: '401 404 200 404 404 404 404',
        BonA: '401 404 404 404 404 404 404',
      },
    },
    {
      route: 'PUT /api/payments/updatesubscriptionpayment/:ordersId',
      call: (o) => ({
        path: `/api/payments/updatesubscriptionpayment/${o.ordersId}?${q(o)}`,
        body: { ordersId: o.ordersId, paymentMethodId: o.methodInUse },
      }),
      staff: 404,
      expect: {
        A: '401 404 200 404 404 404 404',
        B: '401 404 200 404 404 404 404',
        BonA: '401 404 404 404 404 404 404',
      },
    },
    {
      route: 'PUT /api/payments/resetsubscriptionprice/:id',
      call: (o) => ({ path: `/api/payments/resetsubscriptionprice/${o.subscriptionId}?${q(o)}` }),
      staff: 404,
      expect: {
        A: '401 404 200 404 404 404 404',
        B: '401 404 200 404 404 404 404',
        BonA: '401 404 404 404 404 404 404',
      },
    },
    {
      route: 'POST /api/payments/checkout/:interval',
      call: (o) => ({ path: `/api/payments/checkout/month?${q(o)}`, body: checkoutBody(o) }),
      staff: 200,
      expect: {
        A: '401 200 200 200 200 200 200',
        B: '401 200 200 200 200 200 200',
        BonA: '401 400 400 400 400 400 400',
      },
    },
    {
      route: 'POST /api/payments/checkout',
      call: (o) => ({ path: `/api/payments/checkout?${q(o)}`, body: checkoutBody(o, 'year') }),
      staff: 200,
      expect: {
        A: '401 200 200 200 200 200 200',
        B: '401 200 200 200 200 200 200',
        BonA: '401 400 400 400 400 400 400',
      },
    },
    {
      route: 'POST /api/payments',
      case: 'a general donation',
      call: (o) => ({
        path: `/api/payments?${q(o)}`,
        body: {
          partnersId: o.partnersId,
          amount: 10,
          firstName: 'Matrix',
          lastName: 'Donor',
          email: payerEmail(),
          token: 'pm_card_visa',
        },
      }),
      staff: 200,
      expect: { A: all(200), B: all(200) },
    },
    // ------------------------------------------------------------------ gifts, trials, lightning (decisions 047-049)
    // Maple (B) has the three features off: every call there is the 404 of a page that does not exist.
    {
      route: 'POST /api/gifts',
      case: 'a delivery date in the past (open to visitors; the feature gate, then 400)',
      call: (o) => ({
        path: `/api/gifts?${q(o)}`,
        body: {
          partnersId: o.partnersId,
          sponsoredsId: o.openRecord,
          months: 3,
          amount: 15000,
          recipientName: 'Matrix Friend',
          recipientEmail: 'matrix.friend@example.org',
          deliverOn: '2020-01-01',
          firstName: 'Matrix',
          lastName: 'Giver',
          email: payerEmail(),
          token: 'pm_card_visa',
        },
      }),
      staff: 400,
      expect: { A: all(400), B: all(404) },
    },
    {
      route: 'GET /api/gifts/redeem/:code',
      case: 'an expired code',
      call: (o) => ({ path: `/api/gifts/redeem/${DEMO_EXPIRED_GIFT_CODE}?${q(o)}` }),
      staff: 410,
      expect: { A: all(410), B: all(404) },
    },
    {
      route: 'POST /api/gifts/redeem/:code',
      case: 'an expired code (sign-in first)',
      call: (o) => ({ path: `/api/gifts/redeem/${DEMO_EXPIRED_GIFT_CODE}?${q(o)}`, body: {} }),
      staff: 410,
      expect: { A: '401 410 410 410 410 410 410', B: all(404) },
    },
    {
      route: 'GET /api/gifts/manage/:code',
      case: 'a manage code nobody has',
      call: (o) => ({ path: `/api/gifts/manage/NOSUCHMANAGECODE234?${q(o)}` }),
      staff: 404,
      expect: { A: all(404), B: all(404) },
    },
    {
      route: 'POST /api/gifts/manage/:code',
      case: 'a manage code nobody has',
      call: (o) => ({
        path: `/api/gifts/manage/NOSUCHMANAGECODE234?${q(o)}`,
        body: { recipientEmail: 'x@example.org' },
      }),
      staff: 404,
      expect: { A: all(404), B: all(404) },
    },
    {
      route: 'GET /api/trials/redeem/:code',
      case: 'an expired code',
      call: (o) => ({ path: `/api/trials/redeem/${DEMO_EXPIRED_TRIAL_CODE}?${q(o)}` }),
      staff: 410,
      expect: { A: all(410), B: all(404) },
    },
    {
      route: 'POST /api/trials/redeem/:code',
      case: 'an expired code (sign-in first)',
      call: (o) => ({ path: `/api/trials/redeem/${DEMO_EXPIRED_TRIAL_CODE}?${q(o)}`, body: {} }),
      staff: 410,
      expect: { A: '401 410 410 410 410 410 410', B: all(404) },
    },
    {
      route: 'GET /api/lightning/:sponsoredType/:code',
      call: (o) => ({ path: `/api/lightning/students/${DEMO_LIGHTNING_CODE}?${q(o)}` }),
      staff: 200,
      expect: { A: all(200), B: all(404) },
    },
    {
      route: 'GET /api/lightning/:sponsoredType',
      call: (o) => ({ path: `/api/lightning/students?${q(o)}` }),
      staff: 200,
      expect: { A: all(200), B: all(404) },
    },
    {
      route: 'GET /api/dashboard/giving-codes',
      call: (o) => ({ path: `/api/dashboard/giving-codes?${q(o)}` }),
      staff: { action: 'donations.view', granted: 200, denied: 403 },
      expect: { A: '401 403 403 200 200 403 200', B: all(404) },
    },
    {
      route: 'GET /api/dashboard/gifts',
      call: (o) => ({ path: `/api/dashboard/gifts?${q(o)}&pageSize=5` }),
      staff: { action: 'donations.view', granted: 200, denied: 403 },
      expect: { A: '401 403 403 200 200 403 200', B: all(404) },
    },
    {
      route: 'GET /api/dashboard/gifts/:id',
      case: 'a gift that does not exist',
      call: (o) => ({ path: `/api/dashboard/gifts/99999999?${q(o)}` }),
      staff: { action: 'donations.view', granted: 404, denied: 403 },
      expect: { A: '401 403 403 404 404 403 404', B: all(404) },
    },
    {
      route: 'GET /api/dashboard/trials',
      call: (o) => ({ path: `/api/dashboard/trials?${q(o)}&pageSize=5` }),
      staff: { action: 'donations.view', granted: 200, denied: 403 },
      expect: { A: '401 403 403 200 200 403 200', B: all(404) },
    },
    {
      route: 'GET /api/dashboard/lightning',
      // A program-scoped person gets an empty list: links name no program.
      call: (o) => ({ path: `/api/dashboard/lightning?${q(o)}&pageSize=5` }),
      staff: { action: 'donations.view', granted: 200, denied: 403 },
      expect: { A: '401 403 403 200 200 403 200', B: all(404) },
    },
    {
      route: 'POST /api/dashboard/trials/:id/withdraw',
      case: 'a code that does not exist',
      call: (o) => ({
        path: `/api/dashboard/trials/99999999/withdraw?${q(o)}`,
        body: { action: 'revoke', reason: 'Matrix' },
      }),
      // Withdrawing codes is codes.manage, a partner-level action (decision 059).
      staff: { action: 'codes.manage', granted: 404, denied: 403 },
      expect: { A: '401 403 403 404 403 403 404', B: all(404) },
    },
    {
      route: 'POST /api/dashboard/lightning/:id/withdraw',
      case: 'a link that does not exist',
      call: (o) => ({
        path: `/api/dashboard/lightning/99999999/withdraw?${q(o)}`,
        body: { reason: 'Matrix' },
      }),
      staff: { action: 'codes.manage', granted: 404, denied: 403 },
      expect: { A: '401 403 403 404 403 403 404', B: all(404) },
    },
    {
      route: 'GET /api/dashboard/lightning/:code/qr',
      // The QR code carries the link's code: codes.manage, partner-wide (decision 052).
      call: (o) => ({ path: `/api/dashboard/lightning/${DEMO_LIGHTNING_CODE}/qr?${q(o)}` }),
      staff: { action: 'codes.manage', granted: 200, denied: 403 },
      expect: { A: '401 403 403 200 403 403 200', B: all(404) },
    },
    {
      route: 'POST /api/dashboard/trials',
      case: 'partner-wide codes: a program-scoped person is refused as outside their program',
      call: (o) => ({
        path: `/api/dashboard/trials?${q(o)}`,
        body: { count: 1, days: 7, partnerSponsoredTypesId: null, batch: 'matrix' },
      }),
      // Issuing codes is codes.manage, a partner-level action (decision 052).
      staff: { action: 'codes.manage', granted: 200, denied: 403 },
      expect: { A: '401 403 403 200 403 403 200', B: all(404) },
    },
    {
      route: 'POST /api/dashboard/lightning',
      case: 'partner-wide links: a program-scoped person is refused as outside their program',
      call: (o) => ({
        path: `/api/dashboard/lightning?${q(o)}`,
        body: { campaign: 'Matrix campaign', partnerSponsoredTypesId: studentsOf(o) },
      }),
      // Issuing codes is codes.manage, a partner-level action (decision 052).
      staff: { action: 'codes.manage', granted: 200, denied: 403 },
      expect: { A: '401 403 403 200 403 403 200', B: all(404) },
    },
    // ------------------------------------------------------------------ receipts, the gateway's webhook, the sandbox gateway
    {
      route: 'GET /api/receipts/:code',
      call: (o) => ({ path: `/api/receipts/${o.receiptCode}?${q(o)}` }),
      staff: 200,
      expect: { A: all(200), B: all(200), BonA: all(404) },
    },
    {
      route: 'GET /api/receipts/:code/pdf',
      call: (o) => ({ path: `/api/receipts/${o.receiptCode}/pdf?${q(o)}` }),
      staff: 200,
      expect: { A: all(200), B: all(200), BonA: all(404) },
    },
    {
      route: 'POST /api/payments/webhook',
      case: 'an unsigned delivery',
      call: () => ({ path: '/api/payments/webhook', body: { id: 'evt_forged', type: 'invoice.paid' } }),
      staff: 400,
      expect: { A: all(400), B: all(400) },
    },
    {
      route: 'POST /api/sandbox/paymentmethods',
      call: (o) => ({
        path: `/api/sandbox/paymentmethods?${q(o)}`,
        body: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
      }),
      staff: 200,
      expect: { A: all(200), B: all(200) },
    },
    {
      route: 'POST /api/sandbox/setupintents/:id/confirm',
      case: 'the sponsor’s setup intent with its client secret',
      call: (o) => ({
        path: `/api/sandbox/setupintents/${o.setupIntent.id}/confirm?${q(o)}`,
        body: { clientSecret: o.setupIntent.clientSecret, paymentMethod: 'pm_card_amex' },
      }),
      staff: 400,
      expect: { A: '200 400 400 400 400 400 400', B: '200 400 400 400 400 400 400' },
    },
    {
      route: 'POST /api/sandbox/setupintents/:id/confirm',
      case: 'a setup intent with a guessed client secret',
      call: (o) => ({
        path: `/api/sandbox/setupintents/${o.setupIntent.id}/confirm?${q(o)}`,
        body: { clientSecret: 'seti_guess_secret', paymentMethod: 'pm_card_amex' },
      }),
      staff: 400,
      expect: { A: all(400), B: all(400) },
    },
    // ------------------------------------------------------------------ issue 13: the Donations section
    ...(['payments', 'subscriptions', 'delinquent'] as const).map((list): AccessRow => ({
      route: `GET /api/dashboard/donations/${list}`,
      call: (o) => ({ path: `/api/dashboard/donations/${list}?${q(o)}` }),
      staff: { action: 'donations.view', granted: 200, denied: 403 },
      expect: { A: '401 403 403 200 200 403 200', B: '401 403 403 403 403 200 200' },
    })),
    {
      route: 'POST /api/dashboard/donations/payments/:id/refund',
      case: 'a payment nobody has (the access check comes first, then 404)',
      call: (o) => ({
        path: `/api/dashboard/donations/payments/99999999/refund?${q(o)}`,
        body: { amount: 100, reason: 'Matrix', requestKey: 'matrix-refund-key' },
      }),
      staff: { action: 'donations.refund', granted: 404, denied: 403 },
      expect: { A: '401 403 403 404 403 403 404', B: '401 403 403 403 403 404 404' },
    },
    ...(['cancel', 'retry', 'remind'] as const).map((act): AccessRow => ({
      route: `POST /api/dashboard/donations/subscriptions/:id/${act}`,
      case: 'a subscription nobody has (the access check comes first, then 404)',
      call: (o) => ({
        path: `/api/dashboard/donations/subscriptions/99999999/${act}?${q(o)}`,
        body:
          act === 'cancel' ? { reason: 'Matrix' } : act === 'retry' ? { requestKey: 'matrix-retry-key' } : {},
      }),
      staff: { action: 'donations.refund', granted: 404, denied: 403 },
      expect: { A: '401 403 403 404 403 403 404', B: '401 403 403 403 403 404 404' },
    })),
    // Removes the sponsor's spare card: after every other row (`destroys`), whatever its area.
    {
      route: 'DELETE /api/payments/paymentmethod/:id',
      destroys: 'object',
      call: (o) => ({ path: `/api/payments/paymentmethod/${o.spareMethod}?${q(o)}` }),
      staff: 404,
      expect: {
        BonA: '401 404 404 404 404 404 404',
        A: '401 404 204 404 404 404 404',
        B: '401 404 204 404 404 404 404',
      },
    },
  ],
  masked: [
    {
      route: 'GET /api/users/:id/statement',
      path: (m) => `/api/users/${m.outsiderId}/statement?partnersId=2`,
      expect: '401 403 403 403 403 403 200',
    },
    {
      route: 'GET /api/payments/subscriptiondetail/:id',
      path: (m) => `/api/payments/subscriptiondetail/${m.subscriptionId}?partnersId=2`,
      expect: '401 404 404 404 404 404 200',
    },
    {
      route: 'GET /api/receipts/:code',
      path: (m) => `/api/receipts/${m.receiptCode}?partnersId=2`,
      expect: '200 200 200 200 200 200 200',
    },
    {
      route: 'GET /api/receipts/:code/pdf',
      path: (m) => `/api/receipts/${m.receiptCode}/pdf?partnersId=2`,
      expect: '200 200 200 200 200 200 200',
    },
  ],
  carriesNoSponsoredRecord: {
    // Issue 15: a code's or link's record is named only when it is not masked (gifts' codeRecordOf),
    // for every viewer alike; the staff list names records by first name or title only.
    'POST /api/gifts': 'the receipt link and the giver’s manage code',
    'GET /api/gifts/redeem/:code': 'the gift’s record: first name and picture only when not masked',
    'POST /api/gifts/redeem/:code': 'ids and the end date',
    'GET /api/gifts/manage/:code': 'the recipient’s name and address, to the giver',
    'POST /api/gifts/manage/:code': 'the recipient’s name and address, to the giver',
    'GET /api/trials/redeem/:code': 'the trial’s record: first name and picture only when not masked',
    'POST /api/trials/redeem/:code': 'ids and the end date',
    'GET /api/lightning/:sponsoredType/:code': 'the next record: first name and picture only when not masked',
    'GET /api/lightning/:sponsoredType': 'the next record: first name and picture only when not masked',
    'GET /api/dashboard/giving-codes':
      'gifts, codes and links with a record’s first name or title, to donations.view',
    'POST /api/dashboard/trials': 'the new codes',
    'POST /api/dashboard/lightning': 'the new link',
    'GET /api/dashboard/lightning/:code/qr': 'a QR code',
    'GET /api/dashboard/gifts': 'gifts with a record’s first name or title, to donations.view',
    'GET /api/dashboard/gifts/:id':
      'a gift with its record’s first name or title and type, to donations.view',
    'GET /api/dashboard/trials': 'trial codes with a record’s first name or title, to donations.view',
    'GET /api/dashboard/lightning': 'links with a record’s first name or title, to donations.view',
    'POST /api/dashboard/trials/:id/withdraw': 'the withdrawn code with a record’s first name or title',
    'POST /api/dashboard/lightning/:id/withdraw': 'the revoked link with a record’s first name or title',
    'GET /api/payments/setupintent': 'a setup intent',
    'GET /api/payments/:userId/paymentmethods': 'payment methods',
    'DELETE /api/payments/paymentmethod/:id': 'no body',
    'PUT /api/payments/updatedefaultpaymentmethod/:id': 'payment methods',
    'PUT /api/payments/updatesubscriptionpayment/:ordersId':
      'the subscription detail, self only: covered by its GET',
    'PUT /api/payments/resetsubscriptionprice/:id': 'the subscription detail, self only: covered by its GET',
    'POST /api/payments/checkout/:interval': 'a receipt address; its errors name records by first name',
    'POST /api/payments/checkout': 'a receipt address; its errors name records by first name',
    'POST /api/payments': 'a receipt address',
    'POST /api/payments/webhook': 'a provider delivery',
    'POST /api/sandbox/paymentmethods': 'a payment method',
    'POST /api/sandbox/setupintents/:id/confirm': 'a setup intent',
    // Issue 13: the Donations section names records by code only, never by name, birthday or picture.
    'GET /api/dashboard/donations/payments': 'payments with the donor’s contact and record codes',
    'GET /api/dashboard/donations/subscriptions': 'subscriptions with the donor’s contact and record codes',
    'GET /api/dashboard/donations/delinquent': 'failed renewals with the donor’s contact and record codes',
    'POST /api/dashboard/donations/payments/:id/refund': 'the payment with record codes',
    'POST /api/dashboard/donations/subscriptions/:id/cancel': 'the subscription with record codes',
    'POST /api/dashboard/donations/subscriptions/:id/retry': 'the outcome of the attempt',
    'POST /api/dashboard/donations/subscriptions/:id/remind': 'whether the email was queued',
  },
};
