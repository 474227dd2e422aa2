import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { partners } from './partners.ts';

/**
 * Domain events (decision 063): written by `emit` in the transaction of the write they describe, so
 * an event exists exactly when its write does, and dispatched to the subscribers registered at
 * start-up after that transaction commits (and by the `events.dispatch` job as a safety net).
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: serial('id').primaryKey(),
    partnersId: integer('partners_id').references(() => partners.id),
    /** The event's name in the catalogue (`platform/events.ts`), e.g. payment.succeeded. */
    name: text('name').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** Unique per logical event (e.g. payment.succeeded:42) so a retried write emits once. */
    dedupeKey: text('dedupe_key').notNull().unique(),
    /** pending -> done once every subscriber has run; failed after the last attempt. */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A claimed event is ours until then; a dispatcher that died leaves it to the next one after it. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('domain_events_due_idx').on(t.status, t.nextAttemptAt),
    check('domain_events_status', sql`${t.status} IN ('pending', 'done', 'failed')`),
  ],
);

/**
 * One row per event and subscriber that has run, written in the subscriber's own transaction: a
 * subscriber's work and its mark commit together, so it runs exactly once per event across crashes.
 */
export const domainEventDeliveries = pgTable(
  'domain_event_deliveries',
  {
    eventsId: integer('events_id')
      .notNull()
      .references(() => domainEvents.id, { onDelete: 'cascade' }),
    subscriber: text('subscriber').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventsId, t.subscriber] })],
);
