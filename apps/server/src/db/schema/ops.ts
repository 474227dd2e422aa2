import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { partners } from './partners.ts';
import { users } from './users.ts';

/** What an outbox message is; the dispatcher composes each kind by its own composer. */
export const OUTBOX_KINDS = [
  'receipt',
  'update_notice',
  'invitation',
  'reminder',
  'webhook_delivery',
  'sponsorship_notice',
  'gift',
  'letter_notice',
] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

/** Mail written in the same transaction as the business row; the worker sends each once. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: serial('id').primaryKey(),
    partnersId: integer('partners_id').references(() => partners.id),
    /** Every message queued before kinds existed was a receipt: the default only serves those rows. */
    kind: text('kind').$type<OutboxKind>().notNull().default('receipt'),
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
    check(
      'email_outbox_kind',
      sql`${t.kind} IN ('receipt', 'update_notice', 'invitation', 'reminder', 'webhook_delivery', 'sponsorship_notice', 'gift', 'letter_notice')`,
    ),
  ],
);

/** One changed field of an audited write: its value before and after (secrets never stored). */
export type AuditChanges = Record<string, { before: unknown; after: unknown }>;

/**
 * The audit trail (platform/audit.ts writes it, in the transaction of the write it records): who
 * (person and their roles at the partner, or the auth user before a person record exists), which
 * partner, the action, the entity, what changed, when, and the request's id and client address.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    partnersId: integer('partners_id').references(() => partners.id),
    usersId: integer('users_id').references(() => users.id),
    /** The signed-in login (better-auth user id); set even before the person record exists. */
    authUserId: text('auth_user_id'),
    /** The actor's role ids at the partner when the write happened. */
    roles: jsonb('roles').$type<number[]>().notNull().default([]),
    /** 'person' (a signed-in user), 'visitor' (anonymous), 'gateway' (a provider event), 'system' (a job). */
    actorKind: text('actor_kind').notNull().default('person'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    changes: jsonb('changes').$type<AuditChanges>().notNull().default({}),
    details: jsonb('details').$type<Record<string, unknown>>(),
    requestId: text('request_id'),
    clientAddress: text('client_address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_partner_idx').on(t.partnersId, t.createdAt),
    index('audit_log_entity_idx').on(t.entityType, t.entityId),
    check('audit_log_actor_kind', sql`${t.actorKind} IN ('person', 'visitor', 'gateway', 'system')`),
  ],
);

/**
 * Progress of a tracked job (an import, an export) for the partner's staff: written by the worker,
 * read by GET /api/jobs/{id}/progress. The id is pg-boss's job id. `action` and `program_scope` are
 * what starting it took (the action, and the starter's programs, null for all): only a viewer who
 * could have started it reads it (decision 052).
 */
export const jobProgress = pgTable(
  'job_progress',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    partnersId: integer('partners_id')
      .notNull()
      .references(() => partners.id),
    usersId: integer('users_id').references(() => users.id),
    action: text('action'),
    programScope: jsonb('program_scope').$type<number[] | null>(),
    state: text('state').notNull().default('queued'),
    done: integer('done').notNull().default(0),
    total: integer('total'),
    message: text('message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('job_progress_partner_idx').on(t.partnersId, t.createdAt),
    check('job_progress_state', sql`${t.state} IN ('queued', 'running', 'retrying', 'completed', 'failed')`),
  ],
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
