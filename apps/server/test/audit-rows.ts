import { sql, type SQL } from 'drizzle-orm';
import sharp from 'sharp';
import { DEMO_ACCOUNTS } from '../src/seed/demo.ts';
import type { DnsDouble } from './dns-double.ts';
import type { TestClient, TestResponse } from './http-client.ts';
import { createPeople, type TestPerson } from './people.ts';
import type { TestApp } from './test-app.ts';

/*
 * The scenarios of the audit trail (audit-trail.test.ts), as each area writes them: every area
 * keeps its own in `areas/<area>/<area>.audit.ts`, exporting one `AreaAudit`. A new write route adds
 * its scenario (or the reason it writes no business record) to the area that owns it (its
 * `*.routes.ts`); the runner reads every area's and checks them all. This file holds what a
 * scenario is made of and what every scenario may use.
 */

export type DbRow = Record<string, unknown>;

/** What a scenario is given: the running app and helpers over it. */
export interface AuditContext {
  t: TestApp;
  /** Answers the TXT records of own domains checked by "Check now" (issue 20). */
  dns: DnsDouble;
  /** The rows of a query. */
  rows(query: SQL): Promise<DbRow[]>;
  /** A fresh person, signed in (their session in `clientAs`). */
  person(): Promise<TestPerson>;
  /** The demo partner's administrator, signed in, with their person id. */
  partnerAdmin(): Promise<{ client: TestClient; usersId: number }>;
  /** The platform administrator, signed in, with their person id. */
  platformAdmin(): Promise<{ client: TestClient; usersId: number }>;
}

export interface Prepared {
  call: () => Promise<TestResponse>;
  /** Whether the write is in the database. */
  written: () => Promise<boolean>;
  action: string;
  entityType: string;
  /** Who the audit row names (null for a visitor). */
  usersId: number | null;
  /** Changes the audit row must hold, when the write has changed fields. */
  changes?: Record<string, { before: unknown; after: unknown }>;
}

/** One scenario per write route: fresh objects each time it is prepared (it is prepared twice). */
export type Scenario = (ctx: AuditContext) => Promise<Prepared>;

/** An area's part of the audit trail. */
export interface AreaAudit {
  /** A scenario per write route of the area, by route as registered (METHOD and URL pattern). */
  scenarios: Record<string, Scenario>;
  /** The area's write routes whose writes are not Kinship's business records, with the reason. */
  notAudited: Record<string, string>;
}

/** The helpers of a scenario over the running app. */
export function auditContext(t: TestApp, dns: DnsDouble): AuditContext {
  const rows = async (query: SQL): Promise<DbRow[]> =>
    ((await t.database.db.execute(query)) as unknown as { rows: DbRow[] }).rows;
  const signedIn = async (email: string) => {
    const account = DEMO_ACCOUNTS.find((a) => a.email === email)!;
    const client = t.client();
    await client.signIn(account.email, account.password);
    const [row] = await rows(sql`SELECT id FROM users WHERE email = ${account.email}`);
    return { client, usersId: Number(row!.id) };
  };
  return {
    t,
    dns,
    rows,
    person: async () => (await createPeople(t.database, 1, 'audit'))[0]!,
    partnerAdmin: () => signedIn('partner-admin@demo.example.org'),
    platformAdmin: () => signedIn('admin@kinship.example.org'),
  };
}

/** A multipart body with one small JPEG in its `images` field. */
export async function multipartPicture(): Promise<{ body: Buffer; contentType: string }> {
  const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('images', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'a.jpg');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    body: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type')!,
  };
}
