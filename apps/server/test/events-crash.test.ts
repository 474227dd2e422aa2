import type net from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../src/seed/demo.ts';
import {
  ChildServer,
  freePort,
  onPostgres,
  prepare,
  request as childRequest,
  until,
} from './child-harness.ts';
import { TestClient } from './http-client.ts';

/**
 * Events across a crash (decision 063): the real server runs as a child process over its own
 * database and is killed with SIGKILL after a payment's transaction committed its payment.succeeded
 * event but before the receipt was delivered. After a restart the receipt reaches the SMTP server
 * exactly once. Likewise an update published just before the kill (decision 066): its notices go out
 * once each after the restart.
 */

/** A request from the test's donor address. */
const request = (port: number, method: string, pathname: string, body?: unknown) =>
  childRequest(port, method, pathname, body, { 'x-forwarded-for': '10.7.0.1' });

/**
 * A loopback SMTP server that records each accepted message's dedupe key. A message whose key
 * `hold` names is received but never answered (the sender waits for the server's reply).
 */
async function startSmtp(hold: (key: string) => boolean = () => false) {
  const accepted: string[] = [];
  const held: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, _session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
      stream.on('end', () => {
        const key = /X-Kinship-Dedupe-Key: (\S+)/.exec(data)?.[1] ?? '';
        if (hold(key)) {
          held.push(key);
          return;
        }
        accepted.push(key);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    accepted,
    held,
    url: `smtp://127.0.0.1:${(server.server.address() as net.AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

/**
 * The server started over a PostgreSQL copy of the seeded database, with its SMTP server and two
 * clients of that database: `db` reads, `holder` takes the locks that stop a subscriber.
 */
async function startOnPostgres() {
  const setup = await prepare('events');
  const smtp = await startSmtp();
  const server = new ChildServer(await freePort(), { ...setup.env, SMTP_URL: smtp.url });
  const db = new pg.Client({ connectionString: setup.databaseUrl! });
  const holder = new pg.Client({ connectionString: setup.databaseUrl! });
  cleanups.push(async () => {
    await server.stop();
    await db.end().catch(() => undefined);
    await holder.end().catch(() => undefined);
    await smtp.close();
    await setup.cleanup();
  });
  await db.connect();
  await holder.connect();
  await server.start();
  return { server, smtp, db, holder };
}

/** Waits until a statement inserting into `table` waits for a lock (the one `holder` took). */
function waitingToInsert(db: pg.Client, what: string, table: string) {
  return until(what, async () => {
    const { rows } = await db.query(
      `SELECT 1 FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE $1`,
      [`insert into "${table}"%`],
    );
    return rows.length > 0;
  });
}

describe.skipIf(!onPostgres)('events across a crash (PostgreSQL: the test holds the outbox)', () => {
  it(
    'a receipt whose event committed before the process died is queued and sent exactly once after the restart',
    { timeout: 180_000 },
    async () => {
      const { server, smtp, db, holder } = await startOnPostgres();

      // Nobody may write to the outbox: the payment and its event commit, the receipt's subscriber waits.
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE email_outbox IN EXCLUSIVE MODE');
      const email = `events-crash-${Date.now()}@example.org`;
      const answer = request(server.port, 'POST', '/api/payments?partnersId=2', {
        partnersId: 2,
        amount: 25,
        firstName: 'Crash',
        lastName: 'Donor',
        email,
        token: 'pm_card_visa',
      }).catch((error: Error) => ({ status: 0, text: error.message }));

      const event = await until('the payment.succeeded event', async () => {
        const { rows } = await db.query<{ id: number; payload: { paymentsId: number } }>(
          `SELECT e.id, e.payload FROM domain_events e JOIN payments p ON p.id = (e.payload->>'paymentsId')::int
            JOIN donations d ON d.id = p.donations_id
           WHERE e.name = 'payment.succeeded' AND d.email = $1 AND e.lease_until IS NOT NULL`,
          [email],
        );
        return rows[0];
      });
      // The subscriber's transaction is waiting for the outbox.
      await waitingToInsert(db, 'the receipt subscriber to wait on the outbox', 'email_outbox');

      await server.kill();
      expect((await answer).status).toBe(0);
      await holder.query('ROLLBACK');

      const key = `receipt:payment:${event.payload.paymentsId}`;
      // Dead between the write and the delivery: the event stands, its subscriber never ran.
      const before = await db.query(
        `SELECT (SELECT status FROM domain_events WHERE id = $1) AS status,
                (SELECT count(*)::int FROM domain_event_deliveries WHERE events_id = $1) AS marks,
                (SELECT count(*)::int FROM email_outbox WHERE dedupe_key = $2) AS queued`,
        [event.id, key],
      );
      expect(before.rows[0]).toEqual({ status: 'pending', marks: 0, queued: 0 });
      expect(smtp.accepted).not.toContain(key);

      await server.start();
      await until('the receipt at the SMTP server', async () => smtp.accepted.includes(key));
      // Later dispatch runs (events every 5 s, the outbox every 10 s) must not send it again.
      await new Promise((resolve) => setTimeout(resolve, 12_000));
      await server.stop();

      expect(smtp.accepted.filter((k) => k === key)).toEqual([key]);
      const after = await db.query(
        `SELECT (SELECT status FROM domain_events WHERE id = $1) AS status,
                (SELECT array_agg(subscriber ORDER BY subscriber) FROM domain_event_deliveries WHERE events_id = $1) AS marks,
                (SELECT array_agg(status) FROM email_outbox WHERE dedupe_key = $2) AS outbox`,
        [event.id, key],
      );
      expect(after.rows[0]).toEqual({ status: 'done', marks: ['giving.receipt'], outbox: ['sent'] });
    },
  );
});

describe('events across a crash (both databases: the SMTP server holds the receipt)', () => {
  it(
    'a receipt whose delivery was cut by the kill reaches the SMTP server exactly once after the restart',
    { timeout: 180_000 },
    async () => {
      const setup = await prepare('events');
      const email = `events-smtp-${Date.now()}@example.org`;
      let holding = true;
      const smtp = await startSmtp((key) => holding && key.startsWith('receipt:payment:'));
      const server = new ChildServer(await freePort(), { ...setup.env, SMTP_URL: smtp.url });
      cleanups.push(async () => {
        await server.stop();
        await smtp.close();
        await setup.cleanup();
      });
      await server.start();
      const answer = await request(server.port, 'POST', '/api/payments?partnersId=2', {
        partnersId: 2,
        amount: 30,
        firstName: 'Smtp',
        lastName: 'Donor',
        email,
        token: 'pm_card_visa',
      });
      expect(answer.status, answer.text).toBe(200);
      // The worker is delivering the receipt: the server has it and has not answered.
      const [key] = await until('the receipt in delivery', async () => smtp.held.length > 0 && smtp.held);
      await server.kill();
      holding = false;
      expect(smtp.accepted).not.toContain(key);

      await server.start();
      await until('the receipt at the SMTP server', async () => smtp.accepted.includes(key!));
      // Later dispatch runs (events every 5 s, the outbox every 10 s) must not send it again.
      await new Promise((resolve) => setTimeout(resolve, 12_000));
      await server.stop();
      expect(smtp.accepted.filter((k) => k === key)).toEqual([key]);

      const database = await setup.open();
      try {
        const paymentsId = Number(key!.split(':')[2]);
        const { rows } = (await database.db.execute(sql`
          SELECT e.status, (SELECT count(*)::int FROM domain_event_deliveries d WHERE d.events_id = e.id) AS marks,
                 o.status AS outbox, o.attempts > 1 AS retried, dn.email
            FROM domain_events e
            JOIN payments p ON p.id = ${paymentsId}
            JOIN donations dn ON dn.id = p.donations_id
            JOIN email_outbox o ON o.dedupe_key = ${key!}
           WHERE e.dedupe_key = ${`payment.succeeded:${paymentsId}`}`)) as unknown as { rows: unknown[] };
        expect(rows).toEqual([{ status: 'done', marks: 1, outbox: 'sent', retried: true, email }]);
      } finally {
        await database.close();
      }
    },
  );
});

describe.skipIf(!onPostgres)(
  'update notices across a crash (PostgreSQL: the test holds the event marks)',
  () => {
    it(
      'an update published before the process died is distributed after the restart, each notice sent exactly once',
      { timeout: 180_000 },
      async () => {
        const { server, smtp, db, holder } = await startOnPostgres();
        const staff = new TestClient(server.port);
        const email = 'messages@demo.example.org';
        await staff.signIn(email, DEMO_ACCOUNTS.find((a) => a.email === email)!.password);
        const record = DEMO_IDS.maskedSponsoredOfSponsor;
        const { rows: sponsors } = await db.query(
          `SELECT DISTINCT lower(u.email) AS email FROM user_sponsoreds us JOIN users u ON u.id = us.users_id
          WHERE us.sponsoreds_id = $1 AND us.date_ended IS NULL AND u.email IS NOT NULL`,
          [record],
        );
        expect(sponsors.length).toBeGreaterThan(0);

        // No subscriber may mark an event, nobody may queue mail: the post and its event commit, the
        // distribution's subscriber waits.
        await holder.query('BEGIN');
        await holder.query('LOCK TABLE domain_event_deliveries, email_outbox IN EXCLUSIVE MODE');
        const title = `Crash update ${Date.now()}`;
        const answer = staff
          .post('/api/dashboard/updates?partnersId=2', {
            title,
            updateMessage: '<p>Written just before the crash.</p>',
            audience: { kind: 'records', sponsoredsIds: [record] },
            schedule: true,
          })
          .then((res) => res.status)
          .catch(() => 0);

        const event = await until('the update.published event', async () => {
          const { rows } = await db.query<{ id: number; post: number }>(
            `SELECT e.id, p.id AS post FROM domain_events e JOIN update_posts p ON p.id = (e.payload->>'updatePostsId')::int
            WHERE e.name = 'update.published' AND p.title = $1 AND e.lease_until IS NOT NULL`,
            [title],
          );
          return rows[0];
        });
        await waitingToInsert(
          db,
          'the distribution subscriber to wait on its mark',
          'domain_event_deliveries',
        );

        await server.kill();
        expect(await answer).toBe(0);
        await holder.query('ROLLBACK');

        const prefix = `update-post:${event.post}:`;
        // Dead between the write and the delivery: the post is published, its subscriber never ran.
        const before = await db.query(
          `SELECT (SELECT status FROM domain_events WHERE id = $1) AS status,
                (SELECT count(*)::int FROM domain_event_deliveries WHERE events_id = $1) AS marks,
                (SELECT count(*)::int FROM email_outbox WHERE starts_with(dedupe_key, $2)) AS queued,
                (SELECT status FROM update_posts WHERE id = $3) AS post`,
          [event.id, prefix, event.post],
        );
        expect(before.rows[0]).toEqual({ status: 'pending', marks: 0, queued: 0, post: 'scheduled' });

        await server.start();
        const keys = await until('every notice at the SMTP server', async () => {
          const { rows } = await db.query<{ key: string }>(
            `SELECT dedupe_key AS key FROM email_outbox WHERE starts_with(dedupe_key, $1)`,
            [prefix],
          );
          const queued = rows.map((r) => r.key);
          return (
            queued.length === sponsors.length && queued.every((k) => smtp.accepted.includes(k)) && queued
          );
        });
        // Later runs (events every 5 s, the outbox every 10 s, the distribution's sweep) send nothing more.
        await new Promise((resolve) => setTimeout(resolve, 12_000));
        await server.stop();

        expect(smtp.accepted.filter((k) => k.startsWith(prefix)).sort()).toEqual([...keys].sort());
        const after = await db.query(
          `SELECT (SELECT status FROM domain_events WHERE id = $1) AS status,
                (SELECT array_agg(subscriber) FROM domain_event_deliveries WHERE events_id = $1) AS marks,
                (SELECT array_agg(DISTINCT status) FROM email_outbox WHERE starts_with(dedupe_key, $2)) AS outbox,
                (SELECT status FROM update_posts WHERE id = $3) AS post`,
          [event.id, prefix, event.post],
        );
        expect(after.rows[0]).toEqual({
          status: 'done',
          marks: ['sponsorships.update-distribution'],
          outbox: ['sent'],
          post: 'sent',
        });
      },
    );
  },
);
