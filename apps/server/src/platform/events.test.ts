import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import { dispatchEvents, emit, installEventBus, subscribe, type AnyEventSubscriber } from './events.ts';
import { insertOutboxMessage } from './messaging/outbox.ts';

type Row = Record<string, unknown>;
const config = loadConfig({ AUTH_SECRET: 'x'.repeat(32), LOG_LEVEL: 'silent' });
const errors: unknown[] = [];
const log = { info: () => undefined, error: (obj: object) => void errors.push(obj) };

describe('domain events', () => {
  let database: Database;
  const rows = async (text: string) =>
    ((await database.db.execute(sql.raw(text))) as unknown as { rows: Row[] }).rows;
  let next = 1_000_000;
  /** A payment.succeeded of a made-up payment: the payload's shape is all these tests need. */
  const payment = () => ({ partnersId: 2, paymentsId: next++ });

  /** A subscriber that queues one outbox row per event (its work, visible in the database). */
  const mailing = (name: string, seen: number[]): AnyEventSubscriber =>
    subscribe('payment.succeeded', name, async (payload, ctx) => {
      seen.push(payload.paymentsId);
      await insertOutboxMessage(ctx.tx, {
        partnersId: payload.partnersId,
        kind: 'receipt',
        dedupeKey: `test:${name}:${payload.paymentsId}`,
        toAddress: 'events@example.org',
        subject: 'Test',
        bodyText: 'Test',
      });
    });
  const queued = async (name: string, paymentsId: number) =>
    Number(
      (
        await rows(
          `SELECT count(*)::int AS n FROM email_outbox WHERE dedupe_key = 'test:${name}:${paymentsId}'`,
        )
      )[0]!.n,
    );

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('writes the event in the caller transaction, once per dedupe key, and never when it rolls back', async () => {
    const p = payment();
    const first = await database.db.transaction((tx) => emit(tx, 'payment.succeeded', p));
    const again = await database.db.transaction((tx) => emit(tx, 'payment.succeeded', p));
    expect(first).toBeTypeOf('number');
    expect(again).toBeNull();
    const q = payment();
    await expect(
      database.db.transaction(async (tx) => {
        await emit(tx, 'payment.succeeded', q);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(
      await rows(
        `SELECT payload->>'paymentsId' AS id, status FROM domain_events WHERE dedupe_key IN ('payment.succeeded:${p.paymentsId}', 'payment.succeeded:${q.paymentsId}')`,
      ),
    ).toEqual([{ id: String(p.paymentsId), status: 'pending' }]);
    // A payload outside the catalogue's schema is refused at the write.
    await expect(
      database.db.transaction((tx) => emit(tx, 'payment.succeeded', { partnersId: 2, paymentsId: -1 })),
    ).rejects.toThrow();
    await dispatchEvents({ db: database.db, config, log, subscribers: [] });
  });

  it('runs each subscriber once per event, even when a dispatcher died before marking the event done', async () => {
    const seen: number[] = [];
    const subscribers = [mailing('a', seen), mailing('b', seen)];
    const p = payment();
    const id = await database.db.transaction((tx) => emit(tx, 'payment.succeeded', p));
    expect(await dispatchEvents({ db: database.db, config, log, subscribers })).toEqual({
      dispatched: 1,
      retrying: 0,
      failed: 0,
    });
    expect(seen).toEqual([p.paymentsId, p.paymentsId]);
    // As if the process died after the subscribers committed but before the event was marked done.
    await database.db.execute(
      sql`UPDATE domain_events SET status = 'pending', lease_until = NULL WHERE id = ${id}`,
    );
    expect((await dispatchEvents({ db: database.db, config, log, subscribers })).dispatched).toBe(1);
    expect(seen).toHaveLength(2);
    expect([await queued('a', p.paymentsId), await queued('b', p.paymentsId)]).toEqual([1, 1]);
    expect(
      await rows(
        `SELECT subscriber FROM domain_event_deliveries WHERE events_id = ${id} ORDER BY subscriber`,
      ),
    ).toEqual([{ subscriber: 'a' }, { subscriber: 'b' }]);
  });

  it('leaves an event claimed by a live dispatcher alone until its lease passes', async () => {
    const seen: number[] = [];
    const p = payment();
    const id = await database.db.transaction((tx) => emit(tx, 'payment.succeeded', p));
    await database.db.execute(
      sql`UPDATE domain_events SET lease_until = now() + interval '1 minute', attempts = 1 WHERE id = ${id}`,
    );
    await dispatchEvents({ db: database.db, config, log, subscribers: [mailing('c', seen)], ids: [id!] });
    expect(seen).toEqual([]);
    await database.db.execute(
      sql`UPDATE domain_events SET lease_until = now() - interval '1 second' WHERE id = ${id}`,
    );
    await dispatchEvents({ db: database.db, config, log, subscribers: [mailing('c', seen)], ids: [id!] });
    expect(seen).toEqual([p.paymentsId]);
  });

  it('keeps a failed subscriber pending with a backoff while the others stay done, then runs only it', async () => {
    const seen: number[] = [];
    let failing = true;
    const flaky = subscribe('payment.succeeded', 'flaky', async (payload, ctx) => {
      await insertOutboxMessage(ctx.tx, {
        partnersId: payload.partnersId,
        kind: 'receipt',
        dedupeKey: `test:flaky:${payload.paymentsId}`,
        toAddress: 'events@example.org',
        subject: 'Test',
        bodyText: 'Test',
      });
      if (failing) throw new Error('CRM unreachable');
    });
    const p = payment();
    const id = await database.db.transaction((tx) => emit(tx, 'payment.succeeded', p));
    const subscribers = [mailing('d', seen), flaky];
    expect(await dispatchEvents({ db: database.db, config, log, subscribers, ids: [id!] })).toEqual({
      dispatched: 0,
      retrying: 1,
      failed: 0,
    });
    const [pending] = await rows(
      `SELECT status, last_error, next_attempt_at > now() AS later FROM domain_events WHERE id = ${id}`,
    );
    expect(pending).toEqual({ status: 'pending', last_error: 'CRM unreachable', later: true });
    // The failed run's writes rolled back with it; the other subscriber's stand.
    expect([await queued('d', p.paymentsId), await queued('flaky', p.paymentsId)]).toEqual([1, 0]);
    failing = false;
    await database.db.execute(sql`UPDATE domain_events SET next_attempt_at = now() WHERE id = ${id}`);
    await dispatchEvents({ db: database.db, config, log, subscribers, ids: [id!] });
    expect(seen).toEqual([p.paymentsId]);
    expect([await queued('d', p.paymentsId), await queued('flaky', p.paymentsId)]).toEqual([1, 1]);
    expect((await rows(`SELECT status FROM domain_events WHERE id = ${id}`))[0]).toEqual({ status: 'done' });
  });

  it('dispatches right after the emitting transaction commits, before it returns', async () => {
    const seen: number[] = [];
    const remove = installEventBus(database.db, { config, log, subscribers: [mailing('e', seen)] });
    try {
      const p = payment();
      await database.db.transaction(async (tx) => {
        await emit(tx, 'payment.succeeded', p);
        expect(seen).toEqual([]);
      });
      expect(seen).toEqual([p.paymentsId]);
      expect(await queued('e', p.paymentsId)).toBe(1);
      // Emitted outside a transaction: committed at once, dispatched at once.
      const q = payment();
      await emit(database.db, 'payment.succeeded', q);
      expect(seen).toEqual([p.paymentsId, q.paymentsId]);
    } finally {
      remove();
    }
  });
});

describe('receipts travel as events', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('a donation answers after its payment.succeeded ran the receipt subscriber', async () => {
    const res = await t.client().post('/api/payments?partnersId=2', {
      partnersId: 2,
      amount: 20,
      firstName: 'Event',
      lastName: 'Donor',
      email: 'event-donor@example.org',
      token: 'pm_card_visa',
    });
    expect(res.status).toBe(200);
    const found = (
      (await t.database.db.execute(sql`
        SELECT e.status, d.subscriber, o.to_address FROM domain_events e
          JOIN payments p ON p.id = (e.payload->>'paymentsId')::int
          JOIN donations dn ON dn.id = p.donations_id
          LEFT JOIN domain_event_deliveries d ON d.events_id = e.id
          LEFT JOIN email_outbox o ON o.dedupe_key = 'receipt:payment:' || p.id
         WHERE e.name = 'payment.succeeded' AND dn.email = 'event-donor@example.org'`)) as unknown as {
        rows: Row[];
      }
    ).rows;
    expect(found).toEqual([
      { status: 'done', subscriber: 'giving.receipt', to_address: 'event-donor@example.org' },
    ]);
  });
});
