import { z } from 'zod';

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

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v));

/** What the editor sends to create a record, or (every field optional) to change one. */
export const recordInputSchema = z.object({
  partnerSponsoredTypesId: id,
  entitiesId: id,
  code: z.string().trim().min(1, 'Give the record a code.').max(64),
  firstName: optionalText(100),
  lastName: optionalText(100),
  title: optionalText(200),
  gender: z.enum(['Male', 'Female']).nullable().optional(),
  birthday: z.iso.date('Give the birthday as YYYY-MM-DD.').nullable().optional(),
  showBirthday: z.boolean().nullable().optional(),
  showAge: z.boolean().nullable().optional(),
  showLastName: z.boolean().nullable().optional(),
  gradesId: id.nullable().optional(),
  homeroom: optionalText(100),
  /** Rich text (HTML); the server keeps only the tags and attributes of decision 029. */
  bio: z.string().max(20_000).nullable().optional(),
  funFacts: z.array(funFactSchema).max(50).optional(),
  customColumnValues: z.record(z.string(), z.string().max(1000).nullable()).optional(),
  /** Cents per month; null: the type's current plan. */
  monthlyAmount: z.number().int().positive().max(100_000_000).nullable().optional(),
  maxSlots: z.number().int().min(1).max(10_000).optional(),
  masked: z.boolean().optional(),
  status: z.enum(RECORD_STATUSES).optional(),
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
