import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP double of the Stripe API at its boundary, for the official SDK pointed at it with
 * `new Stripe(key, { host: '127.0.0.1', port, protocol: 'http' })`. It speaks Stripe's wire format
 * (form-encoded bodies with bracketed keys, JSON objects, `{ error: {...} }` envelopes, OAuth's
 * `{ error, error_description }`), keeps objects per connected account (the Stripe-Account header),
 * replays idempotent POSTs, and RECORDS every request so tests can assert what the SDK sent.
 *
 * It implements only what StripeGateway calls; see COVERAGE below.
 */
export const COVERAGE = {
  endpoints: [
    'POST /v1/customers',
    'GET /v1/customers/:id',
    'POST /v1/customers/:id (invoice_settings.default_payment_method, email, name, metadata)',
    'GET /v1/customers/:id/payment_methods',
    'GET /v1/payment_methods?customer=',
    'GET /v1/payment_methods/:id',
    'POST /v1/payment_methods/:id/attach',
    'POST /v1/payment_methods/:id/detach',
    'POST /v1/setup_intents',
    'POST /v1/payment_intents (confirm=true only)',
    'GET /v1/payment_intents/:id',
    'POST /v1/prices (product or product_data, recurring)',
    'POST /v1/subscriptions (one item, payment_behavior error_if_incomplete / default_incomplete)',
    'GET /v1/subscriptions/:id',
    'POST /v1/subscriptions/:id (default_payment_method, items[0] price/quantity, metadata)',
    'DELETE /v1/subscriptions/:id',
    'GET /v1/invoices/:id',
    'POST /v1/invoices/:id/pay (an open invoice, optional payment_method)',
    'POST /v1/refunds (charge or payment_intent, optional amount, metadata)',
    'GET /v1/invoice_payments (payment[type]=payment_intent with payment[payment_intent], or invoice)',
    'POST /oauth/token (grant_type=authorization_code)',
  ],
  testPaymentMethods: [
    'pm_card_visa',
    'pm_card_mastercard',
    'pm_card_amex',
    'pm_card_discover',
    'pm_card_chargeDeclined',
    'pm_card_chargeDeclinedInsufficientFunds',
    'pm_card_chargeDeclinedExpiredCard',
    'pm_card_chargeDeclinedIncorrectCvc',
    'pm_card_chargeCustomerFail',
    'pm_usBankAccount',
    'pm_acssDebit',
  ],
} as const;

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, unknown>;
  /** Lower-cased header names. */
  headers: Record<string, string>;
  /** The parsed form body (nested objects and arrays rebuilt from bracketed keys). */
  body: Record<string, unknown>;
  stripeAccount: string | null;
  idempotencyKey: string | null;
  status: number;
}

type Json = Record<string, unknown>;
type Behaviour =
  'succeed' | 'generic_decline' | 'insufficient_funds' | 'expired_card' | 'incorrect_cvc' | 'customer_fail';

interface TestMethod {
  type: 'card' | 'us_bank_account' | 'acss_debit';
  details: Json;
  behaviour: Behaviour;
}

const card = (brand: string, last4: string, behaviour: Behaviour = 'succeed'): TestMethod => ({
  type: 'card',
  details: {
    brand,
    last4,
    exp_month: 12,
    exp_year: new Date().getUTCFullYear() + 3,
    country: 'US',
    funding: 'credit',
  },
  behaviour,
});

/** Stripe's test PaymentMethod ids (https://docs.stripe.com/testing) and what each does. */
const TEST_METHODS: Record<string, TestMethod> = {
  pm_card_visa: card('visa', '4242'),
  pm_card_mastercard: card('mastercard', '4444'),
  pm_card_amex: card('amex', '8431'),
  pm_card_discover: card('discover', '1117'),
  pm_card_chargeDeclined: card('visa', '0002', 'generic_decline'),
  pm_card_chargeDeclinedInsufficientFunds: card('visa', '9995', 'insufficient_funds'),
  pm_card_chargeDeclinedExpiredCard: card('visa', '0069', 'expired_card'),
  pm_card_chargeDeclinedIncorrectCvc: card('visa', '0127', 'incorrect_cvc'),
  // Attaching succeeds; every charge fails (Stripe's 4000 0000 0000 0341).
  pm_card_chargeCustomerFail: card('visa', '0341', 'customer_fail'),
  pm_usBankAccount: {
    type: 'us_bank_account',
    details: {
      bank_name: 'STRIPE TEST BANK',
      last4: '6789',
      routing_number: '110000000',
      account_type: 'checking',
      account_holder_type: 'individual',
    },
    behaviour: 'succeed',
  },
  pm_acssDebit: {
    type: 'acss_debit',
    details: {
      bank_name: 'STRIPE TEST BANK',
      last4: '6789',
      institution_number: '000',
      transit_number: '11000',
    },
    behaviour: 'succeed',
  },
};

const DECLINES: Record<
  Exclude<Behaviour, 'succeed'>,
  { code: string; decline_code?: string; message: string }
> = {
  generic_decline: {
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: 'Your card was declined.',
  },
  customer_fail: {
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: 'Your card was declined.',
  },
  insufficient_funds: {
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  expired_card: { code: 'expired_card', message: 'Your card has expired.' },
  incorrect_cvc: { code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
};

class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
  ) {
    super(String((body.error as Json | undefined)?.message ?? body.error_description ?? 'error'));
  }
}

const invalidRequest = (message: string, param?: string, code?: string) =>
  new StripeFailure(400, {
    error: { type: 'invalid_request_error', message, ...(param ? { param } : {}), ...(code ? { code } : {}) },
  });
const missing = (kind: string, id: string, param = 'id') =>
  new StripeFailure(404, {
    error: {
      type: 'invalid_request_error',
      code: 'resource_missing',
      param,
      message: `No such ${kind}: '${id}'`,
    },
  });

/**
 * Parses Stripe's form encoding: `a[b][0][c]=x` → { a: { b: [ { c: 'x' } ] } }. Values stay strings,
 * as Stripe receives them; an empty value is an empty string (Stripe's "unset").
 */
export function parseStripeForm(text: string): Json {
  const root: Json = {};
  if (!text) return root;
  for (const pair of text.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const rawKey = decodeURIComponent((eq < 0 ? pair : pair.slice(0, eq)).replace(/\+/g, ' '));
    const value = eq < 0 ? '' : decodeURIComponent(pair.slice(eq + 1).replace(/\+/g, ' '));
    const first = rawKey.split('[')[0]!;
    const rest = [...rawKey.slice(first.length).matchAll(/\[([^\]]*)\]/g)].map((m) => m[1]!);
    const keys = [first, ...rest];
    let node: Json | unknown[] = root;
    keys.forEach((key, i) => {
      const last = i === keys.length - 1;
      const container = node as Record<string, unknown>;
      const slot = key === '' && Array.isArray(node) ? String(node.length) : key;
      if (last) {
        container[slot] = value;
        return;
      }
      const nextIsIndex = /^\d*$/.test(keys[i + 1]!);
      container[slot] ??= nextIsIndex ? [] : {};
      node = container[slot] as Json | unknown[];
    });
  }
  return root;
}

const str = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;
const int = (value: unknown, param: string): number => {
  if (typeof value !== 'string' || !/^-?\d+$/.test(value))
    throw invalidRequest(`Invalid integer: ${String(value)}`, param);
  return Number(value);
};
const meta = (value: unknown): Json => (value && typeof value === 'object' ? (value as Json) : {});
const asList = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value && typeof value === 'object' ? Object.values(value) : [];

/** The same calendar day `months` later (clamped to the month's end), as Stripe bills periods. */
export function addMonths(epochSeconds: number, months: number): number {
  const d = new Date(epochSeconds * 1000);
  const day = d.getUTCDate();
  const target = new Date(
    Date.UTC(
      d.getUTCFullYear(),
      d.getUTCMonth() + months,
      1,
      d.getUTCHours(),
      d.getUTCMinutes(),
      d.getUTCSeconds(),
    ),
  );
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return Math.floor(target.getTime() / 1000);
}

interface Stored {
  account: string | null;
  object: Json;
}

interface IdempotentResult {
  fingerprint: string;
  status: number;
  body: Json;
}

export interface StripeDouble {
  readonly host: '127.0.0.1';
  readonly port: number;
  readonly protocol: 'http';
  readonly secretKey: string;
  readonly publishableKey: string;
  readonly clientId: string;
  readonly webhookSecret: string;
  /** Every request received, oldest first. */
  readonly requests: RecordedRequest[];
  clearRequests(): void;
  /** The next `times` requests (optionally only those whose path matches) answer `status` with an api_error. */
  failNext(options: { status: number; times?: number; path?: RegExp; shouldRetry?: boolean }): void;
  /** A one-time Connect authorization code that /oauth/token exchanges for `accountId`. */
  issueAuthorizationCode(accountId?: string): string;
  /** A stored object by id, as the API would render it (for assertions). */
  object(id: string): Json | undefined;
  /**
   * Stripe's renewal of a subscription coming due now (what its billing clock would do): a new
   * invoice for the next period charged to the default payment method; paid, the period advances;
   * declined, the invoice stays open and the subscription becomes past_due.
   */
  renew(accountId: string, subscriptionId: string): { invoiceId: string; paid: boolean };
  /**
   * A refund made in the partner's Stripe dashboard (not through the API Kinship uses) of a charge,
   * payment intent or paid invoice: the refund and the charge after it, as webhooks carry them.
   */
  refundOutside(accountId: string, ref: string, amount: number | null): { refund: Json; charge: Json };
  /** The charge behind a charge, payment intent or paid invoice id, as the API renders it. */
  chargeOf(accountId: string, ref: string): Json;
  /** A dispute of a charge (or of a payment intent or paid invoice) in the given state, as its webhooks carry it. */
  dispute(
    accountId: string,
    ref: string,
    status: string,
    options?: { amount?: number; reason?: string },
  ): Json;
  /** Environment for startTestApp / loadConfig that points the server's StripeGateway here. */
  env(): Record<string, string>;
  close(): Promise<void>;
}

export async function startStripeDouble(
  options: { secretKey?: string; webhookSecret?: string; clientId?: string } = {},
): Promise<StripeDouble> {
  const secretKey = options.secretKey ?? `sk_test_double_${randomBytes(6).toString('hex')}`;
  const publishableKey = 'pk_test_double';
  const clientId = options.clientId ?? 'ca_double_client';
  const webhookSecret = options.webhookSecret ?? `whsec_double_${randomBytes(8).toString('hex')}`;
  const requests: RecordedRequest[] = [];
  const objects = new Map<string, Stored>();
  const idempotent = new Map<string, IdempotentResult>();
  const authorizationCodes = new Map<string, string>();
  const failures: { status: number; times: number; path?: RegExp; shouldRetry?: boolean }[] = [];
  let sequence = 0;

  const now = () => Math.floor(Date.now() / 1000);
  const newId = (prefix: string) =>
    `${prefix}_${(++sequence).toString(36).padStart(6, '0')}${randomBytes(6).toString('hex')}`;

  function put(account: string | null, object: Json): Json {
    objects.set(object.id as string, { account, object });
    return object;
  }

  /** An object of `kind` visible to this account (objects of another account do not exist here). */
  function get(account: string | null, id: string, kind: string, param = 'id'): Json {
    const stored = objects.get(id);
    if (!stored || stored.account !== account || stored.object.object !== kind)
      throw missing(kind, id, param);
    return stored.object;
  }

  function paymentMethodFor(account: string | null, id: string, param = 'payment_method'): Json {
    const test = TEST_METHODS[id];
    if (test) {
      // A test id stands for a fresh PaymentMethod each time it is used, as on Stripe.
      return put(account, {
        id: newId('pm'),
        object: 'payment_method',
        type: test.type,
        [test.type]: { ...test.details },
        billing_details: { address: null, email: null, name: null, phone: null },
        customer: null,
        created: now(),
        livemode: false,
        metadata: {},
        _behaviour: test.behaviour,
      });
    }
    return get(account, id, 'payment_method', param);
  }

  function declineFor(method: Json, extra: Json = {}): StripeFailure | null {
    const behaviour = method._behaviour as Behaviour;
    if (behaviour === 'succeed') return null;
    const decline = DECLINES[behaviour];
    return new StripeFailure(402, {
      error: {
        type: 'card_error',
        ...decline,
        doc_url: `https://docs.stripe.com/error-codes/${decline.code.replace(/_/g, '-')}`,
        payment_method: render(method),
        ...extra,
      },
    });
  }

  /** Strips the double's private fields (prefixed _) from what the API answers. */
  function render(object: Json): Json {
    return Object.fromEntries(Object.entries(object).filter(([k]) => !k.startsWith('_')));
  }

  function list(data: Json[], url: string): Json {
    return { object: 'list', data: data.map(render), has_more: false, url };
  }

  function expandInvoice(account: string | null, invoice: Json, paths: string[]): Json {
    const out = render(invoice);
    if (paths.includes('payments')) {
      const payments = (invoice._payments as Json[] | undefined) ?? [];
      out.payments = list(payments, `/v1/invoice_payments?invoice=${String(invoice.id)}`);
    }
    if (typeof out.customer === 'string' && paths.includes('customer')) {
      out.customer = render(get(account, out.customer, 'customer'));
    }
    return out;
  }

  function renderSubscription(account: string | null, subscription: Json, expand: string[]): Json {
    const out = render(subscription);
    out.items = list(
      subscription._items as Json[],
      `/v1/subscription_items?subscription=${String(subscription.id)}`,
    );
    if (expand.some((p) => p === 'latest_invoice' || p.startsWith('latest_invoice.')) && out.latest_invoice) {
      const invoice = get(account, out.latest_invoice as string, 'invoice');
      const nested = expand
        .filter((p) => p.startsWith('latest_invoice.'))
        .map((p) => p.slice('latest_invoice.'.length));
      out.latest_invoice = expandInvoice(account, invoice, nested);
    }
    return out;
  }

  const expandOf = (params: Json): string[] => asList(params.expand).map(String);

  /** Takes a payment: a PaymentIntent and its Charge, or the decline Stripe would answer. */
  function pay(
    account: string | null,
    input: {
      amount: number;
      currency: string;
      customer: string | null;
      method: Json;
      description: string | null;
      metadata: Json;
      applicationFeeAmount: number | null;
      paymentMethodTypes: string[];
    },
  ): { intent: Json; charge: Json | null; failure: StripeFailure | null } {
    const intentId = newId('pi');
    const chargeId = newId('ch');
    const decline = declineFor(input.method);
    const created = now();
    const charge: Json = put(account, {
      id: chargeId,
      object: 'charge',
      amount: input.amount,
      amount_captured: decline ? 0 : input.amount,
      amount_refunded: 0,
      application_fee_amount: input.applicationFeeAmount,
      currency: input.currency,
      customer: input.customer,
      payment_intent: intentId,
      payment_method: input.method.id,
      paid: !decline,
      refunded: false,
      status: decline ? 'failed' : 'succeeded',
      failure_code: decline ? ((decline.body.error as Json).code as string) : null,
      failure_message: decline ? decline.message : null,
      created,
      livemode: false,
      metadata: input.metadata,
    });
    const intent: Json = put(account, {
      id: intentId,
      object: 'payment_intent',
      amount: input.amount,
      amount_received: decline ? 0 : input.amount,
      application_fee_amount: input.applicationFeeAmount,
      client_secret: `${intentId}_secret_${randomBytes(8).toString('hex')}`,
      currency: input.currency,
      customer: input.customer,
      description: input.description,
      last_payment_error: decline ? { ...(decline.body.error as Json), payment_method: undefined } : null,
      latest_charge: chargeId,
      metadata: input.metadata,
      payment_method: decline ? null : input.method.id,
      payment_method_types: input.paymentMethodTypes,
      status: decline ? 'requires_payment_method' : 'succeeded',
      created,
      livemode: false,
    });
    if (decline) (decline.body.error as Json).payment_intent = render(intent);
    if (decline) (decline.body.error as Json).charge = chargeId;
    return { intent, charge: decline ? null : charge, failure: decline };
  }

  // ---- resources -------------------------------------------------------------------------------

  function createCustomer(account: string | null, params: Json): Json {
    return put(account, {
      id: newId('cus'),
      object: 'customer',
      email: str(params.email) ?? null,
      name: str(params.name) ?? null,
      description: str(params.description) ?? null,
      metadata: meta(params.metadata),
      invoice_settings: { default_payment_method: null, custom_fields: null, footer: null },
      created: now(),
      livemode: false,
    });
  }

  function updateCustomer(account: string | null, id: string, params: Json): Json {
    const customer = get(account, id, 'customer');
    if (params.email !== undefined) customer.email = str(params.email) ?? null;
    if (params.name !== undefined) customer.name = str(params.name) ?? null;
    if (params.metadata !== undefined)
      customer.metadata = { ...meta(customer.metadata), ...meta(params.metadata) };
    const settings = meta(params.invoice_settings);
    if (settings.default_payment_method !== undefined) {
      const pmId = str(settings.default_payment_method);
      if (pmId) {
        const method = get(account, pmId, 'payment_method', 'invoice_settings[default_payment_method]');
        if (method.customer !== id) {
          throw invalidRequest(
            `The customer does not have a payment method with the ID ${pmId}. The payment method must be attached to the customer.`,
            'invoice_settings[default_payment_method]',
          );
        }
      }
      customer.invoice_settings = {
        ...meta(customer.invoice_settings),
        default_payment_method: pmId ?? null,
      };
    }
    return customer;
  }

  function attachMethod(account: string | null, id: string, params: Json): Json {
    const customerId = str(params.customer);
    if (!customerId) throw invalidRequest('Missing required param: customer.', 'customer');
    get(account, customerId, 'customer', 'customer');
    const method = paymentMethodFor(account, id, 'payment_method');
    if (method.customer && method.customer !== customerId) {
      throw invalidRequest(
        'The payment method you provided has already been attached to a customer.',
        undefined,
        'payment_method_unexpected_state',
      );
    }
    const behaviour = method._behaviour as Behaviour;
    // Attaching runs a card check: the decline cards fail here too; 0341 attaches and fails later.
    if (behaviour !== 'succeed' && behaviour !== 'customer_fail') {
      objects.delete(method.id as string);
      throw declineFor(method)!;
    }
    method.customer = customerId;
    return method;
  }

  function detachMethod(account: string | null, id: string): Json {
    const method = get(account, id, 'payment_method');
    if (!method.customer) {
      throw invalidRequest(
        'The payment method you provided is not attached to a customer so detachment is impossible.',
        undefined,
        'payment_method_unexpected_state',
      );
    }
    const customer = objects.get(method.customer as string)?.object;
    if (customer && meta(customer.invoice_settings).default_payment_method === id) {
      customer.invoice_settings = { ...meta(customer.invoice_settings), default_payment_method: null };
    }
    method.customer = null;
    return method;
  }

  function methodsOf(account: string | null, customerId: string, type: string | undefined): Json[] {
    get(account, customerId, 'customer', 'customer');
    return [...objects.values()]
      .filter(
        (s) =>
          s.account === account &&
          s.object.object === 'payment_method' &&
          s.object.customer === customerId &&
          (!type || s.object.type === type),
      )
      .map((s) => s.object)
      .sort((a, b) => (b.created as number) - (a.created as number));
  }

  function createSetupIntent(account: string | null, params: Json): Json {
    const customer = str(params.customer);
    if (customer) get(account, customer, 'customer', 'customer');
    const types = asList(params.allowed_payment_method_types ?? params.payment_method_types).map(String);
    const id = newId('seti');
    return put(account, {
      id,
      object: 'setup_intent',
      client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
      customer: customer ?? null,
      payment_method: null,
      payment_method_types: types.length ? types : ['card'],
      payment_method_options: meta(params.payment_method_options),
      status: 'requires_payment_method',
      usage: str(params.usage) ?? 'off_session',
      metadata: meta(params.metadata),
      created: now(),
      livemode: false,
    });
  }

  function createPaymentIntent(account: string | null, params: Json): Json {
    const amount = int(params.amount, 'amount');
    const currency = str(params.currency);
    if (!currency) throw invalidRequest('Missing required param: currency.', 'currency');
    if (amount < 50) throw invalidRequest('Amount must be at least $0.50 usd', 'amount', 'amount_too_small');
    if (params.confirm !== 'true') throw invalidRequest('The double only supports confirm=true.', 'confirm');
    const pmId = str(params.payment_method);
    if (!pmId) throw invalidRequest('You must provide a payment_method to confirm.', 'payment_method');
    const customer = str(params.customer) ?? null;
    if (customer) get(account, customer, 'customer', 'customer');
    const method = paymentMethodFor(account, pmId);
    if (method.customer && method.customer !== customer) {
      throw invalidRequest(
        'The provided PaymentMethod was previously attached to a Customer or was detached from a Customer, and cannot be used with a PaymentIntent without a Customer or with a different Customer.',
        'payment_method',
      );
    }
    const types = asList(params.allowed_payment_method_types ?? params.payment_method_types).map(String);
    if (types.length && !types.includes(method.type as string)) {
      throw invalidRequest(
        `The PaymentMethod provided (${String(method.type)}) is not allowed for this PaymentIntent.`,
        'payment_method',
      );
    }
    const fee =
      params.application_fee_amount === undefined
        ? null
        : int(params.application_fee_amount, 'application_fee_amount');
    if (fee !== null && fee > amount)
      throw invalidRequest('Application fee amount cannot exceed the amount.', 'application_fee_amount');
    const { intent, failure } = pay(account, {
      amount,
      currency,
      customer,
      method,
      description: str(params.description) ?? null,
      metadata: meta(params.metadata),
      applicationFeeAmount: fee,
      paymentMethodTypes: types.length ? types : ['card'],
    });
    if (failure) throw failure;
    return intent;
  }

  function createPrice(account: string | null, params: Json): Json {
    const unitAmount = int(params.unit_amount, 'unit_amount');
    const currency = str(params.currency);
    if (!currency) throw invalidRequest('Missing required param: currency.', 'currency');
    const recurring = meta(params.recurring);
    const interval = str(recurring.interval);
    if (interval && !['day', 'week', 'month', 'year'].includes(interval)) {
      throw invalidRequest(
        `Invalid recurring[interval]: must be one of day, week, month, or year`,
        'recurring[interval]',
      );
    }
    let product = str(params.product);
    if (product) get(account, product, 'product', 'product');
    else {
      const data = meta(params.product_data);
      const name = str(data.name);
      if (!name) throw invalidRequest('Missing required param: product_data[name].', 'product_data[name]');
      product = put(account, {
        id: newId('prod'),
        object: 'product',
        name,
        active: true,
        created: now(),
        livemode: false,
      }).id as string;
    }
    return put(account, {
      id: newId('price'),
      object: 'price',
      active: true,
      currency,
      unit_amount: unitAmount,
      product,
      type: interval ? 'recurring' : 'one_time',
      recurring: interval ? { interval, interval_count: Number(recurring.interval_count ?? 1) } : null,
      metadata: meta(params.metadata),
      created: now(),
      livemode: false,
    });
  }

  function periodEnd(start: number, price: Json): number {
    const recurring = meta(price.recurring);
    const count = Number(recurring.interval_count ?? 1);
    switch (recurring.interval) {
      case 'year':
        return addMonths(start, 12 * count);
      case 'month':
        return addMonths(start, count);
      case 'week':
        return start + 7 * 86400 * count;
      default:
        return start + 86400 * count;
    }
  }

  function createSubscription(account: string | null, params: Json): Json {
    const customerId = str(params.customer);
    if (!customerId) throw invalidRequest('Missing required param: customer.', 'customer');
    const customer = get(account, customerId, 'customer', 'customer');
    const items = asList(params.items).map(meta);
    if (items.length !== 1)
      throw invalidRequest('The double supports exactly one subscription item.', 'items');
    const item = items[0]!;
    const price = get(account, str(item.price) ?? '', 'price', 'items[0][price]');
    if (!price.recurring)
      throw invalidRequest(
        'The price specified is set to `type=one_time` but this field only accepts prices with `type=recurring`.',
        'items[0][price]',
      );
    const quantity = item.quantity === undefined ? 1 : int(item.quantity, 'items[0][quantity]');
    if (quantity < 1) throw invalidRequest('Quantity must be at least 1.', 'items[0][quantity]');
    const pmId =
      str(params.default_payment_method) ??
      (meta(customer.invoice_settings).default_payment_method as string | null);
    if (!pmId) {
      throw invalidRequest(
        'This customer has no attached payment source or default payment method. Please consider adding a default payment method.',
        undefined,
        'resource_missing',
      );
    }
    const method = get(account, pmId, 'payment_method', 'default_payment_method');
    if (method.customer !== customerId) {
      throw invalidRequest('The payment method must be attached to the customer.', 'default_payment_method');
    }
    const feePercent =
      params.application_fee_percent === undefined ? null : Number(params.application_fee_percent);
    if (feePercent !== null && !(feePercent >= 0 && feePercent <= 100)) {
      throw invalidRequest('application_fee_percent must be between 0 and 100.', 'application_fee_percent');
    }
    const behaviour = str(params.payment_behavior) ?? 'allow_incomplete';
    const start = now();
    const end = periodEnd(start, price);
    const amount = (price.unit_amount as number) * quantity;
    const subscriptionId = newId('sub');
    const { intent, failure } = pay(account, {
      amount,
      currency: price.currency as string,
      customer: customerId,
      method,
      description: 'Subscription creation',
      metadata: {},
      applicationFeeAmount: feePercent ? Math.round((amount * feePercent) / 100) : null,
      paymentMethodTypes: asList(meta(params.payment_settings).payment_method_types).map(String),
    });
    if (failure && behaviour === 'error_if_incomplete') throw failure;
    const invoiceId = newId('in');
    put(account, {
      id: invoiceId,
      object: 'invoice',
      customer: customerId,
      amount_due: amount,
      amount_paid: failure ? 0 : amount,
      amount_remaining: failure ? amount : 0,
      billing_reason: 'subscription_create',
      currency: price.currency,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: subscriptionId, metadata: meta(params.metadata) },
      },
      period_start: start,
      period_end: end,
      status: failure ? 'open' : 'paid',
      status_transitions: { paid_at: failure ? null : start, finalized_at: start },
      created: start,
      livemode: false,
      _payments: [
        {
          id: newId('inpay'),
          object: 'invoice_payment',
          amount_paid: failure ? null : amount,
          amount_requested: amount,
          currency: price.currency,
          invoice: invoiceId,
          is_default: true,
          payment: { type: 'payment_intent', payment_intent: intent.id },
          status: failure ? 'open' : 'paid',
          created: start,
          livemode: false,
        },
      ],
    });
    return put(account, {
      id: subscriptionId,
      object: 'subscription',
      customer: customerId,
      status: failure ? 'incomplete' : 'active',
      application_fee_percent: feePercent,
      default_payment_method: pmId,
      description: str(params.description) ?? null,
      latest_invoice: invoiceId,
      metadata: meta(params.metadata),
      payment_settings: meta(params.payment_settings),
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      start_date: start,
      billing_cycle_anchor: start,
      created: start,
      livemode: false,
      _items: [
        {
          id: newId('si'),
          object: 'subscription_item',
          price: render(price),
          quantity,
          subscription: subscriptionId,
          current_period_start: start,
          current_period_end: end,
          created: start,
          metadata: {},
        },
      ],
    });
  }

  function updateSubscription(account: string | null, id: string, params: Json): Json {
    const subscription = get(account, id, 'subscription');
    if (subscription.status === 'canceled') {
      throw invalidRequest('A canceled subscription can only update its cancellation_details and metadata.');
    }
    if (params.default_payment_method !== undefined) {
      const pmId = str(params.default_payment_method);
      if (pmId) {
        const method = get(account, pmId, 'payment_method', 'default_payment_method');
        if (method.customer !== subscription.customer) {
          throw invalidRequest(
            'The payment method must be attached to the customer.',
            'default_payment_method',
          );
        }
      }
      subscription.default_payment_method = pmId ?? null;
    }
    if (params.metadata !== undefined)
      subscription.metadata = { ...meta(subscription.metadata), ...meta(params.metadata) };
    if (params.application_fee_percent !== undefined) {
      subscription.application_fee_percent = str(params.application_fee_percent)
        ? Number(params.application_fee_percent)
        : null;
    }
    const items = asList(params.items).map(meta);
    for (const [index, change] of items.entries()) {
      const current = (subscription._items as Json[]).find((i) => i.id === change.id);
      if (!current)
        throw invalidRequest(`Invalid subscription item: ${String(change.id)}`, `items[${index}][id]`);
      if (change.price !== undefined) {
        const price = get(account, str(change.price) ?? '', 'price', `items[${index}][price]`);
        current.price = render(price);
      }
      if (change.quantity !== undefined) current.quantity = int(change.quantity, `items[${index}][quantity]`);
    }
    return subscription;
  }

  /** One attempt at an invoice of a subscription: paid (the period advances) or open with the decline. */
  function attemptInvoice(account: string | null, invoice: Json, method: Json): StripeFailure | null {
    const subscriptionId = String(meta(meta(invoice.parent).subscription_details).subscription);
    const subscription = get(account, subscriptionId, 'subscription');
    const amount = invoice.amount_due as number;
    const { intent, failure } = pay(account, {
      amount,
      currency: String(invoice.currency),
      customer: String(invoice.customer),
      method,
      description: 'Subscription update',
      metadata: {},
      applicationFeeAmount: null,
      paymentMethodTypes: ['card'],
    });
    const payments = (invoice._payments as Json[] | undefined) ?? [];
    payments.push({
      id: newId('inpay'),
      object: 'invoice_payment',
      amount_paid: failure ? null : amount,
      amount_requested: amount,
      currency: invoice.currency,
      invoice: invoice.id,
      is_default: payments.length === 0,
      payment: { type: 'payment_intent', payment_intent: intent.id },
      status: failure ? 'open' : 'paid',
      created: now(),
      livemode: false,
    });
    invoice._payments = payments;
    invoice.attempt_count = ((invoice.attempt_count as number | undefined) ?? 0) + 1;
    if (failure) {
      subscription.status = 'past_due';
      return failure;
    }
    invoice.status = 'paid';
    invoice.amount_paid = amount;
    invoice.amount_remaining = 0;
    invoice.status_transitions = { ...meta(invoice.status_transitions), paid_at: now() };
    subscription.status = 'active';
    for (const item of subscription._items as Json[]) {
      item.current_period_start = invoice.period_start;
      item.current_period_end = invoice.period_end;
    }
    return null;
  }

  function renewSubscription(account: string | null, id: string): { invoiceId: string; paid: boolean } {
    const subscription = get(account, id, 'subscription');
    const item = (subscription._items as Json[])[0]!;
    const price = item.price as Json;
    const start = item.current_period_end as number;
    const amount = (price.unit_amount as number) * (item.quantity as number);
    const invoiceId = newId('in');
    const invoice = put(account, {
      id: invoiceId,
      object: 'invoice',
      customer: subscription.customer,
      amount_due: amount,
      amount_paid: 0,
      amount_remaining: amount,
      attempt_count: 0,
      billing_reason: 'subscription_cycle',
      currency: price.currency,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: id, metadata: meta(subscription.metadata) },
      },
      period_start: start,
      period_end: periodEnd(start, price),
      status: 'open',
      status_transitions: { paid_at: null, finalized_at: now() },
      created: now(),
      livemode: false,
      _payments: [],
    });
    subscription.latest_invoice = invoiceId;
    const method = get(account, String(subscription.default_payment_method), 'payment_method');
    const failure = attemptInvoice(account, invoice, method);
    return { invoiceId, paid: failure === null };
  }

  function payInvoice(account: string | null, id: string, params: Json): Json {
    const invoice = get(account, id, 'invoice');
    if (invoice.status === 'paid')
      throw invalidRequest('Invoice is already paid', undefined, 'invoice_already_paid');
    if (invoice.status !== 'open') throw invalidRequest(`This invoice can only be paid while open.`);
    const subscriptionId = String(meta(meta(invoice.parent).subscription_details).subscription);
    const subscription = get(account, subscriptionId, 'subscription');
    const pmId = str(params.payment_method) ?? (subscription.default_payment_method as string | null);
    if (!pmId) throw invalidRequest('There is no payment method to pay this invoice with.');
    const method = get(account, pmId, 'payment_method', 'payment_method');
    const failure = attemptInvoice(account, invoice, method);
    if (failure) throw failure;
    return invoice;
  }

  function cancelSubscription(account: string | null, id: string): Json {
    const subscription = get(account, id, 'subscription');
    if (subscription.status === 'canceled') {
      throw invalidRequest(`No such subscription: '${id}'`, 'id', 'resource_missing');
    }
    subscription.status = 'canceled';
    subscription.canceled_at = now();
    subscription.ended_at = now();
    return subscription;
  }

  function createRefund(account: string | null, params: Json): Json {
    let charge: Json;
    const chargeId = str(params.charge);
    const intentId = str(params.payment_intent);
    if (chargeId) charge = get(account, chargeId, 'charge', 'charge');
    else if (intentId) {
      const intent = get(account, intentId, 'payment_intent', 'payment_intent');
      charge = get(account, String(intent.latest_charge), 'charge', 'payment_intent');
    } else
      throw invalidRequest(
        'One of the following params should be provided for this request: payment_intent or charge.',
      );
    if (charge.status !== 'succeeded')
      throw invalidRequest(`Charge ${String(charge.id)} has not succeeded.`, 'charge');
    const remaining = (charge.amount as number) - (charge.amount_refunded as number);
    const amount = params.amount === undefined ? remaining : int(params.amount, 'amount');
    if (remaining <= 0) {
      throw invalidRequest(
        `Charge ${String(charge.id)} has already been refunded.`,
        undefined,
        'charge_already_refunded',
      );
    }
    if (amount <= 0 || amount > remaining) {
      throw invalidRequest(
        `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(remaining / 100).toFixed(2)})`,
        'amount',
      );
    }
    charge.amount_refunded = (charge.amount_refunded as number) + amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    return put(account, {
      id: newId('re'),
      object: 'refund',
      amount,
      charge: charge.id,
      payment_intent: charge.payment_intent,
      currency: charge.currency,
      reason: str(params.reason) ?? null,
      status: 'succeeded',
      metadata: meta(params.metadata),
      created: now(),
    });
  }

  function listInvoicePayments(account: string | null, params: Json): Json {
    const payment = (params.payment ?? {}) as Json;
    const intent = str(payment.payment_intent);
    const invoiceId = str(params.invoice);
    const found: Json[] = [];
    for (const stored of objects.values()) {
      if (stored.account !== account || stored.object.object !== 'invoice') continue;
      if (invoiceId && stored.object.id !== invoiceId) continue;
      for (const p of (stored.object._payments as Json[] | undefined) ?? []) {
        const of = p.payment as Json;
        if (intent && of.payment_intent !== intent) continue;
        found.push(p);
      }
    }
    return list(found, '/v1/invoice_payments');
  }

  /** The charge of a charge, payment intent or paid invoice id. */
  function chargeBehind(account: string | null, ref: string): Json {
    if (ref.startsWith('in_')) {
      const invoice = get(account, ref, 'invoice');
      const paid = ((invoice._payments as Json[] | undefined) ?? []).find((p) => p.status === 'paid');
      if (!paid) throw invalidRequest(`Invoice ${ref} has no payment.`);
      return chargeBehind(account, String((paid.payment as Json).payment_intent));
    }
    if (ref.startsWith('pi_')) {
      const intent = get(account, ref, 'payment_intent');
      return get(account, String(intent.latest_charge), 'charge');
    }
    return get(account, ref, 'charge');
  }

  function refundsOfCharge(chargeId: string): Json[] {
    return [...objects.values()]
      .filter((o) => o.object.object === 'refund' && o.object.charge === chargeId)
      .map((o) => render(o.object));
  }

  function oauthToken(params: Json): Json {
    if (params.grant_type !== 'authorization_code') {
      throw new StripeFailure(400, {
        error: 'unsupported_grant_type',
        error_description: `Unsupported grant type: ${String(params.grant_type ?? '')}`,
      });
    }
    const code = str(params.code) ?? '';
    const accountId = authorizationCodes.get(code);
    if (!accountId) {
      throw new StripeFailure(400, {
        error: 'invalid_grant',
        error_description: `Authorization code does not exist: ${code}`,
      });
    }
    authorizationCodes.delete(code);
    return {
      access_token: `sk_test_access_${randomBytes(6).toString('hex')}`,
      livemode: false,
      refresh_token: `rt_${randomBytes(6).toString('hex')}`,
      scope: 'read_write',
      stripe_publishable_key: 'pk_test_connected',
      stripe_user_id: accountId,
      token_type: 'bearer',
    };
  }

  // ---- routing ---------------------------------------------------------------------------------

  function route(method: string, path: string, account: string | null, params: Json): Json {
    const m = (pattern: RegExp) => pattern.exec(path);
    let match: RegExpExecArray | null;
    if (method === 'POST' && path === '/oauth/token') return oauthToken(params);
    if (method === 'POST' && path === '/v1/customers') return render(createCustomer(account, params));
    if ((match = m(/^\/v1\/customers\/([^/]+)$/))) {
      if (method === 'GET') return render(get(account, match[1]!, 'customer'));
      if (method === 'POST') return render(updateCustomer(account, match[1]!, params));
    }
    if (method === 'GET' && (match = m(/^\/v1\/customers\/([^/]+)\/payment_methods$/))) {
      return list(methodsOf(account, match[1]!, str(params.type)), path);
    }
    if (method === 'GET' && path === '/v1/payment_methods') {
      const customer = str(params.customer);
      if (!customer)
        throw invalidRequest('The double requires customer to list payment methods.', 'customer');
      return list(methodsOf(account, customer, str(params.type)), path);
    }
    if (method === 'GET' && (match = m(/^\/v1\/payment_methods\/([^/]+)$/))) {
      return render(get(account, match[1]!, 'payment_method'));
    }
    if (method === 'POST' && (match = m(/^\/v1\/payment_methods\/([^/]+)\/attach$/))) {
      return render(attachMethod(account, match[1]!, params));
    }
    if (method === 'POST' && (match = m(/^\/v1\/payment_methods\/([^/]+)\/detach$/))) {
      return render(detachMethod(account, match[1]!));
    }
    if (method === 'POST' && path === '/v1/setup_intents') return render(createSetupIntent(account, params));
    if (method === 'POST' && path === '/v1/payment_intents')
      return render(createPaymentIntent(account, params));
    if (method === 'GET' && (match = m(/^\/v1\/payment_intents\/([^/]+)$/))) {
      return render(get(account, match[1]!, 'payment_intent'));
    }
    if (method === 'POST' && path === '/v1/prices') return render(createPrice(account, params));
    if (method === 'POST' && path === '/v1/subscriptions') {
      return renderSubscription(account, createSubscription(account, params), expandOf(params));
    }
    if ((match = m(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const id = match[1]!;
      if (method === 'GET')
        return renderSubscription(account, get(account, id, 'subscription'), expandOf(params));
      if (method === 'POST')
        return renderSubscription(account, updateSubscription(account, id, params), expandOf(params));
      if (method === 'DELETE')
        return renderSubscription(account, cancelSubscription(account, id), expandOf(params));
    }
    if (method === 'GET' && (match = m(/^\/v1\/invoices\/([^/]+)$/))) {
      return expandInvoice(account, get(account, match[1]!, 'invoice'), expandOf(params));
    }
    if (method === 'POST' && (match = m(/^\/v1\/invoices\/([^/]+)\/pay$/))) {
      return render(payInvoice(account, match[1]!, params));
    }
    if (method === 'POST' && path === '/v1/refunds') return render(createRefund(account, params));
    if (method === 'GET' && path === '/v1/invoice_payments') return listInvoicePayments(account, params);
    throw new StripeFailure(404, {
      error: {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${method}: ${path}). The Stripe double does not implement it.`,
      },
    });
  }

  function handle(
    req: http.IncomingMessage,
    raw: string,
  ): { status: number; body: Json; headers: Record<string, string> } {
    const url = new URL(req.url ?? '/', 'http://double');
    const method = req.method ?? 'GET';
    const headers = Object.fromEntries(
      Object.entries(req.headers).map(([k, v]) => [
        k.toLowerCase(),
        Array.isArray(v) ? v.join(', ') : (v ?? ''),
      ]),
    );
    const query = parseStripeForm(url.search.slice(1));
    const body = method === 'POST' ? parseStripeForm(raw) : {};
    const account = headers['stripe-account'] || null;
    const idempotencyKey = headers['idempotency-key'] || null;
    const record: RecordedRequest = {
      method,
      path: url.pathname,
      query,
      headers,
      body,
      stripeAccount: account,
      idempotencyKey,
      status: 0,
    };
    requests.push(record);
    const answer = (status: number, json: Json, extra: Record<string, string> = {}) => {
      record.status = status;
      return {
        status,
        body: json,
        headers: { 'request-id': `req_${randomBytes(7).toString('hex')}`, ...extra },
      };
    };

    if (headers.authorization !== `Bearer ${secretKey}`) {
      return answer(401, {
        error: {
          type: 'invalid_request_error',
          message: `Invalid API Key provided: ${(headers.authorization ?? '').slice(7, 15)}****`,
        },
      });
    }
    const failure = failures.find((f) => !f.path || f.path.test(url.pathname));
    if (failure) {
      failure.times -= 1;
      if (failure.times <= 0) failures.splice(failures.indexOf(failure), 1);
      return answer(
        failure.status,
        {
          error: { type: 'api_error', message: 'An unknown error occurred in the Stripe double (injected).' },
        },
        failure.shouldRetry === undefined ? {} : { 'stripe-should-retry': String(failure.shouldRetry) },
      );
    }

    const params = method === 'POST' ? body : query;
    // Idempotency: a POST with a key seen before (per account) replays the first result; reusing a
    // key with other parameters is an idempotency_error. Validation failures (400) are not saved.
    const replayKey = method === 'POST' && idempotencyKey ? `${account ?? ''}\u0000${idempotencyKey}` : null;
    const fingerprint = createHash('sha256').update(`${method} ${url.pathname} ${raw}`).digest('hex');
    if (replayKey) {
      const saved = idempotent.get(replayKey);
      if (saved) {
        if (saved.fingerprint !== fingerprint) {
          return answer(400, {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            },
          });
        }
        return answer(saved.status, saved.body, { 'idempotent-replayed': 'true' });
      }
    }
    let status = 200;
    let json: Json;
    try {
      json = route(method, url.pathname, account, params);
    } catch (error) {
      if (!(error instanceof StripeFailure)) throw error;
      status = error.status;
      json = error.body;
    }
    if (replayKey && status !== 400 && status !== 401 && status !== 404) {
      idempotent.set(replayKey, { fingerprint, status, body: json });
    }
    return answer(status, json);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let result: ReturnType<typeof handle>;
      try {
        result = handle(req, Buffer.concat(chunks).toString('utf8'));
      } catch (error) {
        result = {
          status: 500,
          body: {
            error: { type: 'api_error', message: `Stripe double failure: ${(error as Error).message}` },
          },
          headers: {},
        };
      }
      const payload = JSON.stringify(result.body);
      res.writeHead(result.status, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(payload),
        'stripe-version': String(req.headers['stripe-version'] ?? ''),
        ...result.headers,
      });
      res.end(payload);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    host: '127.0.0.1',
    port,
    protocol: 'http',
    secretKey,
    publishableKey,
    clientId,
    webhookSecret,
    requests,
    clearRequests: () => {
      requests.length = 0;
    },
    failNext: ({ status, times = 1, path, shouldRetry }) => {
      failures.push({
        status,
        times,
        ...(path ? { path } : {}),
        ...(shouldRetry === undefined ? {} : { shouldRetry }),
      });
    },
    issueAuthorizationCode: (accountId = newId('acct')) => {
      const code = `ac_${randomBytes(12).toString('hex')}`;
      authorizationCodes.set(code, accountId);
      return code;
    },
    object: (id) => {
      const stored = objects.get(id);
      return stored ? render(stored.object) : undefined;
    },
    renew: (accountId, subscriptionId) => renewSubscription(accountId, subscriptionId),
    refundOutside: (accountId, ref, amount) => {
      const charge = chargeBehind(accountId, ref);
      const refund = createRefund(accountId, {
        charge: charge.id,
        ...(amount === null ? {} : { amount: String(amount) }),
      });
      return {
        refund: render(refund),
        charge: {
          ...render(charge),
          refunds: { object: 'list', data: refundsOfCharge(String(charge.id)), has_more: false },
        },
      };
    },
    chargeOf: (accountId, ref) => {
      const charge = chargeBehind(accountId, ref);
      return {
        ...render(charge),
        refunds: { object: 'list', data: refundsOfCharge(String(charge.id)), has_more: false },
      };
    },
    dispute: (accountId, ref, status, options = {}) => {
      const charge = chargeBehind(accountId, ref);
      return {
        id: `dp_${String(charge.id)}`,
        object: 'dispute',
        amount: options.amount ?? (charge.amount as number) - (charge.amount_refunded as number),
        charge: charge.id,
        payment_intent: charge.payment_intent ?? null,
        currency: charge.currency,
        reason: options.reason ?? 'fraudulent',
        status,
        created: now(),
        livemode: false,
      };
    },
    env: () => ({
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_PUBLISHABLE_KEY: publishableKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_CLIENT_ID: clientId,
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(port),
      STRIPE_API_PROTOCOL: 'http',
    }),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/**
 * A Stripe event as a webhook delivers it (the object as of the event), ready to sign with
 * `Stripe.webhooks.generateTestHeaderString({ payload, secret })`.
 */
export function stripeEvent(
  type: string,
  object: Json,
  options: { id?: string; created?: number; account?: string } = {},
): { id: string; payload: string } {
  const id = options.id ?? `evt_${randomBytes(12).toString('hex')}`;
  const event = {
    id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: options.created ?? Math.floor(Date.now() / 1000),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    ...(options.account ? { account: options.account } : {}),
  };
  return { id, payload: JSON.stringify(event) };
}
