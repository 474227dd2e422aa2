import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Sign-in attempts per account (by email, whatever the address they come from), counted in the
 * database so every server process shares them. A window starts with the first attempt; a
 * successful sign-in deletes the row.
 */
export const loginThrottles = pgTable('login_throttles', {
  email: text('email').primaryKey(),
  attempts: integer('attempts').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
});
