import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { partners } from './partners.ts';
import { users } from './users.ts';

/** Mail written in the same transaction as the business row; the worker sends each once. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: serial('id').primaryKey(),
    partnersId: integer('partners_id').references(() => partners.id),
    /** Unique per logical message (e.g. receipt:payment:42) so a retry never sends twice. */
    dedupeKey: text('dedupe_key').notNull().unique(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    bodyText: text('body_text').notNull(),
    bodyHtml: text('body_html'),
    attachments: jsonb('attachments').$type<{ filename: string; path: string }[]>().notNull().default([]),
    /** pending -> sending (claimed under a lease) -> sent; back to pending with a later attempt on failure; failed after the last attempt. */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** A pending message is not tried before this time (retry backoff). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A 'sending' message whose lease has passed was claimed by a worker that died: it is tried again. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    messageId: text('message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('email_outbox_pending_idx').on(t.status, t.createdAt),
    index('email_outbox_due_idx').on(t.status, t.nextAttemptAt),
    check('email_outbox_status', sql`${t.status} IN ('pending', 'sending', 'sent', 'failed')`),
  ],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    partnersId: integer('partners_id').references(() => partners.id),
    usersId: integer('users_id').references(() => users.id),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_partner_idx').on(t.partnersId, t.createdAt)],
);

/** Gateway events already handled, by event id, so a redelivery is a no-op. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    /** What the event is about (a subscription or account id): later events of it win over earlier ones. */
    subjectId: text('subject_id'),
    /** When the provider created the event (its order), not when it arrived. */
    eventCreatedAt: timestamp('event_created_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [index('webhook_events_subject_idx').on(t.subjectId, t.eventCreatedAt)],
);
