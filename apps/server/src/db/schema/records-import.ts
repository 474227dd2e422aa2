import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { partners } from './partners.ts';
import { partnerSponsoredTypes } from './sponsoreds.ts';
import { users } from './users.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const RECORD_IMPORT_STATES = ['queued', 'running', 'completed', 'failed'] as const;
export type RecordImportState = (typeof RECORD_IMPORT_STATES)[number];

/**
 * A bulk import of records (issue 12, item 6): the uploaded file (and pictures zip) wait here,
 * private to the database, for the background job; the result stays for the wizard to show after
 * a reload. The files are cleared once the job has run.
 */
export const recordImports = pgTable(
  'record_imports',
  {
    id: serial('id').primaryKey(),
    partnersId: integer('partners_id')
      .notNull()
      .references(() => partners.id),
    usersId: integer('users_id').references(() => users.id, { onDelete: 'set null' }),
    partnerSponsoredTypesId: integer('partner_sponsored_types_id')
      .notNull()
      .references(() => partnerSponsoredTypes.id),
    fileName: text('file_name').notNull(),
    file: bytea('file'),
    picturesFileName: text('pictures_file_name'),
    pictures: bytea('pictures'),
    /** Column index -> field key (or null), as the staff member confirmed it. */
    mapping: jsonb('mapping').$type<(string | null)[]>().notNull(),
    dateOrder: text('date_order').notNull().default('mdy'),
    /** The programs the importer could write when it was started (null: all). */
    programScope: jsonb('program_scope').$type<number[] | null>(),
    jobId: uuid('job_id'),
    state: text('state').$type<RecordImportState>().notNull().default('queued'),
    result: jsonb('result').$type<Record<string, unknown>>(),
    /**
     * How far the job got (rows done, counts and errors so far), written with each batch: a retry
     * continues from it instead of starting over (decision 053).
     */
    checkpoint: jsonb('checkpoint').$type<{
      done: number;
      counts: { created: number; updated: number; unchanged: number };
      errors: { row: number; column: string; value: string; reason: string }[];
    }>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('record_imports_partner_idx').on(t.partnersId, t.createdAt),
    check('record_imports_state', sql`${t.state} IN ('queued', 'running', 'completed', 'failed')`),
    check('record_imports_date_order', sql`${t.dateOrder} IN ('mdy', 'dmy')`),
  ],
);

/** The column mapping a partner chose last, per sponsored type: normalised header -> field key. */
export const recordImportMappings = pgTable(
  'record_import_mappings',
  {
    partnersId: integer('partners_id')
      .notNull()
      .references(() => partners.id),
    partnerSponsoredTypesId: integer('partner_sponsored_types_id')
      .notNull()
      .references(() => partnerSponsoredTypes.id, { onDelete: 'cascade' }),
    mapping: jsonb('mapping').$type<Record<string, string>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.partnersId, t.partnerSponsoredTypesId] })],
);
