import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { loadConfig } from '../src/config.ts';
import { migrateDatabase, openDatabase, type Database } from '../src/db/client.ts';
import { JOB_DEFINITIONS } from '../src/job-definitions.ts';
import { createJobQueue } from '../src/platform/jobs.ts';
import { createAuth } from '../src/platform/auth.ts';
import { loginCreator } from '../src/platform/logins.ts';
import { localStorage } from '../src/platform/storage.ts';
import { seedDemo } from '../src/seed/demo.ts';
import { partnerCacheOf } from '../src/areas/partners/site/partner-cache.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite mode: a dump of the migrated, seeded template database. */
    pgliteTemplate: string;
    /** PostgreSQL mode: the template database each test file copies. */
    postgresTemplate: string;
    /** The seeded pictures, shared read-only by every test file. */
    mediaDir: string;
    /** Names this run's per-file databases so teardown can drop any a crashed file left. */
    runId: string;
  }
}

/** Seeding signs nothing that outlives it: a random secret of its own. */
const TEST_AUTH_SECRET = randomBytes(32).toString('base64url');

export function databaseUrlFor(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** pg-boss's tables and the app's queues, in the template, so each test app's queue starts at once. */
async function installJobQueue(database: Database, storage: ReturnType<typeof localStorage>) {
  const queue = createJobQueue(
    { database, storage, config: loadConfig({ AUTH_SECRET: TEST_AUTH_SECRET, LOG_LEVEL: 'silent' }) },
    JOB_DEFINITIONS,
  );
  await queue.ready();
  await queue.stop();
}

/**
 * Builds one migrated, seeded database per run, which every test file copies: a PGlite data-dir
 * dump on the embedded default, a template database on PostgreSQL (when DATABASE_URL is set).
 */
export default async function setup(project: TestProject) {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kinship-test-'));
  const mediaDir = path.join(workDir, 'media');
  const storage = localStorage(mediaDir);
  const databaseUrl = process.env.DATABASE_URL;
  const runId = `${process.pid}_${Date.now()}`;
  project.provide('runId', runId);
  let cleanup = async () => undefined as void;

  if (databaseUrl) {
    const templateName = `kinship_tpl_${runId}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${templateName}`);
    const database = await openDatabase({
      databaseUrl: databaseUrlFor(databaseUrl, templateName),
      poolSize: 4,
    });
    await migrateDatabase(database);
    await installJobQueue(database, storage);
    const auth = createAuth({
      db: database.db,
      partners: partnerCacheOf(database.db),
      secret: TEST_AUTH_SECRET,
      rateLimit: false,
    });
    await seedDemo(database.db, { storage, createLogin: loginCreator(auth, database.db) });
    await database.close();
    project.provide('postgresTemplate', templateName);
    project.provide('pgliteTemplate', '');
    cleanup = async () => {
      const leftovers = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE $1`,
        [`kinship_t_${runId}_%`],
      );
      for (const { datname } of leftovers.rows)
        await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      await admin.query(`DROP DATABASE IF EXISTS ${templateName} WITH (FORCE)`);
      await admin.end();
    };
  } else {
    const database = await openDatabase({});
    await migrateDatabase(database);
    await installJobQueue(database, storage);
    const auth = createAuth({
      db: database.db,
      partners: partnerCacheOf(database.db),
      secret: TEST_AUTH_SECRET,
      rateLimit: false,
    });
    await seedDemo(database.db, { storage, createLogin: loginCreator(auth, database.db) });
    const dump = await database.pglite!.dumpDataDir('gzip');
    const templateFile = path.join(workDir, 'template.tar.gz');
    fs.writeFileSync(templateFile, Buffer.from(await dump.arrayBuffer()));
    await database.close();
    project.provide('pgliteTemplate', templateFile);
    project.provide('postgresTemplate', '');
  }
  project.provide('mediaDir', mediaDir);

  return async () => {
    await cleanup();
    fs.rmSync(workDir, { recursive: true, force: true });
  };
}
