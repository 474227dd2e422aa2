import fs from 'node:fs';
import { inject } from 'vitest';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/client.ts';
import { databaseUrlFor } from './global-setup.ts';

let counter = 0;

/** A private copy of the seeded template database for one test file. */
export async function openTestDatabase(options: { poolSize?: number } = {}): Promise<Database> {
  const databaseUrl = process.env.DATABASE_URL;
  const postgresTemplate = inject('postgresTemplate');
  if (databaseUrl && postgresTemplate) {
    const name = `kinship_t_${inject('runId')}_${process.pid}_${counter++}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${postgresTemplate}`);
    } finally {
      await admin.end();
    }
    const database = await openDatabase({
      databaseUrl: databaseUrlFor(databaseUrl, name),
      poolSize: options.poolSize ?? 10,
    });
    return {
      ...database,
      close: async () => {
        await database.close();
        const dropper = new pg.Client({ connectionString: databaseUrl });
        await dropper.connect();
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await dropper.end();
      },
    };
  }
  const dump = fs.readFileSync(inject('pgliteTemplate'));
  return openDatabase({ loadDataDir: new Blob([dump], { type: 'application/x-gzip' }) });
}
