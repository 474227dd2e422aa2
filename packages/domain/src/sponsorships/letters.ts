import { z } from 'zod';
import { translationsSchema } from '../shared/translations.ts';
import { LETTER_FLAG_KINDS } from './letter-screen.ts';

/**
 * Letters between sponsors and the people they sponsor (issue 24, feature 4 "Messages", decision
 * 076). A letter belongs to one sponsorship and goes one way: a sponsor's letter (`to_sponsored`)
 * or a reply (`to_sponsor`, typed by staff or scanned from paper). It reaches nobody but its writer
 * and staff holding `letters.moderate` before it is `approved`.
 *
 *   sponsor letter: draft -> submitted -> in_review -> approved -> printed -> sent_to_program -> delivered
 *   reply:                   submitted -> in_review -> approved -> delivered (at once: the sponsor's account)
 *   either, from submitted or in_review: rejected (with a reason the writer sees)
 */

export const LETTER_STATUSES = [
  'draft',
  'submitted',
  'in_review',
  'approved',
  'rejected',
  'printed',
  'sent_to_program',
  'delivered',
] as const;
export type LetterStatus = (typeof LETTER_STATUSES)[number];

export const LETTER_DIRECTIONS = ['to_sponsored', 'to_sponsor'] as const;
export type LetterDirection = (typeof LETTER_DIRECTIONS)[number];

export const LETTER_FLAG_STATUSES = ['open', 'accepted', 'removed'] as const;
export type LetterFlagStatus = (typeof LETTER_FLAG_STATUSES)[number];

/** Where a flag was found: the letter's text, or the text read from one of its pictures. */
export const LETTER_FLAG_SOURCES = ['text', 'picture'] as const;

export const LETTER_BODY_MAX = 5_000;
export const LETTER_MAX_PICTURES = 3;
export const LETTER_REASON_MAX = 1_000;
export const LETTER_GUIDELINES_MAX = 5_000;
export const LETTER_WORDS_MAX = 500;
/** What marks a span a moderator removed from a letter. */
export const LETTER_REMOVED_MARK = '[…]';

/** States in which a moderator may still decide (edit, flags, approve, reject, assign). */
export const LETTER_OPEN_STATUSES: readonly LetterStatus[] = ['submitted', 'in_review'];
/** States in which a letter has reached its reader (the sponsored person's program, or the sponsor). */
export const LETTER_RELEASED_STATUSES: readonly LetterStatus[] = [
  'approved',
  'printed',
  'sent_to_program',
  'delivered',
];

/** The steps staff record after printing, in order (sponsor letters only). */
export const LETTER_DELIVERY_STEPS = ['sent_to_program', 'delivered'] as const;
export type LetterDeliveryStep = (typeof LETTER_DELIVERY_STEPS)[number];

/** What a letter may move to from each state (the server refuses anything else with 409). */
export const LETTER_TRANSITIONS: Record<LetterStatus, readonly LetterStatus[]> = {
  draft: ['submitted'],
  submitted: ['in_review', 'approved', 'rejected'],
  in_review: ['approved', 'rejected'],
  approved: ['printed', 'sent_to_program', 'delivered'],
  rejected: [],
  printed: ['sent_to_program', 'delivered'],
  sent_to_program: ['delivered'],
  delivered: [],
};

export function canMoveLetter(from: LetterStatus, to: LetterStatus): boolean {
  return LETTER_TRANSITIONS[from].includes(to);
}

const id = z.number().int();
const positiveId = z.int('A whole number.').positive('A whole number.');

/** POST sponsoreds/{id}/messages (JSON, or multipart with the same fields and up to 3 pictures). */
export const letterInputSchema = z.object({
  body: z
    .string()
    .max(LETTER_BODY_MAX, `At most ${LETTER_BODY_MAX} characters.`)
    .refine((s) => s.trim().length > 0, 'Write something first.'),
  /** A BCP 47 tag; the sponsor's language when absent. */
  language: z
    .string()
    .regex(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/, 'A language tag such as en-US or fr-CA.')
    .max(35)
    .optional(),
  /** Keep it as a draft the writer can change; submitted for review when false or absent. */
  draft: z.boolean().optional(),
});
export type LetterInput = z.infer<typeof letterInputSchema>;

/** PATCH messages/{id}: the writer changes or submits their own draft. */
export const letterDraftInputSchema = letterInputSchema.partial({ body: true });
export type LetterDraftInput = z.infer<typeof letterDraftInputSchema>;

/** One pre-screen hit as stored: its span in the letter's current body (or in a picture's text). */
export const letterFlagSchema = z.object({
  id,
  kind: z.enum(LETTER_FLAG_KINDS),
  source: z.enum(LETTER_FLAG_SOURCES),
  start: z.number().int(),
  end: z.number().int(),
  text: z.string(),
  status: z.enum(LETTER_FLAG_STATUSES),
  /** Why a moderator accepted it. */
  reason: z.string().nullable(),
});
export type LetterFlagRow = z.infer<typeof letterFlagSchema>;

/** The answer to a sponsor's new letter. */
export const letterCreatedSchema = z.object({
  id,
  status: z.enum(LETTER_STATUSES),
  flags: z.array(letterFlagSchema),
});
export type LetterCreated = z.infer<typeof letterCreatedSchema>;

/** One step of a letter's history. `by` is a name only on staff answers. */
export const letterStepSchema = z.object({
  status: z.enum(LETTER_STATUSES),
  at: z.string(),
  by: z.string().nullable(),
});
export type LetterStep = z.infer<typeof letterStepSchema>;

/**
 * GET users/{id}/messages and GET sponsoreds/{id}/messages: a sponsor's letters both ways. A reply
 * appears only once approved; the sponsor's own letters in every state, with the rejection reason.
 */
export const sponsorLetterSchema = z.object({
  id,
  direction: z.enum(LETTER_DIRECTIONS),
  status: z.enum(LETTER_STATUSES),
  sponsoredsId: id,
  recordName: z.string(),
  body: z.string(),
  language: z.string(),
  /** Picture addresses (`/media/letters/...`), each fetched with the viewer's cookie. */
  pictures: z.array(z.string()),
  /** A reply that came back on paper: its scan is in the PDF (`messages/{id}/pdf`). */
  hasScan: z.boolean(),
  rejectionReason: z.string().nullable(),
  createdAt: z.string(),
  steps: z.array(letterStepSchema),
  /** The next step and how long it usually takes at this partner (from its own history), if known. */
  nextStep: z.object({ status: z.enum(LETTER_STATUSES), typicalDays: z.number().int() }).nullable(),
  /** Open warnings of the pre-screen on the writer's own letter (none on replies). */
  flags: z.array(letterFlagSchema),
  /** Whether the writer may still change it (a draft). */
  editable: z.boolean(),
});
export type SponsorLetter = z.infer<typeof sponsorLetterSchema>;

/** The partner's letter settings: guidelines shown beside the composer and the screen's word list. */
export const letterSettingsSchema = z.object({
  guidelines: z.string().max(LETTER_GUIDELINES_MAX, `At most ${LETTER_GUIDELINES_MAX} characters.`),
  words: z
    .array(z.string().trim().min(1, 'Required.').max(100, 'At most 100 characters.'))
    .max(LETTER_WORDS_MAX, `At most ${LETTER_WORDS_MAX} words.`),
});
export type LetterSettings = z.infer<typeof letterSettingsSchema>;

/** GET and PUT dashboard/letters/settings: with the guidelines in the partner's other locales. */
export const letterSettingsInputSchema = letterSettingsSchema.extend({
  translations: translationsSchema.optional(),
});
export type LetterSettingsInput = z.infer<typeof letterSettingsInputSchema>;
export const letterSettingsAnswerSchema = letterSettingsSchema.extend({
  translations: translationsSchema,
});
export type LetterSettingsAnswer = z.infer<typeof letterSettingsAnswerSchema>;

/** GET sponsoreds/{id}/messages: what the composer on a record's profile needs. */
export const recordLettersSchema = z.object({
  sponsoredsId: id,
  recordName: z.string(),
  /** False once the sponsorship has ended: old letters stay readable. */
  canWrite: z.boolean(),
  guidelines: z.string(),
  words: z.array(z.string()),
  /** The country national phone numbers are read in (ISO 3166 alpha-2), when the partner has one. */
  country: z.string().nullable(),
  letters: z.array(sponsorLetterSchema),
});
export type RecordLetters = z.infer<typeof recordLettersSchema>;

/** A row of the staff queue (GET dashboard/letters). */
export const letterQueueItemSchema = z.object({
  id,
  direction: z.enum(LETTER_DIRECTIONS),
  status: z.enum(LETTER_STATUSES),
  sponsoredsId: id,
  recordName: z.string(),
  recordCode: z.string().nullable(),
  programId: id.nullable(),
  programName: z.string().nullable(),
  /** The sponsor's first name (what a printed letter shows). */
  sponsorFirstName: z.string(),
  sponsorsId: id,
  excerpt: z.string(),
  language: z.string(),
  openFlags: z.number().int(),
  flagKinds: z.array(z.enum(LETTER_FLAG_KINDS)),
  picturesCount: z.number().int(),
  hasScan: z.boolean(),
  assignee: z.object({ id, name: z.string() }).nullable(),
  submittedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type LetterQueueItem = z.infer<typeof letterQueueItemSchema>;

/** GET dashboard/letters/{id}: the moderator's letter. */
export const letterDetailSchema = letterQueueItemSchema.extend({
  body: z.string(),
  /** The writer's words before a moderator's first edit; null when never edited. */
  originalBody: z.string().nullable(),
  pictures: z.array(z.string()),
  flags: z.array(letterFlagSchema),
  steps: z.array(letterStepSchema),
  rejectionReason: z.string().nullable(),
  /** The sponsor letter this reply answers (matched by its QR code), if any. */
  replyToId: id.nullable(),
  /** Whether it can be approved now (open, and no open flag). */
  canApprove: z.boolean(),
});
export type LetterDetail = z.infer<typeof letterDetailSchema>;

export const LETTER_QUEUE_FLAGGED = ['true', 'false'] as const;

/** PATCH dashboard/letters/{id}: edit the text (the original is kept) or assign it. */
export const letterEditSchema = z
  .object({
    body: z
      .string()
      .max(LETTER_BODY_MAX, `At most ${LETTER_BODY_MAX} characters.`)
      .refine((s) => s.trim().length > 0, 'Required.')
      .optional(),
    /** A colleague holding letters.moderate, or null to unassign. */
    assigneeId: positiveId.nullable().optional(),
  })
  .refine((v) => v.body !== undefined || v.assigneeId !== undefined, 'Send a body or an assignee.');
export type LetterEdit = z.infer<typeof letterEditSchema>;

export const letterReasonSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, 'Give a reason.')
    .max(LETTER_REASON_MAX, `At most ${LETTER_REASON_MAX} characters.`),
});
export type LetterReason = z.infer<typeof letterReasonSchema>;

/** POST dashboard/letters/{id}/flags/{flagId}: accept (with a reason, audited) or remove the span. */
export const letterFlagDecisionSchema = z.discriminatedUnion('action', [
  letterReasonSchema.extend({ action: z.literal('accept') }),
  z.object({ action: z.literal('remove') }),
]);
export type LetterFlagDecision = z.infer<typeof letterFlagDecisionSchema>;

/** POST dashboard/letters/approve: bulk approve; flagged or closed letters are skipped, with why. */
export const letterIdsSchema = z.object({
  ids: z.array(positiveId).min(1, 'Choose at least one letter.').max(500, 'At most 500 letters.'),
});
export const letterBulkResultSchema = z.object({
  done: z.array(id),
  skipped: z.array(z.object({ id, reason: z.string() })),
});
export type LetterBulkResult = z.infer<typeof letterBulkResultSchema>;

/** POST dashboard/letters/steps: record that printed letters went to the program, or arrived. */
export const letterStepsInputSchema = letterIdsSchema.extend({ status: z.enum(LETTER_DELIVERY_STEPS) });

/** POST dashboard/letters/print: the approved sponsor letters of a program, a letter a page. */
export const letterPrintInputSchema = z.object({
  programId: positiveId,
  /** Print again letters already printed (by id) instead of the ones waiting. */
  ids: z.array(positiveId).max(500).optional(),
});

/** POST dashboard/letters (staff): a reply typed from the sponsored person's letter. */
export const letterReplyInputSchema = z.object({
  /** The sponsor letter it answers; its sponsorship is the reply's. */
  replyToId: positiveId,
  body: letterInputSchema.shape.body,
  language: letterInputSchema.shape.language,
});
export type LetterReplyInput = z.infer<typeof letterReplyInputSchema>;

/** One page of an uploaded batch of scanned replies. */
export const letterScanPageSchema = z.object({
  id,
  fileName: z.string(),
  page: z.number().int(),
  /** The reply letter it became (matched by its QR code, or by hand). */
  letterId: id.nullable(),
  /** The sponsor letter its QR code named. */
  replyToId: id.nullable(),
  /** Why it could not be matched automatically. */
  problem: z.string().nullable(),
  picture: z.string(),
  createdAt: z.string(),
});
export type LetterScanPage = z.infer<typeof letterScanPageSchema>;

/** POST dashboard/letters/scans/{id}/match: match an unreadable page by hand. */
export const letterScanMatchSchema = z.object({ replyToId: positiveId });

/** The text a letter's QR code holds: the partner and the letter, nothing about the child. */
export const letterQrText = (partnersId: number, letterId: number) => `KINSHIP-L:${partnersId}:${letterId}`;
export function parseLetterQr(text: string): { partnersId: number; letterId: number } | null {
  const m = /^KINSHIP-L:(\d{1,9}):(\d{1,10})$/.exec(text.trim());
  if (!m) return null;
  return { partnersId: Number(m[1]), letterId: Number(m[2]) };
}
