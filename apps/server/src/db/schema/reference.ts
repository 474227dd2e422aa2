import type { Translations } from '@kinship/domain';
import { doublePrecision, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';

/** Reference tables: rows come from the domain constants and are written at migrate time. */
export const countries = pgTable('countries', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description'),
  /** Country descriptions in other locales (decision 072), written with the reference data. */
  translations: jsonb('translations').$type<Translations>().notNull().default({}),
  imageUrl: text('image_url'),
});

export const grades = pgTable('grades', {
  id: integer('id').primaryKey(),
  description: text('description').notNull(),
});

export const sponsoredTypes = pgTable('sponsored_types', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

export const roles = pgTable('roles', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

export const features = pgTable('features', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

export const partnerSettingTypes = pgTable('partner_setting_types', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

export const paymentIntervals = pgTable('payment_intervals', {
  id: integer('id').primaryKey(),
  /** 'month' or 'year' as used by the checkout path; other intervals may exist with multiplier 0. */
  name: text('name').notNull().unique(),
  multiplier: doublePrecision('multiplier').notNull(),
});
