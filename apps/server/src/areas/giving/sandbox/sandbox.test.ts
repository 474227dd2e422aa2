import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/client.ts';
import {
  GatewayInvalidRequestError,
  PaymentDeclinedError,
  type PaymentGateway,
} from '../../../platform/payments/gateway.ts';
import {
  addInterval,
  SandboxGateway,
  sandboxWebhookSecret,
  signSandboxWebhook,
} from '../../../platform/payments/sandbox-gateway.ts';
import { rowsWhere } from '../../../../test/giving-fixtures.ts';
import { startTestApp, type TestApp } from '../../../../test/test-app.ts';

const WEBHOOK_SECRET = sandboxWebhookSecret('sandbox-test-installation-secret-0123456789');
let t: TestApp;
let sandbox: SandboxGateway;
beforeAll(async () => {
  t = await startTestApp();
  sandbox = new SandboxGateway(t.database.db as Db, { webhookSecret: WEBHOOK_SECRET });
});
afterAll(async () => {
  await t?.close();
});

const year = new Date().getUTCFullYear() + 1;
const tokenize = (card: Record<string, unknown>) =>
  t
    .client()
    .post('/api/sandbox/paymentmethods?partnersId=2', { expMonth: 12, expYear: year, cvc: '123', ...card });
const account = { accountId: 'acct_sandbox_demo', currency: 'usd' };

describe('POST /api/sandbox/paymentmethods (the sandbox card field)', () => {
  it('tokenises a valid card into a payment method, keeping only brand, last 4 and expiry', async () => {
    const res = await tokenize({ number: '4242 4242 4242 4242', postalCode: '78701' });
    expect(res.status).toBe(200);
    const body = res.json<{ id: string; card: unknown }>();
    expect(body.id).toMatch(/^pm_sbx_[0-9a-f]{24}$/);
    expect(body.card).toEqual({ brand: 'visa', last4: '4242', expMonth: 12, expYear: year });
    const [row] = await rowsWhere<Record<string, unknown>>(
      t.database,
      'sandbox_payment_methods',
      `id = '${body.id}'`,
    );
    expect(row).toMatchObject({
      account_id: 'acct_sandbox_demo',
      customer_id: null,
      brand: 'visa',
      last4: '4242',
      behaviour: 'succeed',
    });
    expect(JSON.stringify(row)).not.toContain('4242424242424242');
  });

  it('knows the test behaviours of Stripe test numbers and the mastercard brand', async () => {
    const declined = await tokenize({ number: '4000000000000002' });
    const mastercard = await tokenize({ number: '5555555555554444' });
    expect(mastercard.json()).toMatchObject({ card: { brand: 'mastercard', last4: '4444' } });
    const [row] = await rowsWhere<Record<string, unknown>>(
      t.database,
      'sandbox_payment_methods',
      `id = '${declined.json<{ id: string }>().id}'`,
    );
    expect(row!.behaviour).toBe('card_declined');
  });

  it('refuses an invalid number, a past expiry and a bad security code with a clear 400', async () => {
    const wrong = await tokenize({ number: '4242 4242 4242 4241' });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toBe('Your card number is incorrect.');
    const expired = await tokenize({ number: '4242424242424242', expMonth: 1, expYear: 2020 });
    expect(expired.status).toBe(400);
    expect(expired.text).toBe('Your card has expired.');
    const cvc = await tokenize({ number: '4242424242424242', cvc: '12' });
    expect(cvc.status).toBe(400);
    expect(cvc.text).toBe("Your card's security code is invalid.");
  });

  it('refuses to confirm a setup intent with a wrong client secret', async () => {
    const res = await t.client().post('/api/sandbox/setupintents/seti_sbx_000/confirm?partnersId=2', {
      clientSecret: 'nope',
      paymentMethod: 'pm_card_visa',
    });
    expect(res.status).toBe(400);
    expect(res.text).toBe("No such setup intent: 'seti_sbx_000'.");
  });
});

describe('the sandbox gateway', () => {
  it('replays a charge under the same idempotency key, a decline included', async () => {
    const input = {
      customerId: null,
      paymentMethodId: 'pm_card_visa',
      amount: 1234,
      applicationFeeAmount: 0,
      description: 'Test',
      metadata: {},
    };
    const first = await sandbox.charge(account, input, 'test:charge:1');
    expect(await sandbox.charge(account, input, 'test:charge:1')).toEqual(first);
    expect(first).toMatchObject({ amount: 1234, status: 'succeeded' });
    await expect(sandbox.charge(account, { ...input, amount: 999 }, 'test:charge:1')).rejects.toBeInstanceOf(
      GatewayInvalidRequestError,
    );
    const declined = { ...input, paymentMethodId: 'pm_card_chargeDeclinedInsufficientFunds' };
    await expect(sandbox.charge(account, declined, 'test:charge:2')).rejects.toThrow(
      new PaymentDeclinedError('Your card has insufficient funds.', 'insufficient_funds'),
    );
    // The same key answers the same decline, even with a good card now.
    await expect(sandbox.charge(account, input, 'test:charge:2')).rejects.toThrow(
      'Your card has insufficient funds.',
    );
    expect(
      await rowsWhere(t.database, 'sandbox_charges', `idempotency_key IN ('test:charge:1', 'test:charge:2')`),
    ).toHaveLength(2);
  });

  it('refuses a charge under 50 cents and an unknown payment method', async () => {
    const input = {
      customerId: null,
      paymentMethodId: 'pm_card_visa',
      amount: 49,
      applicationFeeAmount: 0,
      description: '',
      metadata: {},
    };
    await expect(sandbox.charge(account, input, 'test:charge:small')).rejects.toThrow(
      'Amount must be at least 50 cents.',
    );
    await expect(
      sandbox.charge(account, { ...input, amount: 500, paymentMethodId: 'pm_sbx_missing' }, 'test:charge:x'),
    ).rejects.toThrow("No such PaymentMethod: 'pm_sbx_missing'.");
  });

  it("refuses another account's tokenised method", async () => {
    const token = await tokenize({ number: '4242424242424242' });
    const pm = token.json<{ id: string }>().id;
    const input = {
      customerId: null,
      paymentMethodId: pm,
      amount: 500,
      applicationFeeAmount: 0,
      description: '',
      metadata: {},
    };
    await expect(
      sandbox.charge({ accountId: 'acct_sandbox_maple', currency: 'cad' }, input, 'test:charge:foreign'),
    ).rejects.toBeInstanceOf(GatewayInvalidRequestError);
  });

  it('refunds part of a charge, then the rest, and no more', async () => {
    const charge = await sandbox.charge(
      account,
      {
        customerId: null,
        paymentMethodId: 'pm_card_visa',
        amount: 5000,
        applicationFeeAmount: 0,
        description: '',
        metadata: {},
      },
      'test:refund:charge',
    );
    const partial = await sandbox.refund(account, charge.chargeId, 2000, 'test:refund:1');
    expect(await sandbox.refund(account, charge.chargeId, 2000, 'test:refund:1')).toEqual(partial);
    await sandbox.refund(account, charge.chargeId, null, 'test:refund:2');
    await expect(sandbox.refund(account, charge.chargeId, 1, 'test:refund:3')).rejects.toThrow(
      'Refund amount must be between 1 and 0 cents.',
    );
    const [row] = await rowsWhere<Record<string, unknown>>(
      t.database,
      'sandbox_charges',
      `id = '${charge.chargeId}'`,
    );
    expect(row!.refunded_amount).toBe(5000);
  });

  it('creates a subscription with its first period charged, replayed by its key, a month or a year long', async () => {
    const customerId = await sandbox.ensureCustomer(
      account,
      { email: 'sub@example.org', name: 'Sub Scriber' },
      'test:customer:sub',
    );
    expect(
      await sandbox.ensureCustomer(
        account,
        { email: 'sub@example.org', name: 'Sub Scriber' },
        'test:customer:sub',
      ),
    ).toBe(customerId);
    const method = await sandbox.attachPaymentMethod(account, customerId, 'pm_card_visa', 'test:attach:sub');
    const input = {
      customerId,
      paymentMethodId: method.id,
      interval: 'year' as const,
      unitAmount: 2500,
      quantity: 2,
      applicationFeePercent: 0,
      description: 'x',
      metadata: {},
    };
    const result = await sandbox.createSubscription(account, input, 'test:sub:1');
    expect(result.status).toBe('active');
    expect(await sandbox.createSubscription(account, input, 'test:sub:1')).toEqual(result);
    const [charge] = await rowsWhere<Record<string, unknown>>(
      t.database,
      'sandbox_charges',
      `id = '${result.latestChargeId}'`,
    );
    expect(charge).toMatchObject({
      amount: 5000,
      status: 'succeeded',
      subscription_id: result.subscriptionId,
    });
    const days = (result.currentPeriodEnd.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(367);
    // A method not attached to the customer cannot pay a subscription.
    await expect(
      sandbox.createSubscription(account, { ...input, paymentMethodId: 'pm_sbx_nope' }, 'test:sub:2'),
    ).rejects.toBeInstanceOf(GatewayInvalidRequestError);
    await sandbox.cancelSubscription(account, result.subscriptionId);
    await sandbox.cancelSubscription(account, result.subscriptionId);
    expect((await sandbox.retrieveSubscription(result.subscriptionId))!.status).toBe('canceled');
  });

  it('adds calendar months and years as Stripe does at month ends', () => {
    expect(addInterval(new Date('2026-01-31T10:00:00Z'), 'month').toISOString()).toBe(
      '2026-02-28T10:00:00.000Z',
    );
    expect(addInterval(new Date('2028-01-31T10:00:00Z'), 'month').toISOString()).toBe(
      '2028-02-29T10:00:00.000Z',
    );
    expect(addInterval(new Date('2026-12-15T00:00:00Z'), 'month').toISOString()).toBe(
      '2027-01-15T00:00:00.000Z',
    );
    expect(addInterval(new Date('2028-02-29T00:00:00Z'), 'year').toISOString()).toBe(
      '2029-02-28T00:00:00.000Z',
    );
  });

  it('verifies its signed webhooks and refuses a bad signature', () => {
    const body = JSON.stringify({
      id: 'evt_sbx_1',
      type: 'subscription.deleted',
      subscriptionId: 'sub_sbx_1',
      status: 'canceled',
      currentPeriodEnd: null,
      created: '2026-05-01T00:00:00.000Z',
    });
    const event = sandbox.verifyWebhook(Buffer.from(body), signSandboxWebhook(body, WEBHOOK_SECRET));
    expect(event).toEqual({
      id: 'evt_sbx_1',
      type: 'subscription.deleted',
      subscriptionId: 'sub_sbx_1',
      status: 'canceled',
      currentPeriodEnd: null,
      created: new Date('2026-05-01T00:00:00.000Z'),
    });
    expect(() => sandbox.verifyWebhook(Buffer.from(body), signSandboxWebhook(body, 'whsec_other'))).toThrow(
      'The webhook signature does not match.',
    );
    expect(() => sandbox.verifyWebhook(Buffer.from(body), undefined)).toThrow(
      'Missing or malformed signature header.',
    );
    expect(() =>
      sandbox.verifyWebhook(
        Buffer.from(body),
        signSandboxWebhook(body, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600),
      ),
    ).toThrow('too old');
  });

  it('completes onboarding locally: the return URL carries a code naming one account', async () => {
    const url = new URL(sandbox.onboardingUrl('state-123', 'http://demo.localhost:3000/onboard'));
    expect(url.origin + url.pathname).toBe('http://demo.localhost:3000/onboard');
    expect(url.searchParams.get('state')).toBe('state-123');
    const code = url.searchParams.get('code')!;
    const { accountId } = await sandbox.completeOnboarding(code);
    expect(accountId).toMatch(/^acct_sandbox_[0-9a-f]{16}$/);
    expect(await sandbox.completeOnboarding(code)).toEqual({ accountId });
    await expect(sandbox.completeOnboarding('ac_stripe_code')).rejects.toThrow(
      'Authorization code is invalid or expired.',
    );
  });
});

describe('in Stripe mode', () => {
  it('has no sandbox card endpoint', async () => {
    const stripeLike = { kind: 'stripe', publishableKey: 'pk_test_x' } as unknown as PaymentGateway;
    const other = await startTestApp({ gateway: () => stripeLike });
    try {
      const res = await other.client().post('/api/sandbox/paymentmethods?partnersId=2', {
        number: '4242424242424242',
        expMonth: 12,
        expYear: year,
        cvc: '123',
      });
      expect(res.status).toBe(404);
      expect(res.text).toBe('The sandbox payment endpoints exist only when no Stripe keys are configured.');
    } finally {
      await other.close();
    }
  });
});
