import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Sign-in attempts per account (email) and client address pair, counted in the database so every
 * server process shares them (decision 015). A window starts with the pair's first attempt; a
 * successful sign-in deletes the pair's row; expired rows are pruned by the maintenance.prune job.
 * (It replaces login_throttles, which counted per account whatever the address.)
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    email: text('email').notNull(),
    /** The client address as Fastify sees it (X-Forwarded-For only behind TRUST_PROXY). */
    address: text('address').notNull(),
    attempts: integer('attempts').notNull().default(0),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.email, t.address] }),
    index('login_attempts_window_started_at_idx').on(t.windowStartedAt),
  ],
);

/** When the owner of an account was last told by mail of repeated failed sign-ins (once per window). */
export const loginAlerts = pgTable('login_alerts', {
  email: text('email').primaryKey(),
  alertedAt: timestamp('alerted_at', { withTimezone: true }).notNull().defaultNow(),
});
