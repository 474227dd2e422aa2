import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planChangeKey } from '../src/areas/partners/catalogue/plan-notices.ts';
import { statementDedupeKey } from '../src/areas/giving/receipts/receipts.service.ts';
import { startTestApp, type TestApp } from './test-app.ts';
import { DELIVERED_PRUNE_BATCH, DELIVERED_RETENTION_DAYS } from '../src/platform/pruning.ts';

/*
 * The daily pruning of dispatched events and delivered mail (decision 066), on the test database
 * (PGlite unless DATABASE_URL is set): rows done more than the retention ago go, in batches; what is
 * recent or undelivered stays, and so does mail whose key guards a later run (year-end statements,
 * failed-payment reminders, plan notices).
 */

type Row = Record<string, unknown>;
let t: TestApp;
const rows = async (query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: Row[] }).rows;
const count = async (query: ReturnType<typeof sql>) => Number((await rows(query))[0]!.n);

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const OLD = sql`now() - make_interval(days => ${DELIVERED_RETENTION_DAYS + 1})`;
const RECENT = sql`now() - interval '1 day'`;
const LATER = sql`now() + interval '1 day'`;

describe('maintenance.prune-delivered', () => {
  it('is a daily job of the application, one run at a time', () => {
    const job = t.app.deps.jobs.definitions.find((d) => d.name === 'maintenance.prune-delivered');
    expect(job?.everySeconds).toBe(24 * 60 * 60);
    expect(job?.singleton).toBe(true);
  });

  it('deletes events done and mail sent before the retention, in batches, and keeps everything else', async () => {
    // What the seeded history holds already is pruned first, so the counts below are this test's.
    await t.runJob('maintenance.prune-delivered');
    const oldEvents = DELIVERED_PRUNE_BATCH * 2 + 3;
    await t.database.db.execute(sql`
      INSERT INTO domain_events (name, payload, dedupe_key, status, created_at, completed_at)
      SELECT 'payment.succeeded', '{}'::jsonb, 'prune-test:old:' || g, 'done', ${OLD}, ${OLD}
        FROM generate_series(1, ${oldEvents}) g`);
    await t.database.db.execute(sql`
      INSERT INTO domain_event_deliveries (events_id, subscriber, completed_at)
      SELECT id, 'giving.receipt', ${OLD} FROM domain_events WHERE dedupe_key LIKE 'prune-test:old:%'`);
    await t.database.db.execute(sql`
      INSERT INTO domain_events (name, payload, dedupe_key, status, attempts, created_at, completed_at, next_attempt_at) VALUES
        ('payment.succeeded', '{}'::jsonb, 'prune-test:recent', 'done', 1, ${RECENT}, ${RECENT}, ${RECENT}),
        ('payment.succeeded', '{}'::jsonb, 'prune-test:pending', 'pending', 3, ${OLD}, NULL, ${LATER}),
        ('payment.succeeded', '{}'::jsonb, 'prune-test:failed', 'failed', 8, ${OLD}, NULL, ${OLD})`);
    await t.database.db.execute(sql`
      INSERT INTO domain_event_deliveries (events_id, subscriber)
      SELECT id, 'giving.receipt' FROM domain_events WHERE dedupe_key = 'prune-test:recent'`);
    const mail = (key: string, status: string, created: ReturnType<typeof sql>, sent: unknown) => sql`
      (${key}, 'receipt', 'prune@example.org', 'Pruning', 'Pruning', ${status}, ${created}, ${sent}, ${LATER})`;
    await t.database.db.execute(sql`
      INSERT INTO email_outbox (dedupe_key, kind, to_address, subject, body_text, status, created_at, sent_at, next_attempt_at)
      VALUES ${sql.join(
        [
          mail('prune-test:sent-old:1', 'sent', OLD, OLD),
          mail('prune-test:sent-old:2', 'sent', OLD, OLD),
          mail('prune-test:sent-old:3', 'sent', OLD, OLD),
          mail('prune-test:sent-recent', 'sent', OLD, RECENT),
          mail('prune-test:pending-old', 'pending', OLD, null),
          mail('prune-test:failed-old', 'failed', OLD, null),
          mail(statementDedupeKey(2, 2020, 'eprune@example.org'), 'sent', OLD, OLD),
          mail(planChangeKey(999_001, 999_002), 'sent', OLD, OLD),
          mail('reminder:subscription:999001:payment:999002', 'sent', OLD, OLD),
        ],
        sql`, `,
      )}`);

    expect(await t.runJob('maintenance.prune-delivered')).toEqual({
      domain_events: oldEvents,
      email_outbox: 3,
    });

    expect(
      await rows(
        sql`SELECT dedupe_key, status FROM domain_events WHERE dedupe_key LIKE 'prune-test:%' ORDER BY dedupe_key`,
      ),
    ).toEqual([
      { dedupe_key: 'prune-test:failed', status: 'failed' },
      { dedupe_key: 'prune-test:pending', status: 'pending' },
      { dedupe_key: 'prune-test:recent', status: 'done' },
    ]);
    // The pruned events' marks went with them; the recent one's stays.
    expect(
      await count(sql`SELECT count(*)::int AS n FROM domain_event_deliveries d
        WHERE NOT EXISTS (SELECT 1 FROM domain_events e WHERE e.id = d.events_id)`),
    ).toBe(0);
    expect(
      await count(sql`SELECT count(*)::int AS n FROM domain_event_deliveries d JOIN domain_events e ON e.id = d.events_id
        WHERE e.dedupe_key = 'prune-test:recent'`),
    ).toBe(1);
    expect(
      (await rows(sql`SELECT dedupe_key FROM email_outbox WHERE to_address = 'prune@example.org'`))
        .map((r) => String(r.dedupe_key))
        .sort(),
    ).toEqual(
      [
        'prune-test:failed-old',
        'prune-test:pending-old',
        'prune-test:sent-recent',
        statementDedupeKey(2, 2020, 'eprune@example.org'),
        planChangeKey(999_001, 999_002),
        'reminder:subscription:999001:payment:999002',
      ].sort(),
    );

    // Nothing is left to prune.
    expect(await t.runJob('maintenance.prune-delivered')).toEqual({ domain_events: 0, email_outbox: 0 });
  });
});
