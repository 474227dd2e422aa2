import type { Translations } from '@kinship/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { countries, features, partnerSettingTypes } from './reference.ts';

export const partners = pgTable(
  'partners',
  {
    id: serial('id').primaryKey(),
    subdomain: text('subdomain').notNull().unique(),
    name: text('name').notNull(),
    countriesId: integer('countries_id').references(() => countries.id),
    ein: text('ein'),
    tagline: text('tagline'),
    description: text('description'),
    supportEmail: text('support_email'),
    imageUrl: text('image_url'),
    logo: text('logo'),
    headerImage: text('header_image'),
    brandColor: text('brand_color').notNull().default('#1c7ed6'),
    website: text('website'),
    facebook: text('facebook'),
    instagram: text('instagram'),
    twitter: text('twitter'),
    sponsorProcFee: doublePrecision('sponsor_proc_fee').notNull().default(0),
    generalProcFee: doublePrecision('general_proc_fee').notNull().default(0),
    currency: text('currency').notNull().default('usd'),
    /** Other offered locales' texts of the translatable fields (decision 072); the columns hold the default's. */
    translations: jsonb('translations').$type<Translations>().notNull().default({}),
    /** The locale a visitor gets when nothing else decides (decision 070); always one of `locales`. */
    defaultLocale: text('default_locale').notNull().default('en-US'),
    /** The locales the site offers in its language switch. */
    locales: text('locales')
      .array()
      .notNull()
      .default(sql`ARRAY['en-US']::text[]`),
    demoMode: boolean('demo_mode').notNull().default(false),
    privateDemo: boolean('private_demo').notNull().default(false),
    isSupportSite: boolean('is_support_site').notNull().default(false),
    allowBanks: boolean('allow_banks').notNull().default(false),
    stripeUserId: text('stripe_user_id'),
    /** Whether the connected account can take charges, from the provider's account.updated (null: not yet told). */
    stripeChargesEnabled: boolean('stripe_charges_enabled'),
    stripeClientId: text('stripe_client_id'),
    auth0ClientId: text('auth0_client_id'),
    principalContactName: text('principal_contact_name'),
    principalContactEmail: text('principal_contact_email'),
    principalContactTitle: text('principal_contact_title'),
    accountManagerName: text('account_manager_name'),
    accountManagerEmail: text('account_manager_email'),
    landingPageTemplatesId: integer('landing_page_templates_id').notNull().default(2),
    productsId: integer('products_id'),
    applicationFeeModel: text('application_fee_model').notNull().default('tip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('partners_subdomain_format', sql`${t.subdomain} ~ '^[a-z0-9]([a-z0-9-]*[a-z0-9])?$'`),
    check('partners_fees_non_negative', sql`${t.sponsorProcFee} >= 0 AND ${t.generalProcFee} >= 0`),
  ],
);

export const partnerDomains = pgTable('partner_domains', {
  id: serial('id').primaryKey(),
  partnersId: integer('partners_id')
    .notNull()
    .references(() => partners.id, { onDelete: 'cascade' }),
  domain: text('domain').notNull().unique(),
  /**
   * Proves the partner holds the domain (decision 050): the value of its TXT record
   * `_kinship-verify.{domain}` is `kinship-verify={token}`. Made afresh for every claim.
   */
  verificationToken: text('verification_token')
    .notNull()
    .default(sql`replace(gen_random_uuid()::text, '-', '')`),
  /** Null until the TXT record is seen (or the platform administrator verifies by hand); only then does the domain resolve. */
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  /** When the verification job last looked for the record. */
  lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const partnerIntegrations = pgTable(
  'partner_integrations',
  {
    id: serial('id').primaryKey(),
    partnersId: integer('partners_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    /** 'kindful', 'stripe', or '2' for a donor-management system. */
    integrationType: text('integration_type').notNull(),
    config: text('config'),
  },
  (t) => [unique().on(t.partnersId, t.integrationType)],
);

export const partnerFeatures = pgTable(
  'partner_features',
  {
    partnersId: integer('partners_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    featuresId: integer('features_id')
      .notNull()
      .references(() => features.id),
  },
  (t) => [primaryKey({ columns: [t.partnersId, t.featuresId] })],
);

export const partnerSettings = pgTable(
  'partner_settings',
  {
    partnersId: integer('partners_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    partnerSettingTypesId: integer('partner_setting_types_id')
      .notNull()
      .references(() => partnerSettingTypes.id),
    value: text('value'),
  },
  (t) => [primaryKey({ columns: [t.partnersId, t.partnerSettingTypesId] })],
);

/** A program: the place (school, project) that sponsored records belong to. */
export const entities = pgTable(
  'entities',
  {
    id: serial('id').primaryKey(),
    partnersId: integer('partners_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    city: text('city'),
    countriesId: integer('countries_id').references(() => countries.id),
    imageUrl: text('image_url'),
    description: text('description'),
    /** Other offered locales' texts of the translatable fields (decision 072); the columns hold the default's. */
    translations: jsonb('translations').$type<Translations>().notNull().default({}),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
  },
  (t) => [
    index('entities_partner_idx').on(t.partnersId),
    unique('entities_id_partner').on(t.id, t.partnersId),
    check('entities_latitude_range', sql`${t.latitude} IS NULL OR (${t.latitude} BETWEEN -90 AND 90)`),
    check('entities_longitude_range', sql`${t.longitude} IS NULL OR (${t.longitude} BETWEEN -180 AND 180)`),
  ],
);
