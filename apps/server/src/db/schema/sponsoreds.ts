import type { Translations } from '@kinship/domain';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { entities, partners } from './partners.ts';
import { grades, paymentIntervals, sponsoredTypes } from './reference.ts';

export const partnerSponsoredTypes = pgTable(
  'partner_sponsored_types',
  {
    id: serial('id').primaryKey(),
    partnersId: integer('partners_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    sponsoredTypesId: integer('sponsored_types_id')
      .notNull()
      .references(() => sponsoredTypes.id),
    /** URL segment of the listing: /sponsored/board/{identifier}. */
    identifier: text('identifier').notNull(),
    customLabelSingular: text('custom_label_singular').notNull(),
    customLabelPlural: text('custom_label_plural').notNull(),
    customSlotName: text('custom_slot_name').notNull().default('Slot'),
    description: text('description'),
    /** Other offered locales' texts of the translatable fields (decision 072); the columns hold the default's. */
    translations: jsonb('translations').$type<Translations>().notNull().default({}),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    showSlots: boolean('show_slots').notNull().default(true),
    visibleSlots: integer('visible_slots').notNull().default(1),
    maxSlots: integer('max_slots').notNull().default(1),
    maskProfiles: boolean('mask_profiles').notNull().default(false),
    showBirthday: boolean('show_birthday').notNull().default(false),
    showAge: boolean('show_age').notNull().default(true),
    showLastName: boolean('show_last_name').notNull().default(false),
    gridLayout: text('grid_layout').notNull().default('column'),
    customColumns: jsonb('custom_columns').$type<string[]>().notNull().default([]),
    /** Per custom column name: what it holds and whether the public profile shows it (absent: text, public). */
    customColumnSettings: jsonb('custom_column_settings')
      .$type<Record<string, { kind: 'text' | 'number' | 'date' | 'yesno'; public: boolean }>>()
      .notNull()
      .default({}),
    /** Filter types of the sponsored type that this listing does not offer. */
    hiddenFilterTypes: jsonb('hidden_filter_types').$type<number[]>().notNull().default([]),
  },
  (t) => [
    unique('partner_sponsored_types_identifier').on(t.partnersId, t.identifier),
    unique('partner_sponsored_types_id_partner').on(t.id, t.partnersId),
    check('pst_grid_layout', sql`${t.gridLayout} IN ('column', 'deck', 'deck-cropped')`),
    check('pst_slots_positive', sql`${t.visibleSlots} >= 1 AND ${t.maxSlots} >= 1`),
  ],
);

/** A price plan of a sponsored type; the one marked current is what checkout charges. */
export const sponsoredTypePlans = pgTable(
  'sponsored_type_plans',
  {
    id: serial('id').primaryKey(),
    partnerSponsoredTypesId: integer('partner_sponsored_types_id')
      .notNull()
      .references(() => partnerSponsoredTypes.id, { onDelete: 'cascade' }),
    monthlyAmount: integer('monthly_amount').notNull(),
    current: boolean('current').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('plans_amount_positive', sql`${t.monthlyAmount} > 0`),
    index('plans_type_idx').on(t.partnerSponsoredTypesId),
  ],
);

export const sponsoredTypePlanIntervals = pgTable(
  'sponsored_type_plan_intervals',
  {
    id: serial('id').primaryKey(),
    sponsoredTypePlansId: integer('sponsored_type_plans_id')
      .notNull()
      .references(() => sponsoredTypePlans.id, { onDelete: 'cascade' }),
    paymentIntervalsId: integer('payment_intervals_id')
      .notNull()
      .references(() => paymentIntervals.id),
  },
  (t) => [unique().on(t.sponsoredTypePlansId, t.paymentIntervalsId)],
);

/** Filters offered on the listing of a sponsored type (global per sponsored type id). */
export const filterTypes = pgTable('filter_types', {
  id: serial('id').primaryKey(),
  sponsoredTypesId: integer('sponsored_types_id')
    .notNull()
    .references(() => sponsoredTypes.id),
  label: text('label').notNull(),
  /** 'dynamic' (the partner's entities) or 'static' (options below or derived from the kind). */
  type: text('type').notNull(),
  /** The query key the listing sends: ageBand, gender, gradesId, birthMonth, entitiesId. */
  filterField: text('filter_field').notNull(),
  filterOptionKind: integer('filter_option_kind').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const filterOptions = pgTable('filter_options', {
  id: serial('id').primaryKey(),
  filterTypesId: integer('filter_types_id')
    .notNull()
    .references(() => filterTypes.id, { onDelete: 'cascade' }),
  value: text('value').notNull(),
  label: text('label').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** The listing's fixed conditions, spelled as the listing query spells them. */
const openListing = (t: {
  status: AnyPgColumn;
  active: AnyPgColumn;
  slotsFilled: AnyPgColumn;
  maxSlots: AnyPgColumn;
}) => sql`${t.status} = 'active' AND ${t.active} = true AND ${t.slotsFilled} < ${t.maxSlots}`;

export const sponsoreds = pgTable(
  'sponsoreds',
  {
    id: serial('id').primaryKey(),
    partnersId: integer('partners_id').notNull(),
    partnerSponsoredTypesId: integer('partner_sponsored_types_id').notNull(),
    sponsoredTypesId: integer('sponsored_types_id')
      .notNull()
      .references(() => sponsoredTypes.id),
    entitiesId: integer('entities_id').notNull(),
    code: text('code').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    gender: text('gender'),
    birthday: date('birthday'),
    title: text('title'),
    bio: text('bio'),
    /** Other offered locales' texts of the translatable fields (decision 072); the columns hold the default's. */
    translations: jsonb('translations').$type<Translations>().notNull().default({}),
    gradesId: integer('grades_id').references(() => grades.id),
    homeroom: text('homeroom'),
    /** Overrides the type's current plan when set (cents per month). */
    monthlyAmount: integer('monthly_amount'),
    maxSlots: integer('max_slots').notNull().default(1),
    /** Kept in step with active sponsorships in the same transaction; the check below is the last line. */
    slotsFilled: integer('slots_filled').notNull().default(0),
    /**
     * Active sponsorships and pictures of the record, kept by statement triggers on
     * user_sponsoreds and sponsored_images (migration records-kept-counts), so the Records table
     * sorts and filters on them from the record's own row (docs/performance.md).
     */
    sponsorsCount: integer('sponsors_count').notNull().default(0),
    picturesCount: integer('pictures_count').notNull().default(0),
    /**
     * The Records table's sort keys for monthly amount and program, kept by triggers (migration
     * records-sort-keys): the amount the record is offered at (its own, else its type's current
     * plan, else 0) and its program's name. Written only by those triggers; read only to sort.
     */
    sortMonthlyAmount: integer('sort_monthly_amount').notNull().default(0),
    sortProgram: text('sort_program').notNull().default(''),
    status: text('status').notNull().default('active'),
    active: boolean('active').notNull().default(true),
    masked: boolean('masked').notNull().default(false),
    showBirthday: boolean('show_birthday'),
    showAge: boolean('show_age'),
    showLastName: boolean('show_last_name'),
    profileImagePath: text('profile_image_path'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('sponsoreds_code_per_partner').on(t.partnersId, t.code),
    foreignKey({ columns: [t.partnersId], foreignColumns: [partners.id] }).onDelete('cascade'),
    // Composite keys keep a record's type and program inside its own partner.
    foreignKey({
      columns: [t.partnerSponsoredTypesId, t.partnersId],
      foreignColumns: [partnerSponsoredTypes.id, partnerSponsoredTypes.partnersId],
    }),
    foreignKey({ columns: [t.entitiesId, t.partnersId], foreignColumns: [entities.id, entities.partnersId] }),
    check('sponsoreds_slots_within_max', sql`${t.slotsFilled} >= 0 AND ${t.slotsFilled} <= ${t.maxSlots}`),
    check('sponsoreds_max_slots_positive', sql`${t.maxSlots} >= 1`),
    check('sponsoreds_status', sql`${t.status} IN ('active', 'reserved', 'inactive', 'archived')`),
    check('sponsoreds_gender', sql`${t.gender} IS NULL OR ${t.gender} IN ('Male', 'Female')`),
    check('sponsoreds_amount_positive', sql`${t.monthlyAmount} IS NULL OR ${t.monthlyAmount} > 0`),
    index('sponsoreds_listing_idx').on(t.partnersId, t.partnerSponsoredTypesId, t.status, t.id),
    index('sponsoreds_entity_idx').on(t.entitiesId),
    // The public listing's fixed conditions (status active, not fully sponsored) as partial indexes
    // (docs/performance.md): its page ids and its count are index-only scans of one of these.
    index('sponsoreds_open_idx')
      .on(
        t.partnersId,
        t.partnerSponsoredTypesId,
        t.id,
        t.entitiesId,
        t.gender,
        t.gradesId,
        t.birthday,
        t.masked,
        t.showBirthday,
        t.showAge,
      )
      .where(openListing(t)),
    index('sponsoreds_open_month_idx')
      .on(
        t.partnersId,
        t.partnerSponsoredTypesId,
        sql`extract(month from ${t.birthday})`,
        t.id,
        t.masked,
        t.showBirthday,
      )
      .where(openListing(t)),
    index('sponsoreds_open_birthday_idx')
      .on(t.partnersId, t.partnerSponsoredTypesId, t.birthday, t.id, t.showAge)
      .where(openListing(t)),
    // The staff Records table (modules/records listRecords): each common sort reads its index in
    // order and stops after the page; the program index also serves the program filter and a
    // program-scoped viewer's condition; search is a trigram match on the searched words.
    ...[
      t.code,
      t.firstName,
      t.lastName,
      t.title,
      t.birthday,
      t.gradesId,
      t.slotsFilled,
      t.entitiesId,
      t.sponsorsCount,
      t.picturesCount,
      t.sortMonthlyAmount,
      t.sortProgram,
    ].map((column) =>
      index(`sponsoreds_records_${column.name}_idx`).on(
        t.partnersId,
        t.partnerSponsoredTypesId,
        column,
        t.id,
      ),
    ),
    // The pictures filter ("has pictures") in the table's default order (code), deep pages included.
    index('sponsoreds_records_with_pictures_idx')
      .on(t.partnersId, t.partnerSponsoredTypesId, t.code, t.id)
      .where(sql`${t.picturesCount} > 0`),
    index('sponsoreds_search_trgm_idx').using(
      'gin',
      sql`(coalesce(${t.code}, '') || chr(31) || coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, '') || chr(31) || coalesce(${t.title}, '')) gin_trgm_ops`,
    ),
  ],
);

/** Fun facts shown on the profile. */
export const sponsoredAttributes = pgTable(
  'sponsored_attributes',
  {
    id: serial('id').primaryKey(),
    sponsoredsId: integer('sponsoreds_id')
      .notNull()
      .references(() => sponsoreds.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    value: text('value').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('sponsored_attributes_sponsored_idx').on(t.sponsoredsId)],
);

export const customColumnValues = pgTable(
  'custom_column_values',
  {
    id: serial('id').primaryKey(),
    sponsoredsId: integer('sponsoreds_id')
      .notNull()
      .references(() => sponsoreds.id, { onDelete: 'cascade' }),
    column: text('column_name').notNull(),
    value: text('value'),
  },
  (t) => [unique().on(t.sponsoredsId, t.column)],
);

export const sponsoredImages = pgTable(
  'sponsored_images',
  {
    id: serial('id').primaryKey(),
    sponsoredsId: integer('sponsoreds_id')
      .notNull()
      .references(() => sponsoreds.id, { onDelete: 'cascade' }),
    imagePath: text('image_path').notNull(),
    description: text('description'),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sponsored_images_sponsored_idx').on(t.sponsoredsId)],
);
