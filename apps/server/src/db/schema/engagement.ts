import { date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { partners } from './partners.ts';
import { sponsoreds } from './sponsoreds.ts';
import { users } from './users.ts';

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

/** Messages between a sponsor and the partner about a sponsored record. */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    partnersId: integer('partners_id')
      .notNull()
      .references(() => partners.id),
    sponsoredsId: integer('sponsoreds_id').references(() => sponsoreds.id, { onDelete: 'cascade' }),
    fromUsersId: integer('from_users_id').references(() => users.id),
    toUsersId: integer('to_users_id').references(() => users.id),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [index('messages_partner_idx').on(t.partnersId, t.createdAt)],
);
