import { invalidatePartnerCache } from '../site/partner-cache.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentGateway } from '../../../platform/payments/gateway.ts';
import { startTestApp, type TestApp } from '../../../../test/test-app.ts';
import { PRIVATE_DEMO_MESSAGE } from '../../../platform/site-context.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/payments/config', () => {
  it('tells a visitor the demo site takes cards through the sandbox, with no key and no account', async () => {
    const res = await t.client('demo.localhost').get('/api/payments/config?partnersId=2');
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({
      gateway: 'sandbox',
      publishableKey: null,
      stripeAccount: null,
      allowBanks: false,
      paymentsConfigured: true,
    });
  });

  it('reports that banks are allowed when the partner allows them', async () => {
    await t.database.db.execute(`UPDATE partners SET allow_banks = true WHERE id = 3` as never);
    await invalidatePartnerCache(t.database.db, 3);
    try {
      const res = await t.client('maple.localhost').get('/api/payments/config?partnersId=3');
      expect(res.json()).toMatchObject({ gateway: 'sandbox', allowBanks: true, paymentsConfigured: true });
    } finally {
      await t.database.db.execute(`UPDATE partners SET allow_banks = false WHERE id = 3` as never);
      await invalidatePartnerCache(t.database.db, 3);
    }
  });

  it('a partner without a gateway account is reported as not configured for payments', async () => {
    const res = await t.client('kinship.localhost').get('/api/payments/config?partnersId=1');
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({ paymentsConfigured: false, stripeAccount: null });
  });

  it('a private demo answers only to people with a permission there', async () => {
    const res = await t.client('private.localhost').get('/api/payments/config?partnersId=4');
    expect(res.status).toBe(403);
    expect(res.text).toBe(PRIVATE_DEMO_MESSAGE);
  });
});

describe('in Stripe mode', () => {
  it('answers the publishable key and the partner’s connected account for Stripe.js', async () => {
    const stripeLike = { kind: 'stripe', publishableKey: 'pk_test_kinship' } as unknown as PaymentGateway;
    const other = await startTestApp({ gateway: () => stripeLike });
    try {
      const res = await other.client('demo.localhost').get('/api/payments/config?partnersId=2');
      expect(res.status).toBe(200);
      expect(res.json()).toEqual({
        gateway: 'stripe',
        publishableKey: 'pk_test_kinship',
        stripeAccount: 'acct_sandbox_demo',
        allowBanks: false,
        paymentsConfigured: true,
      });
    } finally {
      await other.close();
    }
  });
});
