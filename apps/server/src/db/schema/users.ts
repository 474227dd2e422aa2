import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { authUser } from './auth.ts';
import { entities, partners } from './partners.ts';
import { roles } from './reference.ts';
import { sponsoreds } from './sponsoreds.ts';

/** The person record of the spec (User); created by the new-user form after first login. */
export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  authUserId: text('auth_user_id')
    .unique()
    .references(() => authUser.id, { onDelete: 'set null' }),
  firstName: text('first_name'),
  lastName: text('last_name'),
  email: text('email'),
  address1: text('address1'),
  address2: text('address2'),
  city: text('city'),
  state: text('state'),
  zip: text('zip'),
  phone: text('phone'),
  tempAccount: boolean('temp_account').notNull().default(false),
  /** The person's saved language (decision 070); null: the site's choice. Mail to them uses it. */
  locale: text('locale'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Set when the person deleted their account: personal fields are erased, giving records stay. */
  erasedAt: timestamp('erased_at', { withTimezone: true }),
});

export const partnerUsers = pgTable(
  'partner_users',
  {
    id: serial('id').primaryKey(),
    partnersId: integer('partners_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    usersId: integer('users_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [unique().on(t.partnersId, t.usersId), index('partner_users_user_idx').on(t.usersId)],
);

export const partnerUserRoles = pgTable(
  'partner_user_roles',
  {
    partnerUsersId: integer('partner_users_id')
      .notNull()
      .references(() => partnerUsers.id, { onDelete: 'cascade' }),
    rolesId: integer('roles_id')
      .notNull()
      .references(() => roles.id),
  },
  (t) => [primaryKey({ columns: [t.partnerUsersId, t.rolesId] })],
);

/** Program scopes: a partner user with none has partner-wide scope. */
export const partnerUserEntities = pgTable(
  'partner_user_entities',
  {
    partnerUsersId: integer('partner_users_id')
      .notNull()
      .references(() => partnerUsers.id, { onDelete: 'cascade' }),
    entitiesId: integer('entities_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.partnerUsersId, t.entitiesId] })],
);

/** A sponsorship (userSponsored). Active while dateEnded is empty. */
export const userSponsoreds = pgTable(
  'user_sponsoreds',
  {
    id: serial('id').primaryKey(),
    partnersId: integer('partners_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    usersId: integer('users_id')
      .notNull()
      .references(() => users.id),
    sponsoredsId: integer('sponsoreds_id')
      .notNull()
      .references(() => sponsoreds.id),
    numSlots: integer('num_slots').notNull().default(1),
    /** Cents per interval charged for this line. */
    amount: integer('amount').notNull().default(0),
    interval: text('interval'),
    subscriptionsId: integer('subscriptions_id'),
    isManual: boolean('is_manual').notNull().default(false),
    dateStarted: timestamp('date_started', { withTimezone: true }).notNull().defaultNow(),
    dateEnded: timestamp('date_ended', { withTimezone: true }),
    /** Why staff ended it (or moved it to another record); null when it ended with its subscription. */
    endReason: text('end_reason'),
    /**
     * A manual sponsorship's link code (decision 039): the sponsor types it at /link to attach the
     * sponsorship to their own account. Unguessable, without ambiguous characters; used once.
     */
    linkCode: text('link_code').unique(),
    linkedAt: timestamp('linked_at', { withTimezone: true }),
  },
  (t) => [
    check('user_sponsoreds_slots_positive', sql`${t.numSlots} >= 1`),
    check('user_sponsoreds_interval', sql`${t.interval} IS NULL OR ${t.interval} IN ('month', 'year')`),
    uniqueIndex('user_sponsoreds_one_active')
      .on(t.usersId, t.sponsoredsId)
      .where(sql`${t.dateEnded} IS NULL`),
    index('user_sponsoreds_sponsored_idx').on(t.sponsoredsId),
    index('user_sponsoreds_user_idx').on(t.usersId, t.partnersId),
  ],
);

/**
 * An invitation to join a partner's staff (decision 045): the link carries the row id, a random
 * nonce and an HMAC over them (keyed by AUTH_SECRET); the row keeps only the nonce's SHA-256, so a
 * resend (new nonce, new expiry) voids the earlier link, and accepting it once marks it used.
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: serial('id').primaryKey(),
    partnersId: integer('partners_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    roles: jsonb('roles').$type<number[]>().notNull().default([]),
    entityIds: jsonb('entity_ids').$type<number[]>().notNull().default([]),
    nonceHash: text('nonce_hash').notNull(),
    /** pending until accepted or revoked; an expired one is pending with expires_at passed. */
    status: text('status').notNull().default('pending'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    acceptedBy: integer('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('staff_invitations_partner_idx').on(t.partnersId, t.createdAt),
    check('staff_invitations_status', sql`${t.status} IN ('pending', 'accepted', 'revoked')`),
  ],
);
