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
  unique,
} from 'drizzle-orm/pg-core';
import { partners } from './partners.ts';
import { sponsoreds } from './sponsoreds.ts';
import { users } from './users.ts';

/** Who an update post is written to, as the author chose it (decision 037). */
export type UpdateAudience =
  | { kind: 'records'; sponsoredsIds: number[] }
  | { kind: 'program'; entitiesId: number }
  | { kind: 'type'; partnerSponsoredTypesId: number };

/**
 * An update as staff write it (the dashboard's Updates section, decision 037): one text for one
 * record or many. Its audience is resolved to records when saved (`sponsoreds_ids`, with their
 * programs in `entity_ids` for program scope); at its distribution time the job writes one
 * `updates` row per record and one notice per active sponsor. Draft and scheduled posts can be
 * edited and deleted; a sent one cannot.
 */
export const updatePosts = pgTable(
  'update_posts',
  {
    id: serial('id').primaryKey(),
    partnersId: integer('partners_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** Sanitised HTML (platform/rich-text.ts). */
    updateMessage: text('update_message').notNull(),
    audience: jsonb('audience').$type<UpdateAudience>().notNull(),
    sponsoredsIds: integer('sponsoreds_ids').array().notNull(),
    entityIds: integer('entity_ids').array().notNull(),
    /** Storage keys of the pictures' `large` variants, in order (`updates/{id}/{uuid}/{variant}.webp`). */
    picturePaths: text('picture_paths')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** draft -> scheduled -> sent. */
    status: text('status').notNull().default('draft'),
    /** When a scheduled post is distributed (now or later); a draft may carry a planned time. */
    distributeAt: timestamp('distribute_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdByUsersId: integer('created_by_users_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('update_posts_partner_idx').on(t.partnersId, t.createdAt),
    index('update_posts_due_idx')
      .on(t.distributeAt)
      .where(sql`${t.status} = 'scheduled'`),
    check('update_posts_status', sql`${t.status} IN ('draft', 'scheduled', 'sent')`),
    check('update_posts_scheduled_has_time', sql`${t.status} = 'draft' OR ${t.distributeAt} IS NOT NULL`),
  ],
);

/**
 * Private updates of one record for its sponsors and the partner's staff (SPEC: id, title,
 * distributionDate, updateMessage). `code` is the unguessable part of `/sponsored/update/{code}`.
 * Rows written by a post's distribution carry the post; one row per post and record.
 */
export const updates = pgTable(
  'updates',
  {
    id: serial('id').primaryKey(),
    partnersId: integer('partners_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    sponsoredsId: integer('sponsoreds_id')
      .notNull()
      .references(() => sponsoreds.id, { onDelete: 'cascade' }),
    code: text('code').notNull().unique(),
    title: text('title').notNull(),
    distributionDate: date('distribution_date').notNull(),
    updateMessage: text('update_message').notNull(),
    updatePostsId: integer('update_posts_id').references((): AnyPgColumn => updatePosts.id, {
      onDelete: 'cascade',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('updates_sponsored_idx').on(t.sponsoredsId),
    unique('updates_post_record_unique').on(t.updatePostsId, t.sponsoredsId),
  ],
);

/**
 * One email notice of one record's update to one sponsor: the unique key (update, person) is what
 * makes a retried or restarted distribution send each notice once. `opened_at` is set the first
 * time that sponsor opens `/sponsored/update/{code}`.
 */
export const updateNotices = pgTable(
  'update_notices',
  {
    id: serial('id').primaryKey(),
    partnersId: integer('partners_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    updatesId: integer('updates_id')
      .notNull()
      .references(() => updates.id, { onDelete: 'cascade' }),
    usersId: integer('users_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    openedAt: timestamp('opened_at', { withTimezone: true }),
  },
  (t) => [unique('update_notices_update_person_unique').on(t.updatesId, t.usersId)],
);
