import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { emailOutbox, paymentRateEvents } from '../db/schema/index.ts';
import { DEMO_ACCOUNTS } from '../seed/demo.ts';
import { freshAddress, rowsWhere } from '../../test/giving-fixtures.ts';
import type { TestClient } from '../../test/http-client.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { createJobQueue, defineJob, JobRefusal, type JobQueue, type Worker } from './jobs.ts';
import { PRUNE_TASKS } from './pruning.ts';

type Row = Record<string, unknown>;

let t: TestApp;
let queue: JobQueue;
let worker: Worker;
let admin: TestClient;
const seen: { name: string; payload: unknown; at: number }[] = [];
let failuresLeft = 0;

/** Jobs of a module under test: a long import reporting progress, a flaky one, a scheduled reminder. */
const importJob = defineJob({
  name: 'test.import',
  payload: z.object({ rows: z.number().int().min(1).max(100), label: z.string() }),
  handler: async ({ rows, label }, ctx) => {
    for (let done = 1; done <= rows; done += 1) {
      await ctx.progress({ done, total: rows, message: `Importing ${label}` });
    }
    seen.push({ name: 'test.import', payload: { rows, label }, at: Date.now() });
    return { imported: rows };
  },
});
const flakyJob = defineJob({
  name: 'test.flaky',
  payload: z.object({ n: z.number() }),
  retry: { limit: 3, delaySeconds: 1, backoff: true },
  handler: async (payload, ctx) => {
    seen.push({ name: 'test.flaky', payload: { ...payload, retryCount: ctx.retryCount }, at: Date.now() });
    if (failuresLeft > 0) {
      failuresLeft -= 1;
      throw new Error('flaky (injected)');
    }
    return { ok: 1 };
  },
});
/** A job whose input is refused by the rules: a retry cannot change that. */
const refusingJob = defineJob({
  name: 'test.refusing',
  payload: z.object({ file: z.string() }),
  retry: { limit: 3, delaySeconds: 1 },
  handler: async (payload) => {
    seen.push({ name: 'test.refusing', payload, at: Date.now() });
    throw new JobRefusal(`${payload.file} is not a zip file that can be read.`);
  },
});
const reminderJob = defineJob({
  name: 'test.reminder',
  payload: z.object({ to: z.email() }),
  handler: async (payload) => {
    seen.push({ name: 'test.reminder', payload, at: Date.now() });
  },
});

async function waitFor<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false>,
  timeoutMs = 30_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function jobRow(id: string): Promise<Row> {
  const result = await t.database.db.execute(
    sql`SELECT state, data, start_after, retry_count FROM pgboss.job WHERE id = ${id}`,
  );
  return (result as unknown as { rows: Row[] }).rows[0]!;
}

beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: 'loopback' } });
  queue = createJobQueue({ database: t.database, config: t.app.deps.config, storage: t.app.deps.storage }, [
    importJob,
    flakyJob,
    reminderJob,
    refusingJob,
  ]);
  worker = await queue.startWorker({ pollingIntervalSeconds: 0.5, tickSeconds: 1 });
  admin = t.client('demo.localhost');
  const account = DEMO_ACCOUNTS.find((a) => a.email === 'partner-admin@demo.example.org')!;
  await admin.signIn(account.email, account.password);
});
afterAll(async () => {
  await worker?.stop();
  await queue?.stop();
  await t?.close();
});

describe('typed jobs', () => {
  it('refuses a payload its schema does not accept, queuing nothing', async () => {
    await expect(queue.send(importJob, { rows: 0, label: 'x' } as never)).rejects.toThrow();
    const result = await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'test.import'`,
    );
    expect((result as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('runs a one-off job with its payload and lets the partner staff read its progress', async () => {
    const id = await queue.send(
      importJob,
      { rows: 4, label: 'sponsors.csv' },
      {
        track: { scope: { action: 'records.manage', partnersId: 2, entityIds: 'all' } },
      },
    );
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const progress = await waitFor('the import to complete', async () => {
      const res = await admin.get(`/api/jobs/${id}/progress?partnersId=2`);
      const body = res.json<{ state: string }>();
      return res.status === 200 && body.state === 'completed' ? body : null;
    });
    expect(progress).toMatchObject({
      id,
      name: 'test.import',
      state: 'completed',
      done: 4,
      total: 4,
      message: 'Importing sponsors.csv',
    });
    expect(seen.filter((s) => s.name === 'test.import').map((s) => s.payload)).toEqual([
      { rows: 4, label: 'sponsors.csv' },
    ]);
    // Another partner's site does not show it, and a donor may not read progress.
    expect(
      (await admin.withHost('maple.localhost').get(`/api/jobs/${id}/progress?partnersId=3`)).status,
    ).toBe(403);
    expect((await t.client().get(`/api/jobs/${id}/progress?partnersId=2`)).status).toBe(401);
  });

  it('runs a scheduled job no earlier than its time', async () => {
    const runAt = new Date(Date.now() + 2500);
    const id = await queue.send(reminderJob, { to: 'donor@example.org' }, { startAfter: runAt });
    const queued = await jobRow(id!);
    expect(queued.state).toBe('created');
    expect(new Date(String(queued.start_after)).getTime()).toBe(runAt.getTime());
    const ran = await waitFor('the reminder', async () => seen.find((s) => s.name === 'test.reminder'));
    expect(ran.at).toBeGreaterThanOrEqual(runAt.getTime());
    expect(ran.payload).toEqual({ to: 'donor@example.org' });
  });

  it('retries a failing job with backoff until it succeeds', async () => {
    failuresLeft = 2;
    const id = await queue.send(flakyJob, { n: 7 });
    await waitFor('the flaky job to complete', async () => (await jobRow(id!)).state === 'completed');
    const runs = seen.filter((s) => s.name === 'test.flaky');
    expect(runs.map((r) => r.payload)).toEqual([
      { n: 7, retryCount: 0 },
      { n: 7, retryCount: 1 },
      { n: 7, retryCount: 2 },
    ]);
    // Backoff: the second wait is longer than the first.
    expect(runs[2]!.at - runs[1]!.at).toBeGreaterThan(runs[1]!.at - runs[0]!.at);
  });

  it('fails a refused job at once, with its message in the progress, and never retries it', async () => {
    const id = await queue.send(
      refusingJob,
      { file: 'pics.zip' },
      { track: { scope: { action: 'records.manage', partnersId: 2, entityIds: 'all' } } },
    );
    await waitFor('the refused job to fail', async () => (await jobRow(id!)).state === 'failed');
    expect(await jobRow(id!)).toMatchObject({ state: 'failed', retry_count: 0 });
    const progress = (await admin.get(`/api/jobs/${id}/progress?partnersId=2`)).json();
    expect(progress).toMatchObject({
      state: 'failed',
      message: 'pics.zip is not a zip file that can be read.',
    });
    // Longer than the retry delay: still one run.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(seen.filter((s) => s.name === 'test.refusing')).toHaveLength(1);
  });

  it('sends a job in the caller transaction: rolled back, there is no job', async () => {
    await expect(
      t.database.db.transaction(async (tx) => {
        await queue.send(reminderJob, { to: 'rolled-back@example.org' }, { tx });
        throw new Error('the business write failed');
      }),
    ).rejects.toThrow('the business write failed');
    const result = await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM pgboss.job WHERE data->>'to' = 'rolled-back@example.org'`,
    );
    expect((result as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    await t.database.db.transaction(async (tx) => {
      await queue.send(
        reminderJob,
        { to: 'committed@example.org' },
        { tx, startAfter: new Date(Date.now() + 3600_000) },
      );
    });
    const committed = await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM pgboss.job WHERE data->>'to' = 'committed@example.org'`,
    );
    expect((committed as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
  });
});

describe('maintenance.prune', () => {
  it('drops payment_rate_events older than every window and keeps recent ones', async () => {
    const base = { partnersId: 2, form: 'donation', outcome: 'attempt', clientAddress: '10.77.0.1' };
    await t.database.db.insert(paymentRateEvents).values([
      { ...base, email: 'old-1@example.org', createdAt: sql`now() - interval '25 hours'` },
      { ...base, email: 'old-2@example.org', createdAt: sql`now() - interval '3 days'` },
      { ...base, email: 'recent@example.org', createdAt: sql`now() - interval '50 minutes'` },
    ]);
    expect(await t.runJob('maintenance.prune')).toMatchObject({ payment_rate_events: 2 });
    const left = await t.database.db.execute(
      sql`SELECT email FROM payment_rate_events WHERE client_address = '10.77.0.1' ORDER BY email`,
    );
    expect((left as unknown as { rows: Row[] }).rows).toEqual([{ email: 'recent@example.org' }]);
    expect(await t.runJob('maintenance.prune')).toMatchObject({ payment_rate_events: 0 });
  });

  it('is a periodic job of the application, and lists each prune task', () => {
    const prune = t.app.deps.jobs.definitions.find((d) => d.name === 'maintenance.prune');
    expect(prune?.everySeconds).toBe(3600);
    expect(PRUNE_TASKS.map((task) => task.name)).toContain('payment_rate_events');
  });
});

describe('the outbox', () => {
  it('composes a message by its kind, not by its key: an invitation is sent as stored', async () => {
    const donation = await t.client().post(
      '/api/payments?partnersId=2',
      {
        partnersId: 2,
        amount: 12,
        firstName: 'Kind',
        lastName: 'Donor',
        email: 'kind-donor@example.org',
        token: 'pm_card_visa',
      },
      freshAddress(),
    );
    expect(donation.status).toBe(200);
    const [payment] = await rowsWhere<Row>(t.database, 'payments', `amount = 1200 AND status = 'succeeded'`);
    // The receipt row of a real payment, turned into an invitation: its key still reads like a receipt's.
    await t.database.db.execute(sql`
      UPDATE email_outbox SET kind = 'invitation', to_address = 'invited@example.org',
             subject = 'You are invited to the Bright Futures dashboard', body_text = 'Follow the link to join.'
       WHERE dedupe_key = ${`receipt:payment:${String(payment!.id)}`}`);
    expect(await t.runJob('outbox.dispatch')).toMatchObject({ failed: 0, retrying: 0 });
    const [mail] = t.mailTo('invited@example.org');
    expect(mail).not.toContain('application/pdf');
    expect(mail).toContain('Subject: You are invited to the Bright Futures dashboard');
    expect(mail).toContain('Follow the link to join.');
  });

  it('refuses an unknown kind', async () => {
    await expect(
      t.database.db.insert(emailOutbox).values({
        partnersId: 2,
        kind: 'newsletter' as never,
        dedupeKey: 'newsletter:1',
        toAddress: 'x@example.org',
        subject: 'x',
        bodyText: 'x',
      }),
    ).rejects.toThrow();
  });
});
