import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startOidcTestProvider } from '../../apps/server/test/oidc-test-provider.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrlFor: string;
    port: number;
    /** Where the server writes its mail as .eml files. */
    mailDir: string;
    /**
     * The server's AUTH_SECRET, from which its sandbox gateway's webhook secret is derived: the
     * journeys sign the events a payment provider would deliver (refunds and disputes made there).
     */
    authSecret: string;
    /** The local OpenID Connect provider's person and the sign-in button's label. */
    oidc: { login: string; email: string; name: string; buttonLabel: string };
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function waitFor(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer ${url} within ${timeoutMs} ms`);
}

/** Starts the real server (built web app, embedded PGlite, demo data) on a free port for the journeys. */
export default async function setup(project: TestProject) {
  if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build` first (npm run test:e2e does).');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kinship-e2e-'));
  const port = 3400 + Math.floor(Math.random() * 400);
  // A real OpenID Connect provider on loopback; the demo site's callback is its only redirect URI.
  const oidcPerson = { sub: 'olive-1', email: 'olive.oidc@example.org', name: 'Olive Oidc' };
  const idp = await startOidcTestProvider([oidcPerson]);
  idp.start([`http://demo.localhost:${port}/api/auth/callback/oidc`]);
  const authSecret = randomBytes(32).toString('hex');
  const log = fs.openSync(path.join(dataDir, 'server.log'), 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      AUTH_SECRET: authSecret,
      LOG_LEVEL: 'warn',
      // Each browser context sends an address of its own (support/browser.ts).
      TRUST_PROXY: 'loopback',
      OIDC_DISCOVERY_URL: idp.discoveryUrl,
      OIDC_CLIENT_ID: idp.clientId,
      OIDC_CLIENT_SECRET: idp.clientSecret,
      OIDC_PROVIDER_ID: 'oidc',
      OIDC_NAME: 'Test ID',
    },
    stdio: ['ignore', log, log],
  });
  try {
    // A loaded machine may take longer to migrate and seed: E2E_SERVER_START_MS raises the wait.
    await waitFor(
      `http://127.0.0.1:${port}/api/partners/demo`,
      child,
      Number(process.env.E2E_SERVER_START_MS) || 240_000,
    );
  } catch (error) {
    child.kill('SIGKILL');
    await idp.close();
    console.error(fs.readFileSync(path.join(dataDir, 'server.log'), 'utf8'));
    throw error;
  }
  project.provide('port', port);
  project.provide('baseUrlFor', `http://{partner}.localhost:${port}`);
  project.provide('mailDir', path.join(dataDir, 'mail'));
  project.provide('authSecret', authSecret);
  project.provide('oidc', {
    login: oidcPerson.sub,
    email: oidcPerson.email,
    name: oidcPerson.name,
    buttonLabel: 'Continue with Test ID',
  });
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    if (child.exitCode === null) child.kill('SIGKILL');
    await idp.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
