/**
 * A second server PROCESS for the multi-process tests: the whole app over an existing PostgreSQL
 * database (DATABASE_URL), on a random loopback port printed as `LISTENING <port>`. Run with
 * `node --import tsx test/child-server.ts`; it stops on SIGTERM.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { authSettingsOf, createAuth } from '../src/platform/auth.ts';
import { createMailer } from '../src/platform/messaging/mail.ts';
import { localStorage } from '../src/platform/storage.ts';
import { partnerCacheOf } from '../src/areas/partners/site/partner-cache.ts';

async function main() {
  const config = loadConfig();
  if (!config.DATABASE_URL) throw new Error('DATABASE_URL is required.');
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'kinship-child-'));
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    poolSize: Number(process.env.POOL_SIZE ?? 10),
  });
  const mailer = createMailer({ from: config.MAIL_FROM, mailDir: path.join(scratch, 'mail') });
  const auth = createAuth({
    db: database.db,
    partners: partnerCacheOf(database.db),
    mailer,
    rateLimit: false,
    ...authSettingsOf(config),
  });
  const app = await buildApp({
    database,
    config,
    storage: localStorage(path.join(scratch, 'media')),
    auth,
    mailer,
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`LISTENING ${(app.server.address() as AddressInfo).port}\n`);
  const stop = async () => {
    await app.close();
    await database.close();
    fs.rmSync(scratch, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
