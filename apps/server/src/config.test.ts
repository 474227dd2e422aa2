import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { clientAs, createPeople, signedSessionCookie } from '../test/people.ts';
import { startTestApp } from '../test/test-app.ts';
import { loadConfig, MISSING_SECRET_MESSAGE, SECRET_FILE } from './config.ts';

const dirs: string[] = [];
const freshDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kinship-config-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the installation secret (AUTH_SECRET)', () => {
  it('is made at random on the first start of an embedded installation, kept private in the data folder and reused', () => {
    const dataDir = freshDir();
    const first = loadConfig({ DATA_DIR: dataDir }).AUTH_SECRET;
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dataDir, SECRET_FILE);
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(first);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir }).AUTH_SECRET).toBe(first);
    // Another installation gets its own.
    expect(loadConfig({ DATA_DIR: freshDir() }).AUTH_SECRET).not.toBe(first);
    // An empty variable counts as unset.
    expect(loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: '' }).AUTH_SECRET).toBe(first);
  });

  it('makes a secret file readable by others private again, and refuses one too short', () => {
    const dataDir = freshDir();
    const file = path.join(dataDir, SECRET_FILE);
    fs.writeFileSync(file, 'x'.repeat(40), { mode: 0o644 });
    fs.chmodSync(file, 0o644);
    expect(loadConfig({ DATA_DIR: dataDir }).AUTH_SECRET).toBe('x'.repeat(40));
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    fs.writeFileSync(file, 'short');
    expect(() => loadConfig({ DATA_DIR: dataDir })).toThrow(/shorter than 32 characters/);
  });

  it('must be set with PostgreSQL, and is refused when shorter than 32 characters or a published value', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db.example/kinship' })).toThrow(
      MISSING_SECRET_MESSAGE,
    );
    expect(() => loadConfig({ AUTH_SECRET: 'a'.repeat(31), DATA_DIR: freshDir() })).toThrow(
      'AUTH_SECRET must be at least 32 characters long',
    );
    expect(() =>
      loadConfig({
        AUTH_SECRET: 'kinship-embedded-default-secret-change-me-in-production',
        DATA_DIR: freshDir(),
      }),
    ).toThrow('AUTH_SECRET is a published example value; choose your own');
    const set = 'b'.repeat(32);
    expect(loadConfig({ AUTH_SECRET: set, DATABASE_URL: 'postgres://db.example/kinship' }).AUTH_SECRET).toBe(
      set,
    );
  });

  it('keeps sessions across a restart: a second start signs and reads cookies with the same secret', async () => {
    const dataDir = freshDir();
    const env = { AUTH_SECRET: '', DATA_DIR: dataDir };
    const first = await startTestApp({ env });
    try {
      const secret = fs.readFileSync(path.join(dataDir, SECRET_FILE), 'utf8').trim();
      const [person] = await createPeople(first.database, 1, 'restart');
      const cookie = signedSessionCookie(person!.sessionToken, secret);
      const asPerson = clientAs(first.port, person!).setCookie('kinship.session_token', cookie);
      expect((await asPerson.get('/api/users/getByToken')).status).toBe(200);
      const second = await startTestApp({ env, database: first.database });
      try {
        const again = clientAs(second.port, person!).setCookie('kinship.session_token', cookie);
        expect((await again.get('/api/users/getByToken')).status).toBe(200);
        // A cookie signed with any other secret (the old published default among them) is no session.
        const forged = signedSessionCookie(
          person!.sessionToken,
          'kinship-embedded-default-secret-change-me-in-production',
        );
        const forger = clientAs(second.port, person!).setCookie('kinship.session_token', forged);
        expect((await forger.get('/api/users/getByToken')).status).toBe(401);
      } finally {
        await second.close();
      }
    } finally {
      await first.close();
    }
  });
});
