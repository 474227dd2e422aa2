import { z } from 'zod';

/**
 * Updates to sponsors (issue 13 item 2, decision 037): what staff write in the dashboard's Updates
 * section, and what a sponsor reads at /sponsored/update/{code}. The server validates with these
 * schemas; the web editor's form is built from them.
 */

export const UPDATE_POST_STATUSES = ['draft', 'scheduled', 'sent'] as const;
export type UpdatePostStatus = (typeof UPDATE_POST_STATUSES)[number];

export const UPDATE_TITLE_MAX = 120;
export const UPDATE_MESSAGE_MAX = 20_000;
export const UPDATE_MAX_RECORDS_SELECTED = 500;

const positiveId = z.int('A whole number.').positive('A whole number.');

/** Who an update is written to: one record or several, a program, or a sponsored type. */
export const updateAudienceSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('records'),
    sponsoredsIds: z
      .array(positiveId)
      .min(1, 'Choose at least one record.')
      .max(UPDATE_MAX_RECORDS_SELECTED, `At most ${UPDATE_MAX_RECORDS_SELECTED} records.`),
  }),
  z.object({ kind: z.literal('program'), entitiesId: positiveId }),
  z.object({ kind: z.literal('type'), partnerSponsoredTypesId: positiveId }),
]);
export type UpdateAudienceInput = z.infer<typeof updateAudienceSchema>;

/**
 * POST dashboard/updates and PATCH dashboard/updates/{id}. `schedule` false saves a draft; true
 * schedules it for `distributeAt` (ISO date-time; null or absent means now).
 */
export const updatePostInputSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'Required.')
    .max(UPDATE_TITLE_MAX, `At most ${UPDATE_TITLE_MAX} characters.`),
  updateMessage: z.string().max(UPDATE_MESSAGE_MAX, `At most ${UPDATE_MESSAGE_MAX} characters.`),
  audience: updateAudienceSchema,
  distributeAt: z.iso.datetime({ offset: true, message: 'A date and time.' }).nullable().optional(),
  schedule: z.boolean(),
  /** On PATCH: the pictures to keep, in order (a subset of the post's pictures). */
  picturePaths: z.array(z.string().max(300)).max(50).optional(),
});
export type UpdatePostInput = z.infer<typeof updatePostInputSchema>;

/** A row of the Updates section's list. */
export const updatePostSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.enum(UPDATE_POST_STATUSES),
  audienceLabel: z.string(),
  recordsCount: z.number().int(),
  picturesCount: z.number().int(),
  distributeAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  sentCount: z.number().int(),
  openedCount: z.number().int(),
  updatedAt: z.string(),
});
export type UpdatePostSummary = z.infer<typeof updatePostSummarySchema>;

export const updateRecipientRecordSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string().nullable(),
  programName: z.string().nullable(),
  typeLabel: z.string(),
});
export type UpdateRecipientRecord = z.infer<typeof updateRecipientRecordSchema>;

/** GET dashboard/updates/{id}: the editor's post. */
export const updatePostDetailSchema = updatePostSummarySchema.extend({
  updateMessage: z.string(),
  audience: updateAudienceSchema,
  records: z.array(updateRecipientRecordSchema),
  picturePaths: z.array(z.string()),
  /** Each sent record update's page (staff may open it), empty before distribution. */
  links: z.array(z.object({ sponsoredsId: z.number().int(), code: z.string() })),
});
export type UpdatePostDetail = z.infer<typeof updatePostDetailSchema>;

/** GET dashboard/updates/recipients: what the editor offers as recipients, in the viewer's scope. */
export const updateRecipientsSchema = z.object({
  programs: z.array(z.object({ id: z.number().int(), name: z.string() })),
  types: z.array(z.object({ id: z.number().int(), label: z.string() })),
  records: z.array(updateRecipientRecordSchema),
});
export type UpdateRecipients = z.infer<typeof updateRecipientsSchema>;

/** GET sponsored-updates/{code}: one record's update as its sponsors and staff read it. */
export const sponsoredUpdatePageSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  distributionDate: z.string(),
  updateMessage: z.string(),
  sponsoredsId: z.number().int(),
  recordName: z.string(),
});
export type SponsoredUpdatePage = z.infer<typeof sponsoredUpdatePageSchema>;

export const UPDATE_SIGN_IN_MESSAGE =
  "Sign in to read this update. Updates are shown only to the record's sponsors and the partner's staff.";
export const UPDATE_REFUSED_MESSAGE =
  "This update can be read only by the record's sponsors and the partner's staff.";

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The editor's plain text as HTML: paragraphs at blank lines, line breaks kept, **bold** and
 * *italic*. The server sanitises whatever it is sent all the same.
 */
export function paragraphsToHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map(
      (p) =>
        `<p>${escapeHtml(p)
          .replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>')
          .replace(/\*(.+?)\*/g, '<em>$1</em>')
          .replace(/\n/g, '<br>')}</p>`,
    )
    .join('');
}

/** Stored update HTML back to the editor's plain text (the inverse of `paragraphsToHtml`). */
export function htmlToParagraphs(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|h2|h3|h4|li|blockquote)>/gi, '\n\n')
    .replace(/<(strong|b)>(.*?)<\/\1>/gi, '**$2**')
    .replace(/<(em|i)>(.*?)<\/\1>/gi, '*$2*')
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
