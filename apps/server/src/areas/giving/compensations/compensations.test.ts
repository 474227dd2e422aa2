import { CART_ISSUE_MESSAGE } from '@kinship/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partners, sponsoreds } from '../../../db/schema/index.ts';
import type { PaymentGateway } from '../../../platform/payments/gateway.ts';
import { GatewayUnavailableError } from '../../../platform/payments/gateway.ts';
import { SandboxGateway } from '../../../platform/payments/sandbox-gateway.ts';
import { freshAddress, insertRecord, line, rowsWhere } from '../../../../test/giving-fixtures.ts';
import { clientAs, createPeople, type TestPerson } from '../../../../test/people.ts';
import { startTestApp, type TestApp } from '../../../../test/test-app.ts';
import { BANKS_NOT_ALLOWED } from '../payment-methods/payment-methods.service.ts';

type Row = Record<string, unknown>;

/**
 * The sandbox gateway with faults on demand: `takeSlotsAfterSubscribing` fills the record's slots
 * right after the subscription is created (another donor got there first, so the checkout must undo
 * its charge), and `failing` makes the named compensation calls fail that many times.
 */
class FaultyGateway {
  failing: Record<'cancelSubscription' | 'refund' | 'detachPaymentMethod', number> = {
    cancelSubscription: 0,
    refund: 0,
    detachPaymentMethod: 0,
  };
  takeSlotsOf: number | null = null;
  readonly calls: string[] = [];

  constructor(readonly real: SandboxGateway) {}

  asGateway(database: TestApp['database']): PaymentGateway {
    return new Proxy(this.real, {
      get: (target, prop, receiver) => {
        const value = Reflect.get(target, prop, receiver) as unknown;
        if (typeof value !== 'function') return value;
        const name = String(prop);
        return async (...args: unknown[]) => {
          if (name in this.failing) {
            this.calls.push(name);
            const key = name as keyof FaultyGateway['failing'];
            if (this.failing[key] > 0) {
              this.failing[key] -= 1;
              throw new GatewayUnavailableError(`The gateway failed ${name} (injected).`);
            }
          }
          const result = (await (value as (...a: unknown[]) => Promise<unknown>).apply(
            target,
            args,
          )) as unknown;
          if (name === 'createSubscription' && this.takeSlotsOf !== null) {
            await database.db
              .update(sponsoreds)
              .set({ slotsFilled: sql`${sponsoreds.maxSlots}` })
              .where(eq(sponsoreds.id, this.takeSlotsOf));
            this.takeSlotsOf = null;
          }
          return result;
        };
      },
    });
  }
}

let t: TestApp;
let faults: FaultyGateway;
beforeAll(async () => {
  t = await startTestApp({
    env: { TRUST_PROXY: 'loopback' },
    gateway: (database) => {
      faults = new FaultyGateway(new SandboxGateway(database.db));
      return faults.asGateway(database);
    },
  });
});
afterAll(async () => {
  await t?.close();
});

async function person(): Promise<TestPerson> {
  return (await createPeople(t.database, 1, 'compensation'))[0]!;
}

const checkout = (
  who: TestPerson,
  record: number,
  pm = 'pm_card_visa',
  headers: Record<string, string> = {},
) =>
  clientAs(t.port, who).post(
    '/api/payments/checkout/month?partnersId=2',
    {
      partnersId: 2,
      stripePaymentIntent: pm,
      userSponsoreds: [line(record, 1)],
      email: who.email,
      firstName: who.firstName,
      lastName: who.lastName,
      baseAmount: 5000,
      additionalAmount: 0,
    },
    { ...freshAddress(), ...headers },
  );

async function queuedJobsFor(compensationId: number): Promise<Row[]> {
  const result = await t.database.db.execute(sql`
    SELECT state FROM pgboss.job
     WHERE name = 'payments.compensate' AND (data->>'compensationId')::int = ${compensationId}`);
  return (result as unknown as { rows: Row[] }).rows;
}

describe('money-path compensations', () => {
  it('records a cart conflict whose cancel and refund the gateway fails, and the job retries them until they succeed', async () => {
    const who = await person();
    const record = await insertRecord(t.database, { maxSlots: 1 });
    faults.takeSlotsOf = record;
    faults.failing.cancelSubscription = 2;
    faults.failing.refund = 1;

    const res = await checkout(who, record);
    expect(res.status).toBe(409);
    expect(res.text).toBe(CART_ISSUE_MESSAGE);
    // The slots were taken while paying (decision 067).
    expect(res.headers['x-error-code']).toBe('slots_full');

    const [order] = await rowsWhere<Row>(t.database, 'orders', `users_id = ${who.usersId}`);
    const rows = await rowsWhere<Row>(
      t.database,
      'payment_compensations',
      `orders_id = ${String(order!.id)}`,
    );
    expect(rows.map((r) => [r.action, r.status, r.attempts, r.last_error])).toEqual([
      ['cancel_subscription', 'pending', 1, 'The gateway failed cancelSubscription (injected).'],
      ['refund_charge', 'pending', 1, 'The gateway failed refund (injected).'],
    ]);
    const [subscription] = await rowsWhere<Row>(
      t.database,
      'sandbox_subscriptions',
      `id = '${String(rows[0]!.gateway_object_id)}'`,
    );
    expect(subscription!.status).not.toBe('canceled');
    // Each has its retry job in the queue, written with the record.
    for (const row of rows) expect(await queuedJobsFor(Number(row.id))).toEqual([{ state: 'created' }]);

    // The cancel fails once more (the job throws, so pg-boss retries it), then succeeds.
    const cancelId = Number(rows[0]!.id);
    await expect(t.runJob('payments.compensate', { compensationId: cancelId })).rejects.toThrow(
      'The gateway failed cancelSubscription (injected).',
    );
    expect((await rowsWhere<Row>(t.database, 'payment_compensations', `id = ${cancelId}`))[0]).toMatchObject({
      status: 'pending',
      attempts: 2,
    });
    expect(await t.runJob('payments.compensate', { compensationId: cancelId })).toEqual({ compensated: 1 });
    expect(await t.runJob('payments.compensate', { compensationId: Number(rows[1]!.id) })).toEqual({
      compensated: 1,
    });

    const after = await rowsWhere<Row>(
      t.database,
      'payment_compensations',
      `orders_id = ${String(order!.id)}`,
    );
    expect(after.map((r) => r.status)).toEqual(['done', 'done']);
    expect(after.every((r) => r.resolved_at !== null)).toBe(true);
    const [canceled] = await rowsWhere<Row>(
      t.database,
      'sandbox_subscriptions',
      `id = '${String(subscription!.id)}'`,
    );
    expect(canceled!.status).toBe('canceled');
    const [charge] = await rowsWhere<Row>(
      t.database,
      'sandbox_charges',
      `id = '${String(rows[1]!.gateway_object_id)}'`,
    );
    expect(charge!.refunded_amount).toBe(charge!.amount);
    // A done compensation is not tried again.
    const callsBefore = faults.calls.length;
    expect(await t.runJob('payments.compensate', { compensationId: cancelId })).toEqual({ compensated: 0 });
    expect(faults.calls.length).toBe(callsBefore);
  });

  it('records nothing when the compensation succeeds at once', async () => {
    const who = await person();
    const record = await insertRecord(t.database, { maxSlots: 1 });
    faults.takeSlotsOf = record;
    const key = { 'idempotency-key': `compensated-${record}` };
    const res = await checkout(who, record, 'pm_card_visa', key);
    expect(res.status).toBe(409);
    // Sent again, the failed order answers as it did: the slots were taken (decision 067).
    const again = await checkout(who, record, 'pm_card_visa', key);
    expect([again.status, again.headers['x-error-code'], again.text]).toEqual([
      409,
      'slots_full',
      CART_ISSUE_MESSAGE,
    ]);
    const [order] = await rowsWhere<Row>(t.database, 'orders', `users_id = ${who.usersId}`);
    expect(await rowsWhere(t.database, 'payment_compensations', `orders_id = ${String(order!.id)}`)).toEqual(
      [],
    );
  });

  it('records a refused bank method whose detach the gateway fails, and the job detaches it', async () => {
    await t.database.db.update(partners).set({ allowBanks: false }).where(eq(partners.id, 2));
    const who = await person();
    const record = await insertRecord(t.database, { maxSlots: 1 });
    faults.failing.detachPaymentMethod = 1;
    const res = await checkout(who, record, 'pm_usBankAccount');
    expect(res.status).toBe(400);
    expect(res.text).toBe(BANKS_NOT_ALLOWED);
    const [row] = await rowsWhere<Row>(
      t.database,
      'payment_compensations',
      `action = 'detach_payment_method' AND status = 'pending'`,
    );
    expect(row).toMatchObject({ partners_id: 2, orders_id: null, attempts: 1 });
    const [method] = await rowsWhere<Row>(
      t.database,
      'sandbox_payment_methods',
      `id = '${String(row!.gateway_object_id)}'`,
    );
    expect(method!.detached_at).toBeNull();

    expect(await t.runJob('payments.compensate', { compensationId: Number(row!.id) })).toEqual({
      compensated: 1,
    });
    const [detached] = await rowsWhere<Row>(
      t.database,
      'sandbox_payment_methods',
      `id = '${String(row!.gateway_object_id)}'`,
    );
    expect(detached!.detached_at).not.toBeNull();
  });

  it('sends a compensation again from the periodic sweep when its job is gone', async () => {
    const [row] = await rowsWhere<Row>(t.database, 'payment_compensations', `status = 'done'`);
    await t.database.db.execute(
      sql`UPDATE payment_compensations SET status = 'pending', updated_at = now() - interval '1 hour' WHERE id = ${Number(row!.id)}`,
    );
    await t.database.db.execute(
      sql`DELETE FROM pgboss.job WHERE name = 'payments.compensate' AND (data->>'compensationId')::int = ${Number(row!.id)}`,
    );
    expect(await t.runJob('payments.compensations.sweep')).toEqual({ resent: 1 });
    expect(await queuedJobsFor(Number(row!.id))).toEqual([{ state: 'created' }]);
    // The same period does not send it twice.
    await t.runJob('payments.compensations.sweep');
    expect(await queuedJobsFor(Number(row!.id))).toHaveLength(1);
  });
});
