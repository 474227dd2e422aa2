import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { Database } from '../src/db/client.ts';
import { authSession, authUser, users } from '../src/db/schema/index.ts';
import { TestClient } from './http-client.ts';

/** This test process's own random secret (never a published constant). */
export const TEST_AUTH_SECRET = randomBytes(32).toString('base64url');
const SESSION_COOKIE = 'kinship.session_token';

export interface TestPerson {
  usersId: number;
  authUserId: string;
  email: string;
  firstName: string;
  lastName: string;
  /** The session token as stored; the cookie carries it signed. */
  sessionToken: string;
}

/**
 * better-auth's session cookie value: the token, a dot and the base64 HMAC-SHA256 of the token
 * under the auth secret, URI-encoded (better-call's signCookieValue).
 */
export function signedSessionCookie(token: string, secret = TEST_AUTH_SECRET): string {
  const signature = createHmac('sha256', secret).update(token).digest('base64');
  return encodeURIComponent(`${token}.${signature}`);
}

/**
 * Signed-in people made fast, straight in the database: an auth user, a session and a person
 * record each (no password hashing), `count` at a time in three statements.
 */
export async function createPeople(
  database: Database,
  count: number,
  prefix = 'person',
): Promise<TestPerson[]> {
  const run = randomBytes(4).toString('hex');
  const seeds = Array.from({ length: count }, (_, i) => ({
    authUserId: randomUUID(),
    email: `${prefix}-${run}-${i}@example.org`,
    firstName: `Donor${i}`,
    lastName: `Test${run}`,
    sessionToken: randomBytes(24).toString('base64url'),
  }));
  const db = database.db;
  await db.insert(authUser).values(
    seeds.map((s) => ({
      id: s.authUserId,
      name: `${s.firstName} ${s.lastName}`,
      email: s.email,
      emailVerified: true,
    })),
  );
  await db.insert(authSession).values(
    seeds.map((s) => ({
      id: randomUUID(),
      token: s.sessionToken,
      userId: s.authUserId,
      expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
    })),
  );
  const rows = await db
    .insert(users)
    .values(
      seeds.map((s) => ({
        authUserId: s.authUserId,
        firstName: s.firstName,
        lastName: s.lastName,
        email: s.email,
        address1: '1 Test Street',
        city: 'Austin',
        state: 'TX',
        zip: '78701',
      })),
    )
    .returning({ id: users.id, authUserId: users.authUserId });
  const idOf = new Map(rows.map((r) => [r.authUserId, r.id]));
  return seeds.map((s) => ({ ...s, usersId: idOf.get(s.authUserId)! }));
}

/** A browser signed in as the person. */
export function clientAs(port: number, person: TestPerson, host = 'demo.localhost'): TestClient {
  return new TestClient(port, host).setCookie(SESSION_COOKIE, signedSessionCookie(person.sessionToken));
}
