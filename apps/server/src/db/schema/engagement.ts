import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { partners } from './partners.ts';
import { sponsoreds } from './sponsoreds.ts';
import { userSponsoreds, users } from './users.ts';

/** Birthdays and other dates a sponsor is reminded of. */
export const occasions = pgTable(
  'occasions',
  {
    id: serial('id').primaryKey(),
    partnersId: integer('partners_id')
      .notNull()
      .references(() => partners.id),
    sponsoredsId: integer('sponsoreds_id').references(() => sponsoreds.id, { onDelete: 'cascade' }),
    usersId: integer('users_id').references(() => users.id),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    occasionDate: date('occasion_date').notNull(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('occasions_partner_date_idx').on(t.partnersId, t.occasionDate)],
);

/**
 * Letters between a sponsor and the person they sponsor (issue 24, decision 076): one sponsorship,
 * one direction, a state with its history in `message_steps`. Reaches nobody but its writer and
 * letters.moderate staff before `approved`.
 */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    partnersId: integer('partners_id')
      .notNull()
      .references(() => partners.id),
    userSponsoredsId: integer('user_sponsoreds_id')
      .notNull()
      .references(() => userSponsoreds.id),
    sponsoredsId: integer('sponsoreds_id')
      .notNull()
      .references(() => sponsoreds.id),
    /** The sponsor (writer of a `to_sponsored` letter, reader of a `to_sponsor` reply). */
    usersId: integer('users_id')
      .notNull()
      .references(() => users.id),
    direction: text('direction').notNull(),
    status: text('status').notNull(),
    body: text('body').notNull(),
    /** The writer's words before a moderator's first edit. */
    originalBody: text('original_body'),
    language: text('language').notNull(),
    /** Stored pictures (`letters/{id}/{uuid}/large.webp`), metadata stripped. */
    picturePaths: text('picture_paths')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** A scanned reply page (`letters/scans/...`). */
    scanPath: text('scan_path'),
    /** The sponsor letter a reply answers. */
    replyToId: integer('reply_to_id').references((): AnyPgColumn => messages.id),
    rejectionReason: text('rejection_reason'),
    assigneeUsersId: integer('assignee_users_id').references(() => users.id),
    /** Open pre-screen flags and their kinds (kept with the flags, for the queue's filters). */
    openFlags: integer('open_flags').notNull().default(0),
    flagKinds: text('flag_kinds')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Who typed it: the sponsor, or the staff member who typed a reply. */
    writtenByUsersId: integer('written_by_users_id').references(() => users.id),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('messages_direction', sql`${t.direction} IN ('to_sponsored', 'to_sponsor')`),
    check(
      'messages_status',
      sql`${t.status} IN ('draft', 'submitted', 'in_review', 'approved', 'rejected', 'printed', 'sent_to_program', 'delivered')`,
    ),
    check('messages_body_length', sql`char_length(${t.body}) <= 5000`),
    // The queue's order, then every column its filters read (decision 078): the queue, its pages
    // and its counts are answered from the index alone, without visiting the letters' rows.
    index('messages_queue_idx').on(
      t.partnersId,
      t.status,
      t.submittedAt,
      t.id,
      t.sponsoredsId,
      t.direction,
      t.openFlags,
      t.assigneeUsersId,
      t.flagKinds,
    ),
    index('messages_sponsorship_idx').on(t.userSponsoredsId, t.id),
    index('messages_user_idx').on(t.usersId, t.id),
    index('messages_sponsored_idx').on(t.sponsoredsId),
  ],
);

/** A letter's history: each state it entered, when and who moved it (null: the writer or the system). */
export const messageSteps = pgTable(
  'message_steps',
  {
    id: serial('id').primaryKey(),
    messagesId: integer('messages_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    byUsersId: integer('by_users_id').references(() => users.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('message_steps_message_idx').on(t.messagesId, t.at)],
);

/** The pre-screen's hits on a letter, each open until a moderator removes the span or accepts it. */
export const messageFlags = pgTable(
  'message_flags',
  {
    id: serial('id').primaryKey(),
    messagesId: integer('messages_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    source: text('source').notNull().default('text'),
    start: integer('start').notNull(),
    end: integer('end').notNull(),
    text: text('text').notNull(),
    status: text('status').notNull().default('open'),
    reason: text('reason'),
    decidedByUsersId: integer('decided_by_users_id').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    check('message_flags_status', sql`${t.status} IN ('open', 'accepted', 'removed')`),
    index('message_flags_message_idx').on(t.messagesId),
  ],
);

/** A partner's letter guidelines (shown beside the composer, per locale) and the screen's word list. */
export const letterSettings = pgTable('letter_settings', {
  partnersId: integer('partners_id')
    .primaryKey()
    .references(() => partners.id, { onDelete: 'cascade' }),
  guidelines: text('guidelines').notNull().default(''),
  words: text('words')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** Guidelines in the partner's other offered locales (decision 072). */
  translations: jsonb('translations').$type<Record<string, { guidelines?: string }>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One page of an uploaded batch of scanned or photographed replies. */
export const letterScans = pgTable(
  'letter_scans',
  {
    id: serial('id').primaryKey(),
    partnersId: integer('partners_id')
      .notNull()
      .references(() => partners.id),
    fileName: text('file_name').notNull(),
    page: integer('page').notNull().default(1),
    picturePath: text('picture_path').notNull(),
    /** The sponsor letter its QR code (or a moderator) matched. */
    replyToId: integer('reply_to_id').references(() => messages.id, { onDelete: 'set null' }),
    /** The reply letter it became. */
    messagesId: integer('messages_id').references(() => messages.id, { onDelete: 'set null' }),
    problem: text('problem'),
    createdByUsersId: integer('created_by_users_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('letter_scans_partner_idx').on(t.partnersId, t.createdAt)],
);
