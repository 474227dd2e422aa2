import { z } from 'zod';
import { translationsSchema } from '../shared/translations.ts';

/**
 * The partner's catalogue set-up, as staff edit it in the dashboard: sponsored types with their
 * plans (Types and plans) and programs (entities). The server validates with these schemas and the
 * web forms are built from them.
 */

const label = (max: number) => z.string().trim().min(1, 'Required.').max(max, `At most ${max} characters.`);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    .nullable()
    .transform((v) => (v === '' ? null : v));

export const GRID_LAYOUTS = ['column', 'deck', 'deck-cropped'] as const;

/** What a custom column holds; the record editor offers the matching input. */
export const CUSTOM_COLUMN_KINDS = ['text', 'number', 'date', 'yesno'] as const;
export type CustomColumnKind = (typeof CUSTOM_COLUMN_KINDS)[number];

export const customColumnSchema = z.object({
  name: label(40),
  kind: z.enum(CUSTOM_COLUMN_KINDS),
  /** Shown on the public profile; a private column is for staff only. */
  public: z.boolean(),
});
export type CustomColumn = z.infer<typeof customColumnSchema>;

/** The most slots a record of a type may have, and the highest monthly amount a plan may ask. */
export const MAX_TYPE_SLOTS = 1000;
export const MAX_PLAN_AMOUNT = 1_000_000;

export const typeSettingsInputSchema = z
  .object({
    customLabelSingular: label(60),
    customLabelPlural: label(60),
    customSlotName: label(30),
    description: optionalText(2000),
    /** Other offered locales' texts (decision 072); left out: the stored ones stay. */
    translations: translationsSchema.optional(),
    active: z.boolean(),
    showSlots: z.boolean(),
    visibleSlots: z.int('A whole number.').min(1, 'At least 1.').max(MAX_TYPE_SLOTS),
    maxSlots: z
      .int('A whole number.')
      .min(1, 'At least 1.')
      .max(MAX_TYPE_SLOTS, `At most ${MAX_TYPE_SLOTS}.`),
    maskProfiles: z.boolean(),
    showBirthday: z.boolean(),
    showAge: z.boolean(),
    showLastName: z.boolean(),
    gridLayout: z.enum(GRID_LAYOUTS),
    /** Filter types of the sponsored type that the listing does not offer. */
    hiddenFilterTypes: z.array(z.int().positive()).max(50),
    customColumns: z.array(customColumnSchema).max(30, 'At most 30 custom columns.'),
  })
  .superRefine((v, ctx) => {
    if (v.visibleSlots > v.maxSlots)
      ctx.addIssue({ code: 'custom', path: ['visibleSlots'], message: 'Cannot be more than the max slots.' });
    const seen = new Set<string>();
    v.customColumns.forEach((c, i) => {
      const key = c.name.trim().toLowerCase();
      if (seen.has(key))
        ctx.addIssue({
          code: 'custom',
          path: ['customColumns', i, 'name'],
          message: 'Another column has this name.',
        });
      seen.add(key);
    });
  });
export type TypeSettingsInput = z.input<typeof typeSettingsInputSchema>;

/** A plan: a monthly amount in cents and the payment intervals it may be paid by. */
export const planInputSchema = z.object({
  monthlyAmount: z
    .int('A whole number of cents.')
    .min(100, 'At least 1.00.')
    .max(MAX_PLAN_AMOUNT, `At most ${MAX_PLAN_AMOUNT / 100}.`),
  paymentIntervalsIds: z.array(z.int().positive()).min(1, 'Choose at least one payment interval.').max(20),
});
export type PlanInput = z.infer<typeof planInputSchema>;

export const typeCreateInputSchema = z.object({
  sponsoredTypesId: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)], {
    error: 'Choose a kind of record.',
  }),
  /** The listing's address: /sponsored/board/{identifier}. */
  identifier: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'Lower-case letters, digits and dashes (at most 40).'),
  settings: typeSettingsInputSchema,
  plan: planInputSchema,
});
export type TypeCreateInput = z.input<typeof typeCreateInputSchema>;

export const paymentIntervalOptionSchema = z.object({
  id: z.int(),
  name: z.string(),
  multiplier: z.number(),
});
export type PaymentIntervalOption = z.infer<typeof paymentIntervalOptionSchema>;

export const staffTypeSchema = z.object({
  id: z.int(),
  sponsoredTypesId: z.int(),
  identifier: z.string(),
  settings: z.object({
    customLabelSingular: z.string(),
    customLabelPlural: z.string(),
    customSlotName: z.string(),
    description: z.string().nullable(),
    /** Other offered locales' texts (decision 072); the fields above hold the default locale's. */
    translations: translationsSchema,
    active: z.boolean(),
    showSlots: z.boolean(),
    visibleSlots: z.int(),
    maxSlots: z.int(),
    maskProfiles: z.boolean(),
    showBirthday: z.boolean(),
    showAge: z.boolean(),
    showLastName: z.boolean(),
    gridLayout: z.enum(GRID_LAYOUTS),
    hiddenFilterTypes: z.array(z.int()),
    customColumns: z.array(customColumnSchema),
  }),
  currentPlan: z
    .object({ id: z.int(), monthlyAmount: z.int(), paymentIntervalsIds: z.array(z.int()) })
    .nullable(),
  /** The filters its sponsored type offers (the listing shows those not hidden). */
  filterTypes: z.array(z.object({ id: z.int(), label: z.string() })),
  records: z.int(),
  /** Active sponsorships (subscription lines) of its records. */
  activeSponsorships: z.int(),
});
export type StaffType = z.infer<typeof staffTypeSchema>;

export const staffTypesAnswerSchema = z.object({
  types: z.array(staffTypeSchema),
  /** The intervals a plan may offer: a zero multiplier is never offered (SPEC 3). */
  paymentIntervals: z.array(paymentIntervalOptionSchema),
});
export type StaffTypesAnswer = z.infer<typeof staffTypesAnswerSchema>;

/** A plan change: the new plan serves new sponsorships; existing ones keep their price until reset. */
export const planChangeAnswerSchema = z.object({
  type: staffTypeSchema,
  /** Active sponsorships that keep the price they were started at (each sponsor is offered the reset). */
  keptSponsorships: z.int(),
});
export type PlanChangeAnswer = z.infer<typeof planChangeAnswerSchema>;

export function keptPriceMessage(count: number): string {
  if (count === 0) return 'No existing sponsorship is affected: the new price applies to new sponsorships.';
  return `${count} existing ${count === 1 ? 'sponsorship keeps its' : 'sponsorships keep their'} price. Their sponsors are offered the new price (price reset) on their subscription page; nothing changes for them until they accept.`;
}

// ------------------------------------------------------------------ programs

export const programInputSchema = z
  .object({
    name: label(120),
    city: optionalText(120),
    countriesId: z.int().positive().nullable(),
    /** HTML; the server keeps only safe markup. */
    description: optionalText(20_000),
    /** Other offered locales' texts (decision 072); left out: the stored ones stay. */
    translations: translationsSchema.optional(),
    latitude: z.number().min(-90, 'Between -90 and 90.').max(90, 'Between -90 and 90.').nullable(),
    longitude: z.number().min(-180, 'Between -180 and 180.').max(180, 'Between -180 and 180.').nullable(),
  })
  .superRefine((v, ctx) => {
    if ((v.latitude === null) !== (v.longitude === null))
      ctx.addIssue({
        code: 'custom',
        path: [v.latitude === null ? 'latitude' : 'longitude'],
        message: 'Give both coordinates or neither.',
      });
  });
export type ProgramInput = z.input<typeof programInputSchema>;

export const staffProgramSchema = z.object({
  id: z.int(),
  name: z.string(),
  city: z.string().nullable(),
  countriesId: z.int().nullable(),
  description: z.string().nullable(),
  /** Other offered locales' texts (decision 072); the fields above hold the default locale's. */
  translations: translationsSchema,
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  imageUrl: z.string().nullable(),
  records: z.int(),
  sponsors: z.int(),
});
export type StaffProgram = z.infer<typeof staffProgramSchema>;

export const staffProgramsAnswerSchema = z.object({
  programs: z.array(staffProgramSchema),
  countries: z.array(z.object({ id: z.int(), name: z.string() })),
  /** Whether the viewer may create programs (partner-wide access). */
  canCreate: z.boolean(),
});
export type StaffProgramsAnswer = z.infer<typeof staffProgramsAnswerSchema>;
