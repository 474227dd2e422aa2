import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema/index.ts';
import type { partners } from './schema/index.ts';

/**
 * The database types every layer shares, in one place: platform code and modules import them from
 * here (never from another module), so a row type needed across modules lives beside the schema.
 */
export type Schema = typeof schema;
/** The database handle (PGlite or node-postgres behind the same drizzle surface). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle has the same query surface as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** What a repository function runs on: the database, or a transaction the caller holds. */
export type Queryable = Db | Tx;

/** A partner (tenant) row: the site every request resolves to. */
export type PartnerRow = typeof partners.$inferSelect;
