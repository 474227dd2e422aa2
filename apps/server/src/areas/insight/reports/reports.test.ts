import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_SLUGS, YEAR_END_RUN_JOB, type Overview, type Report, type YearEndRun } from '@kinship/domain';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../../../seed/demo.ts';
import type { TestClient } from '../../../../test/http-client.ts';
import { countQueries } from '../../../../test/query-counter.ts';
import { startTestApp, type TestApp } from '../../../../test/test-app.ts';

/*
 * The Overview and the Reports (issue 13 items 1 and 5) through the whole server on the seeded
 * demo partner, whose giving history the seed writes: every report's totals equal the payments
 * table's for the same filters, a program-scoped person counts their programs only (and no
 * donations), a split payment is shared between programs without losing a cent, each report is a
 * constant number of statements, the exports, and the year-end run (once per donor, audited).
 */

let t: TestApp;
let admin: TestClient;
let programAdmin: TestClient;
let donor: TestClient;
let reporting: TestClient;
let anonymous: TestClient;

const PROGRAM = DEMO_IDS.programAdminEntity;
const OTHER = DEMO_IDS.otherDemoEntity;
const YEAR = new Date().getUTCFullYear();

type Row = Record<string, unknown>;
async function rows(query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/** Net received by the demo partner between two days (inclusive), straight from the payments table. */
async function paymentsNet(from: string, to: string): Promise<number> {
  const [row] = await rows(sql`SELECT COALESCE(sum(amount - refunded_amount), 0)::bigint AS net FROM payments
    WHERE partners_id = 2 AND status IN ('succeeded', 'refunded')
      AND created_at >= ${from}::date AND created_at < (${to}::date + 1)`);
  return Number(row!.net);
}

beforeAll(async () => {
  t = await startTestApp({ env: { LOG_LEVEL: process.env.W1_LOG ?? 'silent' } });
  const signedIn = async (email: string) => {
    const client = t.client();
    await client.signIn(email, DEMO_ACCOUNTS.find((a) => a.email === email)!.password);
    return client;
  };
  [admin, programAdmin, donor, reporting] = await Promise.all([
    signedIn('partner-admin@demo.example.org'),
    signedIn('program-admin@demo.example.org'),
    signedIn('donor@demo.example.org'),
    signedIn('reporting@demo.example.org'),
  ]);
  anonymous = t.client();
});
afterAll(async () => {
  await t?.close();
});

describe('the overview', () => {
  it('answers every figure with its table, the charts, and the year equal to the payments table', async () => {
    const res = await admin.get('/api/dashboard/overview?partnersId=2');
    expect(res.status).toBe(200);
    const o = res.json<Overview>();
    expect(o.partnerWide).toBe(true);
    expect(o.activeSponsorships.value).toBeGreaterThan(0);
    expect(o.activeSponsorships.href).toBe('/dashboard/sponsors');
    // The demo's two failed renewals: the year of giving's past-due donor and the Donations demo's Dana.
    expect(o.failedPayments).toEqual({ value: 2, href: '/dashboard/donations?status=failed' });
    expect(o.monthlyRecurring.href).toBe('/dashboard/donations?tab=subscriptions');
    expect(o.monthlyRecurring.value).toBeGreaterThan(0);
    expect(o.types.length).toBeGreaterThan(0);
    const students = o.types.find((x) => x.partnerSponsoredTypesId === DEMO_IDS.types.demo.students)!;
    expect(students.waiting.href).toBe(
      `/dashboard/records?type=${DEMO_IDS.types.demo.students}&status=active&sponsored=false`,
    );
    const [counts] = await rows(sql`SELECT count(*) FILTER (WHERE slots_filled > 0)::int AS sponsored,
      count(*) FILTER (WHERE slots_filled = 0 AND status = 'active')::int AS waiting
      FROM sponsoreds WHERE partners_id = 2 AND partner_sponsored_types_id = ${DEMO_IDS.types.demo.students}`);
    expect(students.sponsored.value).toBe(counts!.sponsored);
    expect(students.waiting.value).toBe(counts!.waiting);
    expect(o.byMonth).toHaveLength(12);
    expect(o.byMonth.filter((m) => m.net > 0).length).toBeGreaterThan(6);
    const today = new Date().toISOString().slice(0, 10);
    expect(o.donationsThisYear.value).toBe(await paymentsNet(`${YEAR}-01-01`, today));
    expect(o.donationsThisMonth.value).toBe(await paymentsNet(`${today.slice(0, 7)}-01`, today));
    expect(o.byFund.reduce((s, f) => s + f.net, 0)).toBe(o.donationsThisYear.value);
    expect(o.byFund.find((f) => f.fund === 'general')!.net).toBeGreaterThan(0);
  });

  it('counts a program-scoped person’s programs only, without donations', async () => {
    const o = (await programAdmin.get('/api/dashboard/overview?partnersId=2')).json<Overview>();
    expect(o.partnerWide).toBe(false);
    const [active] = await rows(sql`SELECT count(*)::int AS n FROM user_sponsoreds us
      JOIN sponsoreds s ON s.id = us.sponsoreds_id WHERE us.partners_id = 2 AND us.date_ended IS NULL AND s.entities_id = ${PROGRAM}`);
    expect(o.activeSponsorships.value).toBe(active!.n);
    expect(o.byFund.find((f) => f.fund === 'general')!.net).toBe(0);
  });

  it('refuses visitors and people without reports.view', async () => {
    expect((await anonymous.get('/api/dashboard/overview?partnersId=2')).status).toBe(401);
    expect((await donor.get('/api/dashboard/overview?partnersId=2')).status).toBe(403);
  });
});

describe('the reports', () => {
  const from = `${YEAR - 1}-01-01`;
  const to = new Date().toISOString().slice(0, 10);
  const get = (client: TestClient, slug: string, extra = '') =>
    client.get(`/api/dashboard/reports/${slug}?partnersId=2&from=${from}&to=${to}${extra}`);

  it.each(REPORT_SLUGS.filter((s) => s !== 'sponsor-churn'))(
    '%s: its net total equals the payments table for the same dates',
    async (slug) => {
      const res = await get(admin, slug);
      expect(res.status).toBe(200);
      const report = res.json<Report>();
      expect(report.rows.length).toBeGreaterThan(0);
      const expected = await paymentsNet(from, to);
      expect(expected).toBeGreaterThan(0);
      const totalKey = slug === 'fees-and-tips' ? 'gross' : 'net';
      const [refunds] = await rows(sql`SELECT COALESCE(sum(refunded_amount), 0)::int AS r FROM payments
        WHERE partners_id = 2 AND status IN ('succeeded', 'refunded') AND created_at >= ${from}::date AND created_at < (${to}::date + 1)`);
      expect(report.totals[totalKey]).toBe(
        slug === 'fees-and-tips' ? expected + Number(refunds!.r) : expected,
      );
      // And the rows add up to the totals row.
      const sum = report.rows.reduce((s, r) => s + Number(r[totalKey]), 0);
      expect(sum).toBe(report.totals[totalKey]);
    },
  );

  it('sponsor-churn counts first starts and last ends', async () => {
    const report = (await get(admin, 'sponsor-churn')).json<Report>();
    const [row] =
      await rows(sql`SELECT count(*)::int AS n FROM (SELECT users_id, min(date_started) AS f FROM user_sponsoreds
      WHERE partners_id = 2 GROUP BY users_id) x WHERE f >= ${from}::date AND f < (${to}::date + 1)`);
    expect(report.totals.newSponsors).toBe(row!.n);
    const [started] = await rows(sql`SELECT count(*)::int AS n FROM user_sponsoreds
      WHERE partners_id = 2 AND date_started >= ${from}::date AND date_started < (${to}::date + 1)`);
    expect(report.totals.started).toBe(started!.n);
  });

  it('splits a payment for records of two programs by their amounts, without losing a cent', async () => {
    const [sub] =
      await rows(sql`INSERT INTO subscriptions (partners_id, users_id, status, interval, base_amount)
      VALUES (2, (SELECT id FROM users WHERE email = 'donor@demo.example.org'), 'active', 'month', 1001) RETURNING id`);
    const [a] = await rows(
      sql`SELECT id FROM sponsoreds WHERE partners_id = 2 AND entities_id = ${PROGRAM} ORDER BY id LIMIT 1`,
    );
    const [b] = await rows(
      sql`SELECT id FROM sponsoreds WHERE partners_id = 2 AND entities_id = ${OTHER} ORDER BY id LIMIT 1`,
    );
    await rows(sql`INSERT INTO user_sponsoreds (partners_id, users_id, sponsoreds_id, amount, interval, subscriptions_id, date_ended)
      VALUES (2, (SELECT id FROM users WHERE email = 'donor@demo.example.org'), ${a!.id}, 334, 'month', ${sub!.id}, now()),
             (2, (SELECT id FROM users WHERE email = 'donor@demo.example.org'), ${b!.id}, 667, 'month', ${sub!.id}, now())`);
    const day = '2001-03-15';
    await rows(sql`INSERT INTO payments (partners_id, subscriptions_id, amount, status, created_at)
      VALUES (2, ${sub!.id}, 1001, 'succeeded', ${day}::date)`);
    const q = `?partnersId=2&from=2001-03-01&to=2001-03-31`;
    const all = (await admin.get(`/api/dashboard/reports/giving-by-program${q}`)).json<Report>();
    expect(all.totals.net).toBe(1001);
    const shares = Object.fromEntries(all.rows.map((r) => [r.label, r.net]));
    expect(Object.values(shares).sort()).toEqual([334, 667]);
    const mine = (await programAdmin.get(`/api/dashboard/reports/giving-by-program${q}`)).json<Report>();
    expect(mine.partnerWide).toBe(false);
    expect(mine.totals.net).toBe(334);
    // The payment counts once in each of its rows and once in the totals, whatever the report.
    expect(all.rows.map((r) => r.payments)).toEqual([1, 1]);
    expect(all.totals.payments).toBe(1);
    expect(mine.totals.payments).toBe(1);
    for (const slug of ['giving-by-month', 'giving-by-type', 'giving-by-fund', 'year-end-totals']) {
      const report = (await admin.get(`/api/dashboard/reports/${slug}${q}`)).json<Report>();
      expect(report.totals).toMatchObject({ net: 1001, payments: 1 });
      expect(report.rows.filter((r) => r.net !== 0).every((r) => r.payments === 1)).toBe(true);
    }
    // The program filter, and a program the person may not see.
    const filtered = (
      await admin.get(`/api/dashboard/reports/giving-by-month${q}&entitiesId=${OTHER}`)
    ).json<Report>();
    expect(filtered.totals.net).toBe(667);
    expect(
      (await programAdmin.get(`/api/dashboard/reports/giving-by-month${q}&entitiesId=${OTHER}`)).status,
    ).toBe(403);
  });

  it('leaves donations out for a program-scoped person', async () => {
    const report = (await get(programAdmin, 'giving-by-fund')).json<Report>();
    expect(report.rows.map((r) => r.label)).not.toContain('General donation');
  });

  it('is a constant number of statements whatever the number of payments', async () => {
    const counts = async () => {
      const out: number[] = [];
      for (const slug of REPORT_SLUGS) {
        out.push(await countQueries(t.database, () => get(admin, slug)));
      }
      return out;
    };
    const before = await counts();
    await rows(sql`INSERT INTO payments (partners_id, subscriptions_id, amount, status, created_at)
      SELECT 2, subscriptions_id, 500, 'succeeded', now() - (g || ' days')::interval
      FROM (SELECT DISTINCT subscriptions_id FROM user_sponsoreds WHERE partners_id = 2 AND subscriptions_id IS NOT NULL) s,
           generate_series(1, 40) g`);
    expect(await counts()).toEqual(before);
  });

  it('refuses bad filters with a 400', async () => {
    expect(
      (await admin.get('/api/dashboard/reports/giving-by-month?partnersId=2&from=2025-13-01')).status,
    ).toBe(400);
    expect(
      (await admin.get('/api/dashboard/reports/giving-by-month?partnersId=2&from=2025-05-01&to=2025-01-01'))
        .status,
    ).toBe(400);
    expect((await admin.get('/api/dashboard/reports/nothing?partnersId=2')).status).toBe(400);
    expect(
      (await admin.get('/api/dashboard/reports/giving-by-month?partnersId=2&from=1900-01-01')).status,
    ).toBe(400);
  });

  it('downloads a report as CSV and .xlsx, with the totals row', async () => {
    const csv = await admin.get(
      `/api/dashboard/reports/giving-by-fund/export?partnersId=2&from=${from}&to=${to}`,
    );
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.text
      .replace(/^\ufeff/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('Fund,Payments,Gross (USD),Refunded (USD),Net (USD)');
    expect(lines.at(-1)).toMatch(/^Total,/);
    const net = (await paymentsNet(from, to)) / 100;
    expect(Number(lines.at(-1)!.split(',').at(-1))).toBeCloseTo(net, 2);
    const xlsx = await admin.get(
      `/api/dashboard/reports/year-end-totals/export?partnersId=2&format=xlsx&from=${from}&to=${to}`,
    );
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
  });
});

describe('the year-end receipts run', () => {
  it('emails every donor of the year their statement once, even when run again, and is audited', async () => {
    expect(
      (await programAdmin.post('/api/dashboard/reports/year-end-run?partnersId=2', { year: YEAR })).status,
    ).toBe(403);
    expect(
      (await admin.post('/api/dashboard/reports/year-end-run?partnersId=2', { year: 1999 })).status,
    ).toBe(400);
    const res = await admin.post('/api/dashboard/reports/year-end-run?partnersId=2', { year: YEAR });
    expect(res.status).toBe(202);
    const started = res.json<YearEndRun>();
    const [audit] = await rows(
      sql`SELECT action, entity_id, changes FROM audit_log WHERE entity_type = 'year_end_run'`,
    );
    expect(audit).toMatchObject({ action: 'year_end_run.started', entity_id: started.jobId });

    const summary = await t.runJob(YEAR_END_RUN_JOB, { partnersId: 2, year: YEAR });
    const donors = await rows(sql`SELECT DISTINCT lower(COALESCE(u.email, d.email)) AS email FROM payments p
      LEFT JOIN subscriptions s ON s.id = p.subscriptions_id LEFT JOIN donations d ON d.id = p.donations_id
      LEFT JOIN users u ON u.id = COALESCE(s.users_id, d.users_id)
      WHERE p.partners_id = 2 AND p.status IN ('succeeded', 'refunded')
        AND p.created_at >= ${`${YEAR}-01-01`}::date AND p.created_at < ${`${YEAR + 1}-01-01`}::date`);
    expect(summary.donors).toBe(donors.length);
    expect(summary.queued).toBe(donors.length);
    const queued = await rows(
      sql`SELECT lower(to_address) AS email FROM email_outbox WHERE dedupe_key LIKE ${`statement:2:${YEAR}:%`}`,
    );
    expect(queued.map((r) => r.email).sort()).toEqual(donors.map((r) => r.email).sort());

    const again = await t.runJob(YEAR_END_RUN_JOB, { partnersId: 2, year: YEAR });
    expect(again.queued).toBe(0);
    expect(again.skipped).toBe(donors.length);

    // The outbox sends each with its statement PDF.
    await t.runJob('outbox.dispatch');
    const mail = t.mailTo(String(donors[0]!.email));
    const statement = mail.find((m) => m.includes(`giving statement from`));
    expect(statement).toBeDefined();
    expect(statement).toContain('statement.pdf');
    expect(statement).toContain('application/pdf');
  }, 180_000);

  it('shows the latest run', async () => {
    const res = await admin.get('/api/dashboard/reports/year-end-run?partnersId=2');
    expect(res.status).toBe(200);
    expect(res.json<YearEndRun>()).toMatchObject({ year: YEAR });
  });

  it('lets the Reporting role preview the run but not start it (donations.manage), and queues nothing', async () => {
    const jobs = async () =>
      (await rows(sql`SELECT count(*)::int AS n FROM job_progress WHERE name = ${YEAR_END_RUN_JOB}`))[0]!.n;
    const before = await jobs();
    const preview = await reporting.get('/api/dashboard/reports/year-end-run?partnersId=2');
    expect(preview.status).toBe(200);
    expect(preview.json<YearEndRun>()).toMatchObject({ year: YEAR });
    const start = await reporting.post('/api/dashboard/reports/year-end-run?partnersId=2', { year: YEAR });
    expect(start.status).toBe(403);
    expect(start.text).toBe(
      "Only staff who manage all of the partner's giving can send the year-end statements.",
    );
    expect(await jobs()).toBe(before);
  });
});
