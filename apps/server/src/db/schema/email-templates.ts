import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { partners } from './partners.ts';

/**
 * A partner's own wording of one outbox message kind (feature 12, decision 044): a logic-less
 * mustache subject and plain-text body. No row: the default wording is used.
 */
export const emailTemplates = pgTable(
  'email_templates',
  {
    partnersId: integer('partners_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.partnersId, t.kind] }),
    check('email_templates_kind', sql`${t.kind} IN ('receipt', 'update_notice', 'invitation', 'reminder')`),
  ],
);
