import path from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { migrateDatabase, openDatabase } from './db/client.ts';
import { authSettingsOf, createAuth } from './platform/auth.ts';
import { loginCreator } from './platform/logins.ts';
import type { JobQueue, Worker } from './platform/jobs.ts';
import { createMailer } from './platform/messaging/mail.ts';
import { openStorage } from './platform/storage.ts';
import { formatLinkCode } from '@kinship/domain';
import { DEMO_ACCOUNTS, DEMO_OFFLINE_SPONSOR, seedDemo } from './seed/demo.ts';
import { partnerCacheOf } from './areas/partners/site/partner-cache.ts';

async function main() {
  const config = loadConfig();
  const started = Date.now();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    poolSize: config.DATABASE_POOL_SIZE,
    dataDir: config.DATABASE_URL ? undefined : path.join(config.DATA_DIR, 'db'),
  });
  await migrateDatabase(database);
  const storage = await openStorage(config);
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    mailDir: path.join(config.DATA_DIR, 'mail'),
  });
  const auth = createAuth({
    db: database.db,
    partners: partnerCacheOf(database.db),
    mailer,
    ...authSettingsOf(config),
  });
  if (config.SEED_DEMO) {
    const { seeded } = await seedDemo(database.db, { storage, createLogin: loginCreator(auth, database.db) });
    if (seeded) console.log('Seeded the demo partners.');
  }
  const app = await buildApp({ database, config, storage, auth, mailer });
  // Orders a killed process left between charge and record are settled before new ones are taken.
  await settleInterruptedOrders(app.deps.jobs, app.log);
  let worker: Worker | null = null;
  const shutdown = async () => {
    await worker?.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  await app.listen({ port: config.PORT, host: config.HOST });
  if (config.RUN_WORKER) worker = await app.deps.jobs.startWorker();
  const port = config.PORT;
  console.log(
    [
      '',
      `Kinship is running (${database.kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'}) after ${((Date.now() - started) / 1000).toFixed(1)} s:`,
      `  demo partner      http://demo.localhost:${port}`,
      `  Canadian partner  http://maple.localhost:${port}`,
      `  private demo      http://private.localhost:${port}`,
      `  platform owner    http://kinship.localhost:${port}`,
      '',
      'Demo accounts (email / password):',
      ...DEMO_ACCOUNTS.map((a) => `  ${a.email.padEnd(30)} ${a.password.padEnd(22)} ${a.description}`),
      '',
      `A sponsorship paid offline waits to be linked: sign up on the demo partner, open /link and type ${formatLinkCode(DEMO_OFFLINE_SPONSOR.linkCode)}.`,
      '',
    ].join('\n'),
  );
}

async function settleInterruptedOrders(
  jobs: JobQueue,
  log: { info(o: object, m: string): void; error(o: object, m: string): void },
) {
  const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 30_000).unref());
  try {
    const result = await Promise.race([jobs.runOnce('orders.reconcile'), timeout]);
    if (result === 'timeout')
      log.error({}, 'settling interrupted orders took over 30 s; the worker goes on with it');
    else if ((result.settled ?? 0) > 0) log.info(result, 'settled orders interrupted by the last stop');
  } catch (error) {
    log.error({ err: error }, 'could not settle interrupted orders; the worker retries every minute');
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
