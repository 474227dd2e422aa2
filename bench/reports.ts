import os from 'node:os';
import { REPORT_SLUGS, Role } from '@kinship/domain';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { partnerUserRoles, partnerUsers } from '../apps/server/src/db/schema/index.ts';
import { createPeople, signedSessionCookie } from '../apps/server/test/people.ts';
import type { Bench, BenchResult, BenchRow } from './run.ts';
import {
  BENCH_AUTH_SECRET,
  DEFAULT_POSTGRES,
  get,
  migrateAndSeed,
  startServer,
  statementCounter,
  benchDatabase,
} from './support.ts';

/**
 * The Overview and the Reports (issue 13) on PostgreSQL, at one partner ("reports1") with 20,000
 * sponsors and 200,000 payments: 25,000 student records in three programs; each sponsor a card
 * subscription sponsoring one record (one in ten two records, in two programs, so their payments
 * are split), one in twenty ended; 180,000 sponsorship payments over the last 12 months (a few
 * failed, a few refunded in part) and 20,000 donations (a quarter for an initiative). Built once
 * in the database `kinship_bench_reports` on top of the demo seed, reused while its version holds.
 *
 * Each call is asked RUNS times (default 7) one after the other, timed send to last byte; the
 * statements per call are counted as the other benches count them (the same app in this
 * process over the same database). Target: under 500 ms, and a statement count that does not
 * grow with the data.
 */

const DATABASE = 'kinship_bench_reports';
const VERSION = 'reports-v1';
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const TARGET_MS = 500;
const SPONSORS = 20_000;
const RECORDS = 25_000;
const SPONSORSHIP_PAYMENTS = 180_000;
const DONATIONS = 20_000;

function dataSql(): string {
  return `
  insert into partners (subdomain, name, countries_id, currency, stripe_user_id, application_fee_model, sponsor_proc_fee, general_proc_fee)
    values ('reports1', 'Reports bench partner', 10, 'usd', 'acct_reports1', 'fee', 3, 3);
  create temp table rp as select id from partners where subdomain = 'reports1';
  insert into entities (partners_id, name, city, countries_id)
    select rp.id, 'Program ' || k, 'City ' || k, 10 from rp, generate_series(1, 3) k;
  insert into partner_sponsored_types (partners_id, sponsored_types_id, identifier, custom_label_singular, custom_label_plural)
    select id, 1, 'students', 'Student', 'Students' from rp;
  create temp table rplan as select rp.id as partners_id,
    (select id from partner_sponsored_types t where t.partners_id = rp.id) as type_id,
    (select array_agg(e.id order by e.id) from entities e where e.partners_id = rp.id) as entity_ids from rp;
  insert into sponsoreds (partners_id, partner_sponsored_types_id, sponsored_types_id, entities_id, code, first_name, last_name, max_slots, slots_filled, status)
    select p.partners_id, p.type_id, 1, p.entity_ids[1 + g % 3], 'R-' || g, 'First' || g, 'Last' || g, 1, 0, 'active'
    from rplan p, generate_series(1, ${RECORDS}) g;
  insert into users (first_name, last_name, email)
    select 'Donor', 'Number ' || g, 'donor' || g || '@reports.example.org' from generate_series(1, ${SPONSORS}) g;
  create temp table rusers as select id, row_number() over (order by id) as n from users where email like '%@reports.example.org';
  create temp table rrecords as select id, row_number() over (order by id) as n from sponsoreds
    where partners_id = (select id from rp);
  insert into subscriptions (partners_id, users_id, status, interval, base_amount, additional_amount, created_at)
    select (select id from rp), u.id, case when u.n % 20 = 0 then 'canceled' when u.n % 97 = 0 then 'past_due' else 'active' end,
      'month', case when u.n % 10 = 0 then 7800 else 3900 end, case when u.n % 4 = 0 then 300 else 0 end,
      now() - ((u.n % 365) || ' days')::interval - interval '1 year'
    from rusers u;
  create temp table rsubs as select s.id, s.users_id, u.n from subscriptions s join rusers u on u.id = s.users_id;
  insert into user_sponsoreds (partners_id, users_id, sponsoreds_id, num_slots, amount, interval, subscriptions_id, date_started, date_ended)
    select (select id from rp), s.users_id, r.id, 1, 3900, 'month', s.id,
      now() - ((s.n % 400) || ' days')::interval,
      case when s.n % 20 = 0 then now() - ((s.n % 200) || ' days')::interval end
    from rsubs s join rrecords r on r.n = s.n
    union all
    select (select id from rp), s.users_id, r.id, 1, 3900, 'month', s.id,
      now() - ((s.n % 400) || ' days')::interval, null
    from rsubs s join rrecords r on r.n = ${SPONSORS} + s.n / 10 where s.n % 10 = 0;
  update sponsoreds set slots_filled = 1 where id in (select sponsoreds_id from user_sponsoreds where date_ended is null)
    and partners_id = (select id from rp);
  insert into payments (partners_id, subscriptions_id, amount, application_fee, currency, status, refunded_amount, created_at)
    select (select id from rp), s.id, 3900 + (case when s.n % 10 = 0 then 3900 else 0 end) + (case when s.n % 4 = 0 then 300 else 0 end),
      117, 'usd', case when g % 211 = 0 then 'failed' else 'succeeded' end,
      case when g % 157 = 0 and g % 211 <> 0 then 1000 else 0 end,
      now() - ((g % 365) || ' days')::interval
    from generate_series(1, ${SPONSORSHIP_PAYMENTS}) g join rsubs s on s.n = 1 + g % ${SPONSORS};
  insert into donations (partners_id, users_id, first_name, last_name, email, amount, initiative, created_at)
    select (select id from rp), case when g % 3 = 0 then null else u.id end, 'Guest', 'Giver ' || g,
      case when g % 3 = 0 then 'guest' || g || '@reports.example.org' else 'donor' || u.n || '@reports.example.org' end,
      2500 + (g % 8) * 500, case when g % 4 = 0 then 'Clean water' end, now() - ((g % 365) || ' days')::interval
    from generate_series(1, ${DONATIONS}) g join rusers u on u.n = 1 + (g * 7) % ${SPONSORS};
  insert into payments (partners_id, donations_id, amount, application_fee, currency, status, created_at)
    select partners_id, id, amount, amount * 3 / 100, 'usd', 'succeeded', created_at from donations
    where partners_id = (select id from rp);
  `;
}

async function ensureReportsData(baseUrl: string): Promise<{ url: string; note: string }> {
  const { url, reused } = await benchDatabase(baseUrl, DATABASE, VERSION);
  if (reused) return { url, note: `data set reused (${DATABASE}, ${VERSION})` };
  const started = performance.now();
  await migrateAndSeed(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const statement of dataSql()
      .split(/;\s*\n/)
      .map((q) => q.trim())
      .filter(Boolean)) {
      await client.query(statement);
    }
    await client.query('VACUUM ANALYZE');
    await client.query(`create table bench_meta (key text primary key, value text not null)`);
    await client.query(`insert into bench_meta values ('version', $1)`, [VERSION]);
  } finally {
    await client.end();
  }
  return {
    url,
    note: `data set built in ${((performance.now() - started) / 1000).toFixed(0)} s (${DATABASE})`,
  };
}

async function sizes(url: string): Promise<{ partnersId: number; sponsors: number; payments: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const row = (
      await client.query<{ id: number; sponsors: string; payments: string }>(
        `select p.id,
           (select count(distinct users_id) from user_sponsoreds where partners_id = p.id)::text as sponsors,
           (select count(*) from payments where partners_id = p.id)::text as payments
         from partners p where p.subdomain = 'reports1'`,
      )
    ).rows[0]!;
    return { partnersId: row.id, sponsors: Number(row.sponsors), payments: Number(row.payments) };
  } finally {
    await client.end();
  }
}

/** A signed-in administrator of the partner, made straight in the database as the records bench does. */
async function administratorCookie(url: string, partnersId: number): Promise<string> {
  const database = await openDatabase({ databaseUrl: url, poolSize: 1 });
  try {
    const [person] = await createPeople(database, 1, 'reports-bench-admin');
    const [partnerUser] = await database.db
      .insert(partnerUsers)
      .values({ partnersId, usersId: person!.usersId })
      .returning({ id: partnerUsers.id });
    await database.db
      .insert(partnerUserRoles)
      .values({ partnerUsersId: partnerUser!.id, rolesId: Role.Administrator });
    return `kinship.session_token=${signedSessionCookie(person!.sessionToken, BENCH_AUTH_SECRET)}`;
  } finally {
    await database.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

export const bench: Bench = {
  name: 'reports',
  async run(): Promise<BenchResult> {
    const baseUrl = process.env.DATABASE_URL ?? DEFAULT_POSTGRES;
    const notes: string[] = [
      `${RUNS} requests per call one after the other, each timed send to last byte; ${os.cpus().length} cores (${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} load when started: the machine may be shared, so timings are noisy).`,
    ];
    const { url, note } = await ensureReportsData(baseUrl);
    notes.push(note);
    const size = await sizes(url);
    notes.push(
      `Partner reports1: ${size.sponsors.toLocaleString('en-US')} sponsors, ${size.payments.toLocaleString('en-US')} payments.`,
    );
    const cookie = await administratorCookie(url, size.partnersId);
    const headers = { cookie };
    const year = new Date().getUTCFullYear();
    const q = `partnersId=${size.partnersId}`;
    const calls = [
      { label: 'overview', path: `/api/dashboard/overview?${q}` },
      ...REPORT_SLUGS.map((slug) => ({
        label: slug,
        path:
          slug === 'year-end-totals'
            ? `/api/dashboard/reports/${slug}?${q}&from=${year}-01-01&to=${year}-12-31`
            : `/api/dashboard/reports/${slug}?${q}`,
      })),
      {
        label: 'giving-by-month, one program',
        path: `/api/dashboard/reports/giving-by-month?${q}&entitiesId=PROGRAM`,
      },
      {
        label: 'year-end-totals CSV export',
        path: `/api/dashboard/reports/year-end-totals/export?${q}&from=${year - 1}-01-01&to=${year}-12-31`,
      },
    ];
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const program = (
      await client.query<{ id: number }>(`select min(id) as id from entities where partners_id = $1`, [
        size.partnersId,
      ])
    ).rows[0]!.id;
    await client.end();
    const counter = await statementCounter(url, headers);
    const server = await startServer({ DATABASE_URL: url, SEED_DEMO: 'false', DATABASE_POOL_SIZE: '8' });
    const rows: BenchRow[] = [];
    try {
      for (const call of calls) {
        const path = call.path.replace('PROGRAM', String(program));
        const warm = await get(server.port, path, headers);
        if (warm.status !== 200) throw new Error(`${path} answered ${warm.status}: ${warm.body.toString()}`);
        const statements = await counter.per(path, 3);
        const times: number[] = [];
        for (let i = 0; i < RUNS; i++) {
          const started = performance.now();
          const res = await get(server.port, path, headers);
          if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
          times.push(performance.now() - started);
        }
        const body = warm.body.toString();
        const rowCount = path.includes('/export')
          ? body.trim().split('\n').length - 1
          : path.includes('/overview')
            ? '-'
            : (JSON.parse(body) as { rows: unknown[] }).rows.length;
        const p50 = Math.round(median(times));
        const max = Math.round(Math.max(...times));
        rows.push({
          call: call.label,
          rows: rowCount,
          'median ms': p50,
          'max ms': max,
          statements: Math.round(statements * 100) / 100,
          target: p50 < TARGET_MS ? 'met' : `MISSED (>= ${TARGET_MS} ms)`,
        });
      }
    } finally {
      await server.stop();
      await counter.close();
    }
    notes.push(
      'Statements per call include the session lookup (the viewer); each report is one statement of its own (two with its labels for by-type and by-program), whatever the data.',
    );
    return {
      name: 'reports',
      title: 'Overview and Reports at 20,000 sponsors and 200,000 payments (PostgreSQL)',
      rows,
      notes,
    };
  },
};
