import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givingAudit } from '../src/areas/giving/giving.audit.ts';
import { insightAudit } from '../src/areas/insight/insight.audit.ts';
import { partnersAudit } from '../src/areas/partners/partners.audit.ts';
import { peopleAudit } from '../src/areas/people/people.audit.ts';
import { recordsAudit } from '../src/areas/records/records.audit.ts';
import { sponsorshipsAudit } from '../src/areas/sponsorships/sponsorships.audit.ts';
import { auditContext, type AreaAudit, type AuditContext, type Scenario } from './audit-rows.ts';
import type { TestResponse } from './http-client.ts';
import { startDnsDouble, type DnsDouble } from './dns-double.ts';
import { startTestApp, type TestApp } from './test-app.ts';

/*
 * THE AUDIT TRAIL: every write route the server has, called twice. Once while the database
 * refuses audit rows (a trigger): the call fails and its write is not there either (the audit row
 * and the write are one transaction). Then normally: the write is there with its audit row, which
 * names the action, the entity, the actor, the request id (the x-request-id answered) and the
 * client address. A new write route fails the coverage test until it has a scenario.
 *
 * THE SCENARIOS live with their routes: each area's in `src/areas/<area>/<area>.audit.ts` (what a
 * scenario says: `audit-rows.ts`), with the area's write routes that are not audited and why. This
 * file runs them all, in the order of AREAS and each area's own order.
 */

let t: TestApp;
/** Answers the TXT records of own domains checked by "Check now" (issue 20). */
let dns: DnsDouble;
/** What every scenario is given: the app and helpers over it. */
let ctx: AuditContext;
beforeAll(async () => {
  dns = await startDnsDouble();
  t = await startTestApp({ env: { TRUST_PROXY: 'loopback', DNS_SERVERS: dns.server } });
  ctx = auditContext(t, dns);
});
afterAll(async () => {
  await t?.close();
  await dns?.close();
});

async function refuseAuditRows(on: boolean) {
  if (on) {
    await t.database.db.execute(sql`
      CREATE OR REPLACE FUNCTION refuse_audit_row() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit rows are refused (test)'; END $$`);
    await t.database.db.execute(sql`
      CREATE TRIGGER refuse_audit_row BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION refuse_audit_row()`);
  } else {
    await t.database.db.execute(sql`DROP TRIGGER IF EXISTS refuse_audit_row ON audit_log`);
  }
}

/** Every area's part of the audit trail. */
const AREAS: readonly AreaAudit[] = [
  peopleAudit,
  givingAudit,
  partnersAudit,
  sponsorshipsAudit,
  recordsAudit,
  insightAudit,
];

/** The entries of every area's record, refusing a route that two areas claim. */
function merged<T>(parts: Record<string, T>[]): Record<string, T> {
  const all: Record<string, T> = {};
  for (const part of parts)
    for (const [route, value] of Object.entries(part)) {
      if (route in all) throw new Error(`${route} is listed by two areas`);
      all[route] = value;
    }
  return all;
}

/** One scenario per write route: fresh objects each time it is prepared. */
const SCENARIOS: Record<string, Scenario> = merged(AREAS.map((area) => area.scenarios));

/** Write routes whose writes are not Kinship's business records, with the reason. */
const NOT_AUDITED: Record<string, string> = merged(AREAS.map((area) => area.notAudited));

describe('the audit trail', () => {
  it('has a scenario for every write route (better-auth routes aside: the auth library writes its own tables)', () => {
    const writes = t.app.routeList
      .filter((r) => r.method !== 'GET' && r.method !== 'OPTIONS' && !r.url.startsWith('/api/auth/'))
      .map((r) => `${r.method} ${r.url}`);
    const missing = writes.filter((route) => !(route in SCENARIOS) && !(route in NOT_AUDITED));
    expect(missing).toEqual([]);
  });

  // The partner's payment account is replaced last: the money routes run on the seeded one.
  const order = Object.keys(SCENARIOS).sort(
    (a, b) => Number(a.includes('oauthonboard')) - Number(b.includes('oauthonboard')),
  );
  for (const route of order) {
    it(`${route}: the write and its audit row commit together, and roll back together`, async () => {
      const refused = await SCENARIOS[route]!(ctx);
      await refuseAuditRows(true);
      let res: TestResponse;
      try {
        res = await refused.call();
      } finally {
        await refuseAuditRows(false);
      }
      expect(res.status, res.text).toBeGreaterThanOrEqual(500);
      expect(await refused.written()).toBe(false);

      const prepared = await SCENARIOS[route]!(ctx);
      const before = Number((await ctx.rows(sql`SELECT coalesce(max(id), 0) AS n FROM audit_log`))[0]!.n);
      const ok = await prepared.call();
      expect(ok.status, ok.text).toBeLessThan(300);
      expect(await prepared.written()).toBe(true);
      const audit = await ctx.rows(
        sql`SELECT * FROM audit_log WHERE id > ${before} AND action = ${prepared.action}`,
      );
      expect(audit).toHaveLength(1);
      const row = audit[0]!;
      expect(row).toMatchObject({
        entity_type: prepared.entityType,
        users_id: prepared.usersId,
        actor_kind: prepared.usersId === null && route === 'POST /api/payments' ? 'visitor' : 'person',
        request_id: ok.headers['x-request-id'],
      });
      expect(row.entity_id).not.toBeNull();
      expect(String(row.client_address)).toMatch(/^10\./);
      if (prepared.changes) expect(row.changes).toMatchObject(prepared.changes);
    });
  }

  it('never stores a secret or card number among the changes', async () => {
    const { changesOf } = await import('../src/platform/audit.ts');
    expect(
      changesOf(
        { password: 'old', last4: '4242', clientSecret: 'seti_1', city: 'Austin' },
        {
          password: 'new',
          last4: '4444',
          clientSecret: 'seti_2',
          city: 'Dallas',
          cardNumber: '4242424242424242',
        },
      ),
    ).toEqual({
      password: { before: '[redacted]', after: '[redacted]' },
      last4: { before: '4242', after: '4444' },
      clientSecret: { before: '[redacted]', after: '[redacted]' },
      city: { before: 'Austin', after: 'Dallas' },
      cardNumber: { before: null, after: '[redacted]' },
    });
  });
});
