import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countWhere, freshAddress } from '../../test/giving-fixtures.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { JOB_DEFINITIONS } from '../job-definitions.ts';
import { bossDbAdapter } from './jobs.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    env: { TRUST_PROXY: 'loopback' },
    worker: { pollingIntervalSeconds: 0.5, tickSeconds: 1 },
  });
});
afterAll(async () => {
  await t?.close();
});

async function waitFor<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false>,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the pg-boss worker', () => {
  it('installs its queues in the application database', async () => {
    const result = await t.database.db.execute(sql`SELECT name FROM pgboss.queue ORDER BY name`);
    const names = (result as unknown as { rows: { name: string }[] }).rows.map((r) => r.name);
    expect(names).toEqual(JOB_DEFINITIONS.map((d) => d.name).sort());
  });

  it('sends a receipt by itself, once, while the server keeps answering requests', async () => {
    const email = `worker-${Date.now()}@example.org`;
    const res = await t
      .client()
      .post(
        '/api/payments?partnersId=2',
        { partnersId: 2, amount: 15, firstName: 'Wren', lastName: 'Worker', email, token: 'pm_card_visa' },
        freshAddress(),
      );
    expect(res.status).toBe(200);
    // The server is not starved by the worker's polling.
    const started = Date.now();
    for (let i = 0; i < 20; i += 1) expect((await t.client().get('/api/partners/demo')).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(5000);

    await waitFor('the receipt mail', async () => t.mailTo(email).length === 1);
    await waitFor(
      'the outbox row marked sent',
      async () =>
        (await countWhere(t.database, 'email_outbox', `to_address = '${email}' AND status = 'sent'`)) === 1,
    );
    // Later ticks find nothing more to send.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(t.mailTo(email)).toHaveLength(1);
    const jobs = await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'outbox.dispatch' AND state = 'completed'`,
    );
    expect((jobs as unknown as { rows: { n: number }[] }).rows[0]!.n).toBeGreaterThanOrEqual(1);
  });

  it('offers every periodic job to the queue, the daily ones too (pg-boss caps a throttle at 12 h)', async () => {
    const periodic = JOB_DEFINITIONS.filter((d) => d.everySeconds).map((d) => d.name);
    expect(periodic).toContain('maintenance.prune-delivered');
    // The ticker's first round ran at start; each periodic queue holds its job.
    const queued = await waitFor('every periodic job queued', async () => {
      const result = await t.database.db.execute(sql`SELECT DISTINCT name FROM pgboss.job`);
      const names = new Set((result as unknown as { rows: { name: string }[] }).rows.map((r) => r.name));
      return periodic.every((name) => names.has(name)) ? names : null;
    });
    for (const name of periodic) expect(queued.has(name), name).toBe(true);
  });

  it('enqueues at most one job per queue and period, however often it is asked', async () => {
    await t.worker!.enqueue('holds.expire');
    await t.worker!.enqueue('holds.expire');
    const result = await t.database.db.execute(sql`
      SELECT count(*)::int AS n FROM pgboss.job
       WHERE name = 'holds.expire' AND singleton_on = (SELECT max(singleton_on) FROM pgboss.job WHERE name = 'holds.expire')`);
    expect((result as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
  });
});

describe("pg-boss's database adapter", () => {
  it('leaves the connection usable after a multi-statement block fails', async () => {
    const adapter = bossDbAdapter(t.database);
    await expect(
      adapter.executeSql('BEGIN; SELECT 1; SELECT * FROM no_such_table; COMMIT;', []),
    ).rejects.toThrow();
    const { rows } = await adapter.executeSql('SELECT $1::int AS n', [7]);
    expect(rows).toEqual([{ n: 7 }]);
    expect((await t.client().get('/api/partners/demo')).status).toBe(200);
  });
});
