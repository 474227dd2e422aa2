import { z } from 'zod';
import { isPersonType } from '../shared/ids.ts';
import { translationsSchema } from '../shared/translations.ts';

// The dashboard's Records section (issue 12 items 1, 2; decision 029): the list's query, a row, one
// record in full and what the editor sends. The server validates with these, the web app builds
// its table and form from them.

export const RECORD_STATUSES = ['active', 'reserved', 'inactive', 'archived'] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];

/**
 * Which status may follow which (decision 029). Archived is the end of a record's life on the
 * site: it can come back only to inactive, so that making it public again is a second, deliberate
 * step. Every other status may move to any other.
 */
export const RECORD_TRANSITIONS: Readonly<Record<RecordStatus, readonly RecordStatus[]>> = {
  active: ['reserved', 'inactive', 'archived'],
  reserved: ['active', 'inactive', 'archived'],
  inactive: ['active', 'reserved', 'archived'],
  archived: ['inactive'],
};

export function canMoveRecord(from: RecordStatus, to: RecordStatus): boolean {
  return from === to || RECORD_TRANSITIONS[from].includes(to);
}

export const RECORD_SORTS = [
  'code',
  'firstName',
  'lastName',
  'title',
  'grade',
  'homeroom',
  'birthday',
  'status',
  'program',
  'slotsFilled',
  'monthlyAmount',
  'sponsors',
  'createdAt',
] as const;
export type RecordSort = (typeof RECORD_SORTS)[number];

const flag = z.enum(['true', 'false']).transform((v) => v === 'true');
const id = z.coerce.number().int().positive().max(2_147_483_647);

export const recordListQuerySchema = z.object({
  partnersId: z.string().optional(),
  /** The partner sponsored type whose records are listed (one table per type). */
  type: id,
  q: z.string().trim().max(200).optional(),
  status: z.enum(RECORD_STATUSES).optional(),
  entitiesId: id.optional(),
  gradesId: id.optional(),
  gender: z.enum(['Male', 'Female']).optional(),
  /** true: at least one slot filled; false: waiting for a sponsor (no slot filled). */
  sponsored: flag.optional(),
  hasPictures: flag.optional(),
  sort: z.enum(RECORD_SORTS).default('code'),
  order: z.enum(['asc', 'desc']).default('asc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(25),
});
export type RecordListQuery = z.infer<typeof recordListQuerySchema>;

export const recordRowSchema = z.object({
  id: z.number(),
  code: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  title: z.string().nullable(),
  gradesId: z.number().nullable(),
  grade: z.string().nullable(),
  homeroom: z.string().nullable(),
  birthday: z.string().nullable(),
  age: z.number().nullable(),
  gender: z.string().nullable(),
  status: z.enum(RECORD_STATUSES),
  entitiesId: z.number(),
  program: z.string(),
  slotsFilled: z.number(),
  maxSlots: z.number(),
  monthlyAmount: z.number(),
  sponsors: z.number(),
  pictures: z.number(),
  masked: z.boolean(),
  customColumnValues: z.record(z.string(), z.string().nullable()),
});
export type RecordRow = z.infer<typeof recordRowSchema>;

export const funFactSchema = z.object({
  description: z.string().trim().min(1, 'Give the fun fact a label.').max(200),
  value: z.string().trim().min(1, 'Give the fun fact a value.').max(1000),
});
export type FunFact = z.infer<typeof funFactSchema>;

/**
 * The limits of a sponsored record (decision 061): the editor and the records import hold the same
 * ones, with the same messages, so whatever one of them wrote the other accepts.
 */
export const RECORD_LIMITS = {
  code: 64,
  name: 100,
  title: 200,
  homeroom: 100,
  /** Characters of the stored HTML. */
  bio: 20_000,
  customValue: 1_000,
  funFacts: 50,
  maxSlots: 10_000,
  /** Cents per month (1,000,000.00). */
  monthlyAmount: 100_000_000,
} as const;

const grouped = (n: number) => n.toLocaleString('en-US');
/** The message of a text over its limit, in the words the editor and the import both show. */
export const tooLongMessage = (label: string, max: number) =>
  `${label} is longer than ${grouped(max)} characters.`;
export const notAllowedCharacterMessage = (label: string) =>
  `${label} contains a character that is not allowed.`;
export const MAX_SLOTS_MESSAGE = `Max Slots must be a whole number from 1 to ${grouped(RECORD_LIMITS.maxSlots)}.`;
export const MONTHLY_AMOUNT_POSITIVE_MESSAGE = 'Monthly Amount must be more than zero.';
export const MONTHLY_AMOUNT_TOO_LARGE_MESSAGE = `Monthly Amount must be at most ${(
  RECORD_LIMITS.monthlyAmount / 100
).toLocaleString('en-US', { minimumFractionDigits: 2 })}.`;

/** Control characters but tab and line breaks (NUL and friends): no field of a record holds them. */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const noControl = (label: string) =>
  [
    (v: string) => !CONTROL_CHARACTERS.test(v),
    { message: notAllowedCharacterMessage(label), abort: true },
  ] as const;

/** One line of text, trimmed, at most `max` characters; empty is null. */
const lineText = (label: string, max: number) =>
  z
    .string()
    .refine(...noControl(label))
    .trim()
    .max(max, { message: tooLongMessage(label, max), abort: true })
    .refine((v) => !/[\r\n]/.test(v), { message: `${label} must be on one line.`, abort: true })
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v));

const todayUtc = () => new Date().toISOString().slice(0, 10);

/** A birthday: a calendar day from 1900 to `today` (UTC today unless the caller says). */
export const birthdaySchema = (today: () => string = todayUtc) =>
  z.iso
    .date('Give the birthday as YYYY-MM-DD.')
    .refine((v) => v >= '1900-01-01', { message: 'Birthday cannot be before 1900.', abort: true })
    .refine((v) => v <= today(), { message: 'Birthday cannot be in the future.', abort: true });

/** A custom column's value, at most RECORD_LIMITS.customValue characters; its message names the column. */
export const customValueSchema = (column: string) =>
  z
    .string()
    .refine(...noControl(column))
    .trim()
    .max(RECORD_LIMITS.customValue, {
      message: tooLongMessage(column, RECORD_LIMITS.customValue),
      abort: true,
    })
    .nullable();

/**
 * The rules of each field of a sponsored record: the editor's schema is made of them, and the
 * import checks each value it read from a cell with the same one (decision 061).
 */
export const recordFieldSchemas = {
  code: z
    .string()
    .refine(...noControl('Code'))
    .trim()
    .min(1, { message: 'Give the record a code.', abort: true })
    .max(RECORD_LIMITS.code, { message: tooLongMessage('Code', RECORD_LIMITS.code), abort: true })
    .regex(/^\S+$/, { message: 'Code cannot contain spaces.', abort: true }),
  firstName: lineText('First Name', RECORD_LIMITS.name),
  lastName: lineText('Last Name', RECORD_LIMITS.name),
  title: lineText('Title', RECORD_LIMITS.title),
  homeroom: lineText('Homeroom', RECORD_LIMITS.homeroom),
  gender: z.enum(['Male', 'Female'], 'Gender must be Male or Female.').nullable().optional(),
  birthday: birthdaySchema().nullable().optional(),
  /**
   * A grade id: whether it exists is the server's check (after the access check), with this same
   * message; an import reads only grades that exist. Grade 0 (Unknown) is one.
   */
  gradesId: z.coerce
    .number()
    .int('This grade does not exist.')
    .min(0, 'This grade does not exist.')
    .max(2_147_483_647, 'This grade does not exist.')
    .nullable()
    .optional(),
  /** Sanitised HTML (the server keeps only the tags and attributes of decision 029); imported text is converted. */
  bio: z
    .string()
    .refine(...noControl('Bio'))
    .max(RECORD_LIMITS.bio, { message: tooLongMessage('Bio', RECORD_LIMITS.bio), abort: true })
    .nullable()
    .optional(),
  status: z.enum(RECORD_STATUSES, 'Status must be active, reserved, inactive or archived.').optional(),
  /** Cents per month; null: the type's current plan. */
  monthlyAmount: z
    .int('Monthly Amount must be a whole number of cents.')
    .positive({ message: MONTHLY_AMOUNT_POSITIVE_MESSAGE, abort: true })
    .max(RECORD_LIMITS.monthlyAmount, { message: MONTHLY_AMOUNT_TOO_LARGE_MESSAGE, abort: true })
    .nullable()
    .optional(),
  maxSlots: z
    .int(MAX_SLOTS_MESSAGE)
    .min(1, { message: MAX_SLOTS_MESSAGE, abort: true })
    .max(RECORD_LIMITS.maxSlots, { message: MAX_SLOTS_MESSAGE, abort: true })
    .optional(),
  masked: z.boolean().optional(),
  showBirthday: z.boolean().nullable().optional(),
  showAge: z.boolean().nullable().optional(),
  showLastName: z.boolean().nullable().optional(),
  customColumnValues: z
    .record(z.string(), z.string().nullable())
    .superRefine((values, ctx) => {
      for (const [column, value] of Object.entries(values)) {
        const checked = customValueSchema(column).safeParse(value);
        if (!checked.success)
          ctx.addIssue({ code: 'custom', path: [column], message: checked.error.issues[0]!.message });
      }
    })
    .transform((values) =>
      Object.fromEntries(
        Object.entries(values).map(([column, value]) => [column, value === null ? null : value.trim()]),
      ),
    )
    .optional(),
};

/**
 * The one field a record must hold, by its sponsored type (decision 067): a person's first name,
 * a class's or an initiative's title. The editor refuses a write that leaves it empty and the
 * import requires its column and cell, both with `requiredMessage`.
 */
export type RequiredRecordField = 'firstName' | 'title';
export const REQUIRED_FIELD_LABELS: Readonly<Record<RequiredRecordField, string>> = {
  firstName: 'First Name',
  title: 'Title',
};
export const requiredMessage = (label: string) => `${label} is required.`;

export function requiredRecordField(sponsoredTypesId: number): RequiredRecordField {
  return isPersonType(sponsoredTypesId) ? 'firstName' : 'title';
}

/**
 * The required field a record of this type would lack once written, with its message; null when
 * it has it. `record` is the record as it will be stored (names already trimmed, empty as null).
 */
export function missingRequiredField(
  sponsoredTypesId: number,
  record: { firstName?: string | null | undefined; title?: string | null | undefined },
): { field: RequiredRecordField; message: string } | null {
  const field = requiredRecordField(sponsoredTypesId);
  const value = record[field];
  if (value !== null && value !== undefined && value.trim() !== '') return null;
  return { field, message: requiredMessage(REQUIRED_FIELD_LABELS[field]) };
}

/** What the editor sends to create a record, or (every field optional) to change one. */
export const recordInputSchema = z.object({
  partnerSponsoredTypesId: id,
  entitiesId: id,
  ...recordFieldSchemas,
  funFacts: z.array(funFactSchema).max(RECORD_LIMITS.funFacts).optional(),
  /** The bio in other offered locales (decision 072), sanitised as the bio; left out: the stored ones stay. */
  translations: translationsSchema.optional(),
});
export type RecordInput = z.input<typeof recordInputSchema>;
export const recordUpdateSchema = recordInputSchema.partial().extend({
  /** Archiving a sponsored record needs this: the first call answers 409 with what will happen. */
  confirm: z.boolean().optional(),
});
export type RecordUpdate = z.input<typeof recordUpdateSchema>;

export const recordDetailSchema = recordRowSchema.extend({
  partnerSponsoredTypesId: z.number(),
  sponsoredTypesId: z.number(),
  bio: z.string().nullable(),
  /** The bio in other offered locales (decision 072). */
  translations: translationsSchema,
  showBirthday: z.boolean().nullable(),
  showAge: z.boolean().nullable(),
  showLastName: z.boolean().nullable(),
  monthlyAmountOverride: z.number().nullable(),
  funFacts: z.array(funFactSchema.extend({ id: z.number() })),
});
export type RecordDetail = z.infer<typeof recordDetailSchema>;

/** What archiving a record will do, answered before it is done (409 archive_needs_confirmation). */
export const archiveConsequencesSchema = z.object({
  activeSponsorships: z.number(),
  sponsorsNotified: z.number(),
  message: z.string(),
});

export function archiveMessage(sponsorships: number): string {
  return sponsorships === 0
    ? 'The record leaves the public site. No one sponsors it.'
    : `The record leaves the public site. Its ${sponsorships} active sponsorship${sponsorships === 1 ? '' : 's'} ` +
        `continue${sponsorships === 1 ? 's' : ''} to be charged until ended in Sponsors, and ` +
        `${sponsorships === 1 ? 'its sponsor is' : 'each sponsor is'} emailed that the record is archived.`;
}
