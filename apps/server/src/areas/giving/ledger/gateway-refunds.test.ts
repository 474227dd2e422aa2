import { randomUUID } from 'node:crypto';
import type { GivingPaymentRow, Receipt, Report } from '@kinship/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshAddress, rowsWhere } from '../../../../test/giving-fixtures.ts';
import type { TestClient } from '../../../../test/http-client.ts';
import { TEST_AUTH_SECRET } from '../../../../test/people.ts';
import { startTestApp, type TestApp } from '../../../../test/test-app.ts';
import type { GatewayEvent } from '../../../platform/payments/gateway.ts';
import { gatewayAccountOf } from '../../../platform/payments/index.ts';
import {
  sandboxWebhookSecret,
  signSandboxEvent,
  type SandboxGateway,
} from '../../../platform/payments/sandbox-gateway.ts';
import { DEMO_ACCOUNTS } from '../../../seed/demo.ts';
import { disputeLostReason, OUTSIDE_REFUND_REASON } from './gateway-ledger.service.ts';
import { findPartnerById } from '../../partners/index.ts';

/*
 * Refunds and disputes made outside Kinship (decision 055), through the whole server on the sandbox
 * gateway: the sandbox makes the refund or dispute at its end and answers the events the provider
 * would deliver, which are signed and posted to the webhook like the provider's own deliveries.
 */

let t: TestApp;
let admin: TestClient;
let sandbox: SandboxGateway;
type Row = Record<string, unknown>;
const SECRET = sandboxWebhookSecret(TEST_AUTH_SECRET);

beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: 'loopback' } });
  admin = t.client();
  const account = DEMO_ACCOUNTS.find((a) => a.email === 'partner-admin@demo.example.org')!;
  await admin.signIn(account.email, account.password);
  sandbox = t.app.deps.gateway as unknown as SandboxGateway;
});
afterAll(async () => {
  await t?.close();
});

const account = async () => gatewayAccountOf((await findPartnerById(t.database.db, 2))!);

async function deliver(event: GatewayEvent): Promise<{ status: number; body: string }> {
  const { raw, signature } = signSandboxEvent(event, SECRET);
  const res = await fetch(`http://127.0.0.1:${t.port}/api/payments/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: raw,
  });
  return { status: res.status, body: await res.text() };
}

/** A signed-out donation on the demo site: its payment row. */
async function donation(dollars: number): Promise<Row> {
  const res = await t.client().post(
    '/api/payments?partnersId=2',
    {
      partnersId: 2,
      amount: dollars,
      firstName: 'Out',
      lastName: 'Side',
      email: `outside-${randomUUID()}@example.org`,
      token: 'pm_card_visa',
    },
    freshAddress(),
  );
  expect(res.status, res.text).toBe(200);
  const code = res.json<string>().split('/').pop()!;
  const [payment] = await rowsWhere<Row>(t.database, 'payments', `receipt_code = '${code}'`);
  return payment!;
}

const paymentOf = async (id: unknown) =>
  (await rowsWhere<Row>(t.database, 'payments', `id = ${Number(id)}`))[0]!;
const refundsOf = (id: unknown) =>
  rowsWhere<Row>(t.database, 'payment_refunds', `payments_id = ${Number(id)}`);
const staffRowOf = async (payment: Row) => {
  const res = await admin.get(
    `/api/dashboard/donations/payments?partnersId=2&q=${String(payment.receipt_code)}`,
  );
  expect(res.status, res.text).toBe(200);
  return res.json<GivingPaymentRow[]>()[0]!;
};

describe('refunds made outside Kinship', () => {
  it('arrive once, even delivered twice and out of order with refund.updated', async () => {
    const payment = await donation(50);
    const { refundId, events } = await sandbox.refundOutside(
      await account(),
      String(payment.gateway_charge_id),
      2000,
    );
    const [refundUpdated, chargeRefunded] = events as [GatewayEvent, GatewayEvent];
    expect(refundUpdated.type).toBe('refund.updated');
    expect(chargeRefunded.type).toBe('charge.refunded');
    // An older "pending" state of the same refund, delivered last.
    const stalePending: GatewayEvent = {
      ...refundUpdated,
      id: `evt_stale_${randomUUID()}`,
      created: new Date(Date.now() - 60_000),
      ...(refundUpdated.type === 'refund.updated'
        ? { refund: { ...refundUpdated.refund, status: 'pending' as const } }
        : {}),
    } as GatewayEvent;

    for (const event of [chargeRefunded, refundUpdated, chargeRefunded, refundUpdated, stalePending]) {
      expect((await deliver(event)).status).toBe(200);
    }

    const refunds = await refundsOf(payment.id);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      amount: 2000,
      status: 'succeeded',
      source: 'gateway',
      gateway_refund_id: refundId,
      reason: OUTSIDE_REFUND_REASON,
    });
    expect(await paymentOf(payment.id)).toMatchObject({ refunded_amount: 2000, status: 'succeeded' });

    const receipt = (
      await t.client().get(`/api/receipts/${String(payment.receipt_code)}?partnersId=2`)
    ).json<Receipt>();
    expect(receipt.refundedAmount).toBe(2000);
    expect(receipt.refunds).toHaveLength(1);
    expect(await staffRowOf(payment)).toMatchObject({
      status: 'partially_refunded',
      refundedAmount: 2000,
      refundable: 3000,
      refunds: [{ amount: 2000, status: 'succeeded', source: 'gateway', reason: OUTSIDE_REFUND_REASON }],
      dispute: null,
    });
    // The donor is told once.
    expect(
      await rowsWhere(t.database, 'email_outbox', `dedupe_key = 'receipt:refund:${String(refunds[0]!.id)}'`),
    ).toHaveLength(1);
    const audits = await rowsWhere<Row>(
      t.database,
      'audit_log',
      `entity_type = 'payment' AND entity_id = '${String(payment.id)}' AND action IN ('payment.refund_recorded', 'payment.refunded')`,
    );
    expect(audits.map((a) => a.action).sort()).toEqual(['payment.refund_recorded', 'payment.refunded']);
  });

  it('a refund Kinship made and then seen in the webhook is not counted twice', async () => {
    const payment = await donation(30);
    const res = await admin.post(
      `/api/dashboard/donations/payments/${String(payment.id)}/refund?partnersId=2`,
      { amount: 1000, reason: 'Asked by the donor', requestKey: `k-${randomUUID()}` },
    );
    expect(res.status, res.text).toBe(200);
    const [own] = await refundsOf(payment.id);
    expect(own).toMatchObject({ status: 'succeeded', source: 'staff' });
    const events = await sandbox.refundEvents(await account(), String(own!.gateway_refund_id));
    for (const event of [...events, ...events]) expect((await deliver(event)).status).toBe(200);
    expect(await refundsOf(payment.id)).toHaveLength(1);
    expect(await paymentOf(payment.id)).toMatchObject({ refunded_amount: 1000 });
  });

  it('a webhook that overtakes Kinship’s own refund confirms it by the key Kinship gave, and the settle finds it done', async () => {
    const payment = await donation(20);
    const res = await admin.post(
      `/api/dashboard/donations/payments/${String(payment.id)}/refund?partnersId=2`,
      { amount: 500, reason: 'Asked by the donor', requestKey: `k-${randomUUID()}` },
    );
    expect(res.status, res.text).toBe(200);
    const [own] = await refundsOf(payment.id);
    // As if the request had died after the provider refunded and before Kinship recorded it.
    await t.database.db.execute(
      sql`UPDATE payment_refunds SET status = 'pending', gateway_refund_id = NULL, settled_at = NULL WHERE id = ${Number(own!.id)}`,
    );
    await t.database.db.execute(
      sql`DELETE FROM email_outbox WHERE dedupe_key = ${`receipt:refund:${String(own!.id)}`}`,
    );
    const [sandboxRefund] = await rowsWhere<Row>(
      t.database,
      'sandbox_refunds',
      `idempotency_key = 'refund:${String(own!.id)}'`,
    );
    const gatewayRefundId = { id: String(sandboxRefund!.id) };
    for (const event of await sandbox.refundEvents(await account(), gatewayRefundId.id))
      expect((await deliver(event)).status).toBe(200);
    expect(await refundsOf(payment.id)).toMatchObject([
      { id: own!.id, status: 'succeeded', gateway_refund_id: gatewayRefundId.id },
    ]);
    expect(await t.runJob('donations.refund.settle', { refundId: Number(own!.id) })).toMatchObject({
      settled: 0,
    });
    expect(await refundsOf(payment.id)).toHaveLength(1);
    expect(await paymentOf(payment.id)).toMatchObject({ refunded_amount: 500 });
    expect(
      await rowsWhere(t.database, 'email_outbox', `dedupe_key = 'receipt:refund:${String(own!.id)}'`),
    ).toHaveLength(1);
  });
});

describe('disputes', () => {
  const from = `${new Date().getUTCFullYear()}-01-01`;
  const to = new Date().toISOString().slice(0, 10);
  const net = async () =>
    (
      await admin.get(`/api/dashboard/reports/giving-by-fund?partnersId=2&from=${from}&to=${to}`)
    ).json<Report>().totals.net as number;

  it('a dispute lost reduces the reports’ net, once, whatever the order of its events', async () => {
    const payment = await donation(40);
    const before = await net();
    const charge = String(payment.gateway_charge_id);
    const at = (seconds: number) => new Date(Date.now() + seconds * 1000);
    const opened = await sandbox.disputeEvent(await account(), charge, 'needs_response', { created: at(0) });
    const review = await sandbox.disputeEvent(await account(), charge, 'under_review', { created: at(1) });
    const lost = await sandbox.disputeEvent(await account(), charge, 'lost', { created: at(2) });
    for (const event of [lost, opened, lost, review]) expect((await deliver(event)).status).toBe(200);

    expect(
      await rowsWhere(t.database, 'payment_disputes', `payments_id = ${Number(payment.id)}`),
    ).toMatchObject([{ status: 'lost', amount: 4000, reason: 'fraudulent' }]);
    expect(await refundsOf(payment.id)).toMatchObject([
      { source: 'dispute', amount: 4000, status: 'succeeded', reason: disputeLostReason('fraudulent') },
    ]);
    expect(await paymentOf(payment.id)).toMatchObject({ refunded_amount: 4000, status: 'refunded' });
    expect(await net()).toBe(before - 4000);
    expect(await staffRowOf(payment)).toMatchObject({
      status: 'refunded',
      refundable: 0,
      refunds: [{ source: 'dispute', amount: 4000 }],
      dispute: { status: 'lost', amount: 4000, reason: 'fraudulent' },
    });
    // No refund notice: the donor asked their bank.
    const [ledger] = await refundsOf(payment.id);
    expect(
      await rowsWhere(t.database, 'email_outbox', `dedupe_key = 'receipt:refund:${String(ledger!.id)}'`),
    ).toHaveLength(0);
  });

  it('a dispute won changes nothing in the ledger', async () => {
    const payment = await donation(25);
    const before = await net();
    const charge = String(payment.gateway_charge_id);
    for (const status of ['needs_response', 'under_review', 'won'] as const)
      expect((await deliver(await sandbox.disputeEvent(await account(), charge, status))).status).toBe(200);
    expect(
      await rowsWhere(t.database, 'payment_disputes', `payments_id = ${Number(payment.id)}`),
    ).toMatchObject([{ status: 'won' }]);
    expect(await refundsOf(payment.id)).toHaveLength(0);
    expect(await net()).toBe(before);
  });
});
