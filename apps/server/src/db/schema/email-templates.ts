import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { partners } from './partners.ts';

/**
 * A partner's own wording of one outbox message kind (feature 12, decision 044): a logic-less
 * mustache subject and plain-text body, one per offered locale. No row for the recipient's locale:
 * the partner's default locale's, else the built-in wording in the recipient's language (decision 073).
 */
export const emailTemplates = pgTable(
  'email_templates',
  {
    partnersId: integer('partners_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** The language of this wording (decision 073): one version per offered locale. */
    locale: text('locale').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.partnersId, t.kind, t.locale] }),
    check(
      'email_templates_kind',
      sql`${t.kind} IN ('receipt', 'update_notice', 'invitation', 'reminder', 'letter_notice')`,
    ),
  ],
);
