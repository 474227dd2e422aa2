import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { DEMO_IDS } from '../apps/server/src/seed/demo.ts';
import { openDatabase, type Database } from '../apps/server/src/db/client.ts';
import { authSession, authUser, users } from '../apps/server/src/db/schema/index.ts';
import { signedSessionCookie } from '../apps/server/test/people.ts';
import { SCREEN_SETUP, timeScreen } from './letter-screen.ts';
import type { Bench, BenchResult, BenchRow } from './run.ts';
import {
  BENCH_AUTH_SECRET,
  DEFAULT_POSTGRES,
  migrateAndSeedDatabase,
  root,
  startServer,
  benchDatabase,
  type Server,
} from './support.ts';

/**
 * The moderators' letter queue at 100,000 letters (issue 24, decision 078), over real HTTP.
 *
 * Data, on top of the demo seed, all at the demo partner (2): 6,000 more student records spread
 * over its four programs, 4,000 of them sponsored by 3,999 bench sponsors (the first sponsor holds
 * two sponsorships, so about 50 letters), and 100,000 letters over those sponsorships (25 each):
 * 8% submitted, 4% in_review, 10% approved, 3% rejected, 15% printed, 10% sent_to_program, 45%
 * delivered, 5% drafts; 15% are replies (`to_sponsor`, only in the states a reply takes). Each letter
 * has its steps (draft, submitted, in_review, ... up to its state) with times spread from its
 * submission to now; one in ten carries one or two pre-screen flags (message_flags rows), open on
 * letters not yet approved (open_flags and flag_kinds set, as the app keeps them), accepted with a
 * reason on the others (the app approves nothing with an open flag); one waiting letter in 25 is
 * assigned to messages@, one in 25 of program 1's to program-admin@. Built with set-based SQL
 * (INSERT ... SELECT over generate_series) that PostgreSQL 15 and PGlite both take.
 *
 * Calls, each WARM_UP times untimed then RUNS times (default 200) one after the other on a
 * keep-alive connection, timed send to last byte: the queue `GET /api/dashboard/letters` with each
 * filter as messages@ (Messages role, partner-wide) and program-admin@ (scoped to one program), a
 * letter's detail and a sponsor's own letters. The pre-screen's time per letter is measured in
 * this process as `npm run bench -- letter-screen` measures it.
 *
 * PostgreSQL: the database `kinship_bench_letters` beside DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/test), reused while its version holds (BENCH_REBUILD=1
 * rebuilds). PGlite: a fresh data directory, removed afterwards. BENCH_DB=postgres|pglite runs one
 * (both by default).
 */

const PARTNER = DEMO_IDS.partners.demo;
const RECORDS = 6_000;
const SPONSORSHIPS = 4_000;
const LETTERS = 100_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const WARM_UP = 10;
const TARGET_P95_MS = 100;
const DATABASE = 'kinship_bench_letters';
const MIGRATIONS = fs
  .readdirSync(path.join(root, 'apps/server/drizzle'))
  .filter((f) => f.endsWith('.sql')).length;
const VERSION = `letters-v1-${MIGRATIONS}`;
const MODERATOR = 'messages@demo.example.org';
const PROGRAM_ADMIN = 'program-admin@demo.example.org';
const SPONSOR = 'letters1@bench.example.org';

/** A non-negative integer hash of `expr` in [0, n), the same on PostgreSQL 15 and PGlite. */
const hash = (expr: string, n: number) => `mod(hashint4(${expr})::bigint + 2147483648, ${n})`;

function dataSql(): string {
  const h = (salt: number, n: number) => hash(`g + ${salt}`, n);
  return `
  create temp table lb_plan as select
    (select id from partner_sponsored_types where partners_id = ${PARTNER} and identifier = 'students') as type_id,
    (select array_agg(id order by id) from entities where partners_id = ${PARTNER}) as entity_ids,
    (select id from users where email = '${MODERATOR}') as moderator_id,
    (select id from users where email = '${PROGRAM_ADMIN}') as program_admin_id;
  insert into sponsoreds (partners_id, partner_sponsored_types_id, sponsored_types_id, entities_id, code,
      first_name, last_name, gender, max_slots, slots_filled, status, masked)
    select ${PARTNER}, p.type_id, 1, p.entity_ids[1 + g % cardinality(p.entity_ids)], 'LB-' || g,
      'Child' || (g % 900), 'Family' || (g % 1300), case when g % 2 = 0 then 'Female' else 'Male' end,
      1, 0, 'active', true
    from lb_plan p, generate_series(1, ${RECORDS}) g;
  insert into users (first_name, last_name, email)
    select 'Writer', 'Number ' || g, 'letters' || g || '@bench.example.org' from generate_series(1, ${SPONSORSHIPS - 1}) g;
  create temp table lb_sponsorships as
    with u as (select id, row_number() over (order by id) as n from users where email like 'letters%@bench.example.org'),
      s as (select id, entities_id, row_number() over (order by id) as n from sponsoreds
            where partners_id = ${PARTNER} and code like 'LB-%')
    select s.n as k, u.id as users_id, s.id as sponsoreds_id, s.entities_id
    from s join u on u.n = greatest(1, s.n - 1) where s.n <= ${SPONSORSHIPS};
  insert into user_sponsoreds (partners_id, users_id, sponsoreds_id, num_slots, amount, interval)
    select ${PARTNER}, users_id, sponsoreds_id, 1, 3900, 'month' from lb_sponsorships;
  update sponsoreds set slots_filled = 1 where id in (select sponsoreds_id from lb_sponsorships);
  create temp table lb_us as
    select us.id, b.k, b.users_id, b.sponsoreds_id, b.entities_id from user_sponsoreds us
    join lb_sponsorships b on b.sponsoreds_id = us.sponsoreds_id and b.users_id = us.users_id;
  create temp table lb_draw as
    select g, 1 + (g - 1) % ${SPONSORSHIPS} as k, ${h(0, 100)} as bucket, ${h(3_000_000, 14)} < 3 as reply_draw,
      ${h(5_000_000, 10)} = 0 as flagged, ${h(6_000_000, 8)} as kind1, ${h(8_000_000, 10)} as kind2,
      ${h(7_000_000, 1_000_000)} / 1000000.0 as r, ${h(9_000_000, 25)} as assign_draw
    from generate_series(1, ${LETTERS}) g;
  create temp table lb_letters as
    select nextval('messages_id_seq') as id, y.* from (
      select d.g, s.id as us_id, s.users_id, s.sponsoreds_id, s.entities_id, d.flagged, d.r,
        case when d.bucket < 8 then 'submitted' when d.bucket < 12 then 'in_review' when d.bucket < 22 then 'approved'
          when d.bucket < 25 then 'rejected' when d.bucket < 40 then 'printed' when d.bucket < 50 then 'sent_to_program'
          when d.bucket < 95 then 'delivered' else 'draft' end as status,
        case when (d.bucket < 25 or (d.bucket >= 50 and d.bucket < 95)) and d.reply_draw then 'to_sponsor'
          else 'to_sponsored' end as direction,
        (array['email', 'phone', 'link', 'handle', 'address', 'postcode', 'money', 'word'])[1 + d.kind1] as kind1,
        case when d.kind2 < 3 then (array['money', 'word', 'phone'])[1 + d.kind2] end as kind2,
        d.assign_draw
      from lb_draw d join lb_us s on s.k = d.k order by d.g
    ) y;
  alter table lb_letters add column age double precision, add column sub timestamptz, add column assignee integer;
  update lb_letters l set age = case l.status when 'draft' then l.r * 30 when 'submitted' then l.r * 21
      when 'in_review' then 1 + l.r * 29 when 'approved' then 3 + l.r * 37 when 'rejected' then 5 + l.r * 695
      when 'printed' then 10 + l.r * 50 when 'sent_to_program' then 20 + l.r * 70 else 30 + l.r * 700 end;
  update lb_letters l set
    sub = case when l.status = 'draft' then null else now() - l.age * interval '1 day' end,
    assignee = case when l.status not in ('submitted', 'in_review') then null
      when l.assign_draw = 0 then p.moderator_id
      when l.assign_draw = 1 and l.entities_id = p.entity_ids[1] then p.program_admin_id end
    from lb_plan p;
  insert into messages (id, partners_id, user_sponsoreds_id, sponsoreds_id, users_id, direction, status, body,
      language, written_by_users_id, assignee_users_id, submitted_at, created_at, updated_at)
    select l.id, ${PARTNER}, l.us_id, l.sponsoreds_id, l.users_id, l.direction, l.status,
      case when l.direction = 'to_sponsor' then 'Dear sponsor, ' else 'Dear friend, ' end ||
        repeat('Thank you for your letter, I read it many times with my little brother. We have 3 goats and 12 chickens. ',
          2 + (l.g % 14)) || 'Letter ' || l.g || '.',
      case when l.g % 5 = 0 then 'fr-CA' else 'en-US' end,
      case when l.direction = 'to_sponsored' then l.users_id else p.moderator_id end,
      l.assignee, l.sub,
      coalesce(l.sub, now() - l.age * interval '1 day') - case when l.direction = 'to_sponsored' then interval '1 hour' else interval '0' end,
      coalesce(l.sub, now() - l.age * interval '1 day') + l.age * 0.9 * interval '1 day'
    from lb_letters l, lb_plan p;
  insert into message_steps (messages_id, status, by_users_id, at)
    select l.id, st.status,
      case when st.status in ('draft', 'submitted') and l.direction = 'to_sponsored' then l.users_id else p.moderator_id end,
      case when st.status = 'draft' then coalesce(l.sub, now() - l.age * interval '1 day') - interval '1 hour'
        when st.n <= c.s then l.sub
        else l.sub + (l.age * 0.9 * (st.n - c.s) / (cardinality(c.chain) - c.s)) * interval '1 day' end
    from lb_letters l
    cross join lb_plan p
    cross join lateral (
      select case
        when l.status = 'rejected' and l.direction = 'to_sponsored' then array['draft', 'submitted', 'in_review', 'rejected']
        when l.status = 'rejected' then array['submitted', 'in_review', 'rejected']
        when l.direction = 'to_sponsored' then (array['draft', 'submitted', 'in_review', 'approved', 'printed', 'sent_to_program', 'delivered'])[1:array_position(array['draft', 'submitted', 'in_review', 'approved', 'printed', 'sent_to_program', 'delivered'], l.status)]
        else (array['submitted', 'in_review', 'approved', 'delivered'])[1:array_position(array['submitted', 'in_review', 'approved', 'delivered'], l.status)]
      end as chain, case when l.direction = 'to_sponsored' then 2 else 1 end as s
    ) c
    cross join lateral unnest(c.chain) with ordinality as st(status, n)
    order by l.id, st.n;
  insert into message_flags (messages_id, kind, source, start, "end", text, status, reason, decided_by_users_id, decided_at)
    select l.id, f.kind, 'text', f.start, f.start + length(f.text), f.text,
      case when l.status in ('draft', 'submitted', 'in_review', 'rejected') then 'open' else 'accepted' end,
      case when l.status in ('draft', 'submitted', 'in_review', 'rejected') then null else 'Checked with the program' end,
      case when l.status in ('draft', 'submitted', 'in_review', 'rejected') then null else p.moderator_id end,
      case when l.status in ('draft', 'submitted', 'in_review', 'rejected') then null else l.sub + interval '1 day' end
    from lb_letters l cross join lb_plan p
    cross join lateral (values (l.kind1, 14), (l.kind2, 60)) k(kind, start)
    cross join lateral (select k.kind, k.start, case k.kind when 'email' then 'samuel.k2014@gmail.com'
        when 'phone' then '+254 712 345 678' when 'link' then 'www.example-school.org' when 'handle' then '@sam_the_striker'
        when 'address' then '45 rue Sainte-Catherine' when 'postcode' then 'H2X 1K4' when 'money' then 'send me money'
        else 'secret' end as text) f
    where l.flagged and k.kind is not null;
  update messages m set open_flags = f.n, flag_kinds = f.kinds
    from (select messages_id, count(*)::int as n, array_agg(distinct kind order by kind) as kinds
          from message_flags where status = 'open' group by messages_id) f
    where m.id = f.messages_id and m.open_flags = 0;
  `;
}

const statementsOf = (text: string) =>
  text
    .split(/;\s*\n/)
    .map((q) => q.trim())
    .filter(Boolean);

/** Writes the letters into a migrated, seeded database, one statement at a time with fresh statistics. */
async function buildLetters(database: Database): Promise<void> {
  for (const statement of statementsOf(dataSql())) {
    await database.db.execute(sql.raw(statement));
    if (/^(insert|update|create temp)/i.test(statement)) await database.db.execute(sql.raw('ANALYZE'));
  }
  await database.db.execute(sql.raw('VACUUM ANALYZE'));
}

/** PostgreSQL: the bench database, built unless it already holds this version. */
async function ensurePostgres(baseUrl: string): Promise<{ url: string; note: string }> {
  const { url, reused } = await benchDatabase(baseUrl, DATABASE, VERSION);
  if (reused) return { url, note: `data set reused (${DATABASE}, ${VERSION})` };
  // One connection: the build's temporary tables live in its session.
  const database = await openDatabase({ databaseUrl: url, poolSize: 1 });
  try {
    const note = await build(database);
    await database.db.execute(sql.raw(`create table bench_meta (key text primary key, value text not null)`));
    await database.db.execute(sql`insert into bench_meta values ('version', ${VERSION})`);
    return { url, note: `${note} (${DATABASE})` };
  } finally {
    await database.close();
  }
}

async function build(database: Database): Promise<string> {
  const started = performance.now();
  await migrateAndSeedDatabase(database);
  const seeded = performance.now();
  await buildLetters(database);
  const done = performance.now();
  return `demo seed ${((seeded - started) / 1000).toFixed(1)} s, then the letters' data set built in ${((done - seeded) / 1000).toFixed(1)} s`;
}

interface Setup {
  cookies: { moderator: string; programAdmin: string; sponsor: string };
  sponsorId: number;
  sponsorLetters: number;
  detailIds: number[];
  counts: Record<string, number>;
}

/** A session for the person with `email` (made straight in the database, as the benches do). */
async function sessionOf(database: Database, email: string): Promise<{ cookie: string; usersId: number }> {
  let [person] = await database.db
    .select({ id: users.id, authUserId: users.authUserId })
    .from(users)
    .where(eq(users.email, email));
  if (!person) throw new Error(`no person ${email}`);
  if (!person.authUserId) {
    const id = randomUUID();
    await database.db.insert(authUser).values({ id, name: email, email, emailVerified: true });
    await database.db.update(users).set({ authUserId: id }).where(eq(users.id, person.id));
    person = { ...person, authUserId: id };
  }
  const token = randomBytes(24).toString('base64url');
  await database.db.insert(authSession).values({
    id: randomUUID(),
    token,
    userId: person.authUserId!,
    expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
  });
  return {
    cookie: `kinship.session_token=${signedSessionCookie(token, BENCH_AUTH_SECRET)}`,
    usersId: person.id,
  };
}

async function rowsOf<T>(database: Database, statement: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(statement)) as unknown as { rows: T[] }).rows;
}

async function setUp(database: Database): Promise<Setup> {
  const moderator = await sessionOf(database, MODERATOR);
  const programAdmin = await sessionOf(database, PROGRAM_ADMIN);
  const sponsor = await sessionOf(database, SPONSOR);
  const [mine] = await rowsOf<{ n: number }>(
    database,
    sql`select count(*)::int as n from messages where users_id = ${sponsor.usersId}`,
  );
  // Waiting letters, flagged or not, from every program: the detail call rotates through them.
  const detail = await rowsOf<{ id: number }>(
    database,
    sql`select id from messages where partners_id = ${PARTNER} and status in ('submitted', 'in_review')
        order by (id * 7919) % 1000 limit 20`,
  );
  const counts = await rowsOf<{ status: string; direction: string; n: number; flagged: number }>(
    database,
    sql`select status, direction, count(*)::int as n, count(*) filter (where open_flags > 0)::int as flagged
        from messages where partners_id = ${PARTNER} group by 1, 2`,
  );
  const [extra] = await rowsOf<{ steps: number; flags: number; assigned: number }>(
    database,
    sql`select (select count(*)::int from message_steps) as steps, (select count(*)::int from message_flags) as flags,
        (select count(*)::int from messages where assignee_users_id is not null) as assigned`,
  );
  const summary: Record<string, number> = {
    letters: counts.reduce((a, c) => a + c.n, 0),
    replies: counts.filter((c) => c.direction === 'to_sponsor').reduce((a, c) => a + c.n, 0),
    'open flags': counts.reduce((a, c) => a + c.flagged, 0),
    steps: extra!.steps,
    'flag rows': extra!.flags,
    assigned: extra!.assigned,
  };
  for (const c of counts) summary[c.status] = (summary[c.status] ?? 0) + c.n;
  return {
    cookies: { moderator: moderator.cookie, programAdmin: programAdmin.cookie, sponsor: sponsor.cookie },
    sponsorId: sponsor.usersId,
    sponsorLetters: mine!.n,
    detailIds: detail.map((d) => d.id),
    counts: summary,
  };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const value = sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  return Math.round(value * 10) / 10;
}

interface Answer {
  status: number;
  body: string;
  total: string | undefined;
  ms: number;
}

function ask(port: number, agent: http.Agent, urlPath: string, cookie: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.get(
      { host: '127.0.0.1', port, path: urlPath, agent, headers: { host: `localhost:${port}`, cookie } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString(),
            total: res.headers['x-total-count'] as string | undefined,
            ms: performance.now() - started,
          }),
        );
      },
    );
    req.on('error', reject);
  });
}

interface Call {
  as: 'moderator' | 'program admin' | 'sponsor';
  label: string;
  paths: string[];
  /** A queue call (p95 target applies); otherwise reported alone. */
  queue: boolean;
}

function callsOf(setup: Setup): Call[] {
  const q = `/api/dashboard/letters?partnersId=${PARTNER}`;
  const queue = (
    as: 'moderator' | 'program admin',
    program: number,
    deepPage: number,
    deliveredPage: number,
  ): Call[] =>
    [
      ['waiting (default)', ''],
      ['status=approved', '&status=approved'],
      ['flagged=true', '&flagged=true'],
      ['flag=phone', '&flag=phone'],
      [`programId=${program}`, `&programId=${program}`],
      ['to_sponsor, delivered', '&direction=to_sponsor&status=delivered'],
      ['assignee=me', '&assignee=me'],
      ['q=LB-1236 (a code)', '&q=LB-1236'],
      [`page=${deepPage}`, `&page=${deepPage}`],
      [`delivered, page=${deliveredPage}`, `&status=delivered&page=${deliveredPage}`],
    ].map(([label, query]) => ({ as, label: label!, paths: [`${q}${query}`], queue: true }));
  return [
    // Deep pages inside each viewer's letters: 11,908 and 45,203 partner-wide, 2,880 and 11,408 in program 1.
    ...queue('moderator', DEMO_IDS.otherDemoEntity, 200, 1000),
    ...queue('program admin', DEMO_IDS.programAdminEntity, 100, 400),
    {
      as: 'moderator',
      label: 'GET dashboard/letters/:id',
      paths: setup.detailIds.map((id) => `/api/dashboard/letters/${id}?partnersId=${PARTNER}`),
      queue: false,
    },
    {
      as: 'sponsor',
      label: `GET users/:id/messages (${setup.sponsorLetters} letters)`,
      paths: [`/api/users/${setup.sponsorId}/messages?partnersId=${PARTNER}`],
      queue: false,
    },
  ];
}

const rowCount = (a: Answer) => {
  if (a.total !== undefined) return Number(a.total);
  const body = JSON.parse(a.body) as unknown;
  return Array.isArray(body) ? body.length : 1;
};

async function measure(server: Server, setup: Setup, engine: string): Promise<BenchRow[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const rows: BenchRow[] = [];
  const cookieOf = (as: Call['as']) =>
    as === 'moderator'
      ? setup.cookies.moderator
      : as === 'program admin'
        ? setup.cookies.programAdmin
        : setup.cookies.sponsor;
  try {
    for (const call of callsOf(setup)) {
      const cookie = cookieOf(call.as);
      // The first answer: a sponsor's list computes the partner's typical step times on it (cached after).
      const first = await ask(server.port, agent, call.paths[0]!, cookie);
      if (first.status !== 200) throw new Error(`${call.paths[0]} answered ${first.status}: ${first.body}`);
      for (let i = 1; i < WARM_UP; i++)
        await ask(server.port, agent, call.paths[i % call.paths.length]!, cookie);
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const answer = await ask(server.port, agent, call.paths[i % call.paths.length]!, cookie);
        if (answer.status !== 200)
          throw new Error(`${call.paths[i % call.paths.length]} answered ${answer.status}`);
        times.push(answer.ms);
      }
      times.sort((a, b) => a - b);
      const p95 = percentile(times, 95);
      rows.push({
        db: engine,
        as: call.as,
        call: call.queue ? `queue: ${call.label}` : call.label,
        rows: rowCount(first),
        'first ms': Math.round(first.ms * 10) / 10,
        'p50 ms': percentile(times, 50),
        'p95 ms': p95,
        'p99 ms': percentile(times, 99),
        target: `p95 <= ${TARGET_P95_MS} ms`,
        result: p95 <= TARGET_P95_MS ? 'pass' : 'FAIL',
      });
    }
  } finally {
    agent.destroy();
  }
  return rows;
}

async function onPostgres(notes: string[]): Promise<BenchRow[]> {
  const baseUrl = process.env.DATABASE_URL ?? DEFAULT_POSTGRES;
  const { url, note } = await ensurePostgres(baseUrl);
  notes.push(`PostgreSQL: ${note}.`);
  const database = await openDatabase({ databaseUrl: url, poolSize: 1 });
  let setup: Setup;
  try {
    setup = await setUp(database);
  } finally {
    await database.close();
  }
  notes.push(`PostgreSQL data: ${JSON.stringify(setup.counts)}`);
  const server = await startServer({ DATABASE_URL: url, SEED_DEMO: 'false', DATABASE_POOL_SIZE: '8' });
  try {
    return await measure(server, setup, 'PostgreSQL');
  } finally {
    await server.stop();
  }
}

async function onPglite(notes: string[]): Promise<BenchRow[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kinship-bench-letters-'));
  try {
    // The server keeps its PGlite database in DATA_DIR/db: built there first, then served.
    const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
    let setup: Setup;
    try {
      notes.push(`PGlite: ${await build(database)}.`);
      setup = await setUp(database);
    } finally {
      await database.close();
    }
    // The server inherits the bench's environment: without this it would run on DATABASE_URL.
    const databaseUrl = process.env.DATABASE_URL;
    delete process.env.DATABASE_URL;
    const server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: 'false' }).finally(() => {
      if (databaseUrl !== undefined) process.env.DATABASE_URL = databaseUrl;
    });
    try {
      return await measure(server, setup, 'PGlite');
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function screenRow(): BenchRow {
  const timed = timeScreen();
  const times = timed.map((t) => t.ms).sort((a, b) => a - b);
  const ms = (v: number) => Math.round(v * 100) / 100;
  const at = (p: number) => ms(times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)]!);
  return {
    db: '-',
    as: '-',
    call: `pre-screen: screenLetter, per letter (${SCREEN_SETUP.minChars}-${SCREEN_SETUP.maxChars} chars, ${SCREEN_SETUP.words} words)`,
    rows: timed.length,
    'first ms': '-',
    'p50 ms': at(50),
    'p95 ms': at(95),
    'p99 ms': at(99),
    target: '-',
    result: '-',
  };
}

export const bench: Bench = {
  name: 'letters',
  async run(): Promise<BenchResult> {
    const only = process.env.BENCH_DB;
    const notes: string[] = [
      `${RUNS} requests per call after ${WARM_UP} untimed, one at a time on a keep-alive connection, each timed send to last byte ("first ms": the very first request); ${os.cpus().length} cores (${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} load when started: the machine may be shared, so timings are noisy).`,
    ];
    const rows: BenchRow[] = [screenRow()];
    if (only !== 'pglite') rows.push(...(await onPostgres(notes)));
    if (only !== 'postgres') rows.push(...(await onPglite(notes)));
    notes.push(
      `"rows": the queue's x-total-count (page size 25), the letters a sponsor's list answers, or the letters screened. Target (issue 24): the queue's p95 <= ${TARGET_P95_MS} ms at ${LETTERS.toLocaleString('en-US')} letters.`,
    );
    return {
      name: 'letters',
      title: `Letters at ${LETTERS.toLocaleString('en-US')}: the moderators' queue, a letter, a sponsor's letters (real HTTP) and the pre-screen per letter`,
      rows,
      notes,
    };
  },
};
