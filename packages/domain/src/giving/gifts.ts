import { z } from 'zod';
import { isValidEmail } from '../people/email.ts';

/**
 * Gift sponsorships, trial codes and lightning links (issue 15, decisions 047 to 049): the
 * payloads of their calls and the words a person reads when a code is wrong.
 */

/** Months a gift pays at once; `null` is an open-ended gift (the first month, then the recipient continues). */
export const GIFT_PERIODS = [3, 6, 12] as const;
/** Days a delivered gift code stays valid. */
export const GIFT_CODE_VALID_DAYS = 90;
/** Days before the paid period's end when the recipient is invited to continue. */
export const GIFT_INVITE_DAYS_BEFORE = 14;
/** Days before a trial's end when its reminder is sent. */
export const TRIAL_REMINDER_DAYS_BEFORE = 3;
/**
 * When a trial's reminder is due: TRIAL_REMINDER_DAYS_BEFORE days before its end (the sweep sends it
 * at the first run after that moment; a trial shorter than that is reminded at its start).
 */
export function trialReminderDate(endsAt: Date | string): Date {
  const end = typeof endsAt === 'string' ? new Date(endsAt) : endsAt;
  return new Date(end.getTime() - TRIAL_REMINDER_DAYS_BEFORE * 86_400_000);
}

/** Days a trial code stays valid when issued without an expiry. */
export const TRIAL_CODE_VALID_DAYS = 180;
export const TRIAL_BATCH_MAX = 500;
export const GIFT_MESSAGE_MAX = 500;

export const CODE_MESSAGES = {
  unknown: 'We do not know this code. Please check it and try again.',
  used: 'This code has already been used.',
  expired: 'This code has expired.',
  otherPartner: 'This code belongs to another organization’s site.',
  /** The start of the 429's message; the answer itself says how long to wait (tooManyCodesMessage). */
  tooManyTries: 'Too many wrong codes were tried from your address.',
  noRecord: 'Nobody is waiting for a sponsor here right now. Please try again later.',
  /** A trial code or lightning link staff withdrew (decision 059). */
  revoked: 'This code was withdrawn by the organization and can no longer be used.',
} as const;

export type CodeProblem = keyof typeof CODE_MESSAGES;

/** A wait in whole minutes, rounded up (a wait under a minute reads "1 minute"). */
export function waitInMinutes(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** The 429 of the wrong-code throttle, with the real wait: "… Please try again in 12 minutes." */
export const tooManyCodesMessage = (retryAfterSeconds: number) =>
  `${CODE_MESSAGES.tooManyTries} Please try again in ${waitInMinutes(retryAfterSeconds)}.`;

const trimmed = (max: number) => z.string().trim().min(1).max(max);
const email = z.string().trim().max(320).refine(isValidEmail, { message: 'Invalid email' });
const calendarDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the form YYYY-MM-DD');
const id = z.number().int().positive().max(2_147_483_647);

export const giftRequestSchema = z
  .object({
    partnersId: id,
    /** The record given; or null with a type for the one who has waited longest. */
    sponsoredsId: id.nullable().optional(),
    partnerSponsoredTypesId: id.nullable().optional(),
    /** 3, 6 or 12 months paid now, or null for open-ended. */
    months: z.union([z.literal(3), z.literal(6), z.literal(12)]).nullable(),
    /** Cents the page showed; the server answers 409 with the price when it differs. */
    amount: z.number().int().min(0).max(100_000_000),
    recipientName: trimmed(120),
    recipientEmail: email,
    message: z.string().max(GIFT_MESSAGE_MAX).optional().default(''),
    deliverOn: calendarDate,
    firstName: trimmed(120),
    lastName: trimmed(120),
    email,
    token: z.string().min(1).max(255),
    website: z.string().max(500).optional(),
  })
  .refine((b) => b.sponsoredsId || b.partnerSponsoredTypesId, {
    message: 'Choose a record or a type',
    path: ['sponsoredsId'],
  });
export type GiftRequest = z.input<typeof giftRequestSchema>;

export const giftCreatedSchema = z.object({
  receipt: z.string(),
  manageCode: z.string(),
  deliverOn: z.string(),
  recipientEmail: z.string(),
});
export type GiftCreated = z.infer<typeof giftCreatedSchema>;

/** A record as a code's page may show it: no name or picture when the record is masked. */
export const codeRecordSchema = z.object({
  id: z.number(),
  name: z.string().nullable(),
  picture: z.string().nullable(),
  typeLabel: z.string(),
});
export type CodeRecord = z.infer<typeof codeRecordSchema>;

/**
 * A used code read by the person who used it: when, and until when the sponsorship runs. Only the
 * redeemer is told; anyone else still gets the "already been used" answer.
 */
export const redeemedByViewerSchema = z.object({
  redeemedAt: z.string(),
  endsAt: z.string().nullable(),
  sponsoredsId: z.number(),
});
export type RedeemedByViewer = z.infer<typeof redeemedByViewerSchema>;

export const giftPreviewSchema = z.object({
  code: z.string(),
  record: codeRecordSchema,
  months: z.number().nullable(),
  giverName: z.string().nullable(),
  recipientName: z.string().nullable(),
  message: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** Set only for the signed-in person who redeemed this gift. */
  redeemedByYou: redeemedByViewerSchema.nullable(),
});
export type GiftPreview = z.infer<typeof giftPreviewSchema>;

export const redeemedSchema = z.object({
  sponsoredsId: z.number(),
  userSponsoredsId: z.number(),
  endsAt: z.string(),
});
export type Redeemed = z.infer<typeof redeemedSchema>;

export const giftManageSchema = z.object({
  recipientName: z.string().nullable(),
  recipientEmail: z.string().nullable(),
  deliverOn: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  redeemed: z.boolean(),
});
export const giftManageRequestSchema = z.object({ recipientEmail: email.optional() });

export const trialPreviewSchema = z.object({
  code: z.string(),
  days: z.number(),
  record: codeRecordSchema,
  expiresAt: z.string().nullable(),
  /** Set only for the signed-in person who started this trial. */
  redeemedByYou: redeemedByViewerSchema.nullable(),
});
export type TrialPreview = z.infer<typeof trialPreviewSchema>;

export const trialIssueRequestSchema = z.object({
  count: z.number().int().min(1).max(TRIAL_BATCH_MAX),
  days: z.number().int().min(1).max(365),
  /** Null for every type. */
  partnerSponsoredTypesId: id.nullable(),
  batch: z.string().trim().max(120).optional().default(''),
  /** Days the codes stay valid. */
  validDays: z.number().int().min(1).max(730).optional(),
});
export type TrialIssueRequest = z.input<typeof trialIssueRequestSchema>;

export const lightningRequestSchema = z.object({
  campaign: trimmed(120),
  partnerSponsoredTypesId: id.nullable(),
  sponsoredsId: id.nullable().optional(),
});
export type LightningRequest = z.input<typeof lightningRequestSchema>;

export const lightningPreviewSchema = z.object({
  code: z.string(),
  campaign: z.string(),
  record: codeRecordSchema,
  /** Cents a month. */
  monthlyAmount: z.number().nullable(),
});
export type LightningPreview = z.infer<typeof lightningPreviewSchema>;

export const staffGiftSchema = z.object({
  id: z.number(),
  state: z.enum(['paying', 'failed', 'scheduled', 'delivered', 'redeemed', 'continued', 'ended', 'expired']),
  recordName: z.string().nullable(),
  months: z.number().nullable(),
  amount: z.number(),
  giverName: z.string().nullable(),
  giverEmail: z.string().nullable(),
  recipientName: z.string().nullable(),
  recipientEmail: z.string().nullable(),
  deliverOn: z.string().nullable(),
  redeemedByEmail: z.string().nullable(),
  createdAt: z.string(),
});
/**
 * Codes in staff lists (decision 052): in full only to those who issue them (`codes.manage`); anyone
 * else who may see the list gets the last four characters after an ellipsis, `…7KS2`, enough to
 * match a code a person reads out, never enough to redeem it.
 */
export const MASKED_CODE_PREFIX = '…';
export function maskCode(code: string): string {
  return MASKED_CODE_PREFIX + code.replace(/[\s-]/g, '').slice(-4);
}
export const isMaskedCode = (code: string) => code.startsWith(MASKED_CODE_PREFIX);

export const staffTrialSchema = z.object({
  id: z.number(),
  code: z.string(),
  state: z.enum(['unused', 'expired', 'revoked', 'running', 'converted', 'ended']),
  batch: z.string().nullable(),
  days: z.number(),
  typeLabel: z.string().nullable(),
  recordName: z.string().nullable(),
  redeemedByEmail: z.string().nullable(),
  endsAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  /** Why staff expired or revoked the code, and when (decision 059); null otherwise. */
  closedReason: z.string().nullable().optional(),
  closedAt: z.string().nullable().optional(),
});
export const staffLightningSchema = z.object({
  id: z.number(),
  code: z.string(),
  campaign: z.string(),
  state: z.enum(['active', 'revoked']).optional(),
  closedReason: z.string().nullable().optional(),
  closedAt: z.string().nullable().optional(),
  /** The link's address on the site; null when its code is masked (decision 052). */
  path: z.string().nullable(),
  typeLabel: z.string().nullable(),
  recordName: z.string().nullable(),
  sponsorships: z.number(),
  createdAt: z.string(),
});
export const staffGivingCodesSchema = z.object({
  gifts: z.array(staffGiftSchema),
  trials: z.array(staffTrialSchema),
  lightning: z.array(staffLightningSchema),
});
export type StaffGivingCodes = z.infer<typeof staffGivingCodesSchema>;
export type StaffGift = z.infer<typeof staffGiftSchema>;
export type StaffTrial = z.infer<typeof staffTrialSchema>;
export type StaffLightning = z.infer<typeof staffLightningSchema>;

/*
 * The staff lists of Gifts and codes, one server-paged list each (decision 059): search, state
 * filter, sort and paging like Donations; the total in x-total-count.
 */
const listPaging = {
  partnersId: z.string().optional(),
  q: z.string().trim().max(200).optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(25),
};
export const GIFT_STATES = staffGiftSchema.shape.state.options;
export const TRIAL_STATES = staffTrialSchema.shape.state.options;
export const LIGHTNING_STATES = ['active', 'revoked'] as const;
export const CODE_STATE_LABELS: Record<string, string> = {
  paying: 'Paying',
  failed: 'Payment failed',
  scheduled: 'Scheduled',
  delivered: 'Delivered',
  redeemed: 'Redeemed',
  continued: 'Continued',
  ended: 'Ended',
  expired: 'Expired',
  revoked: 'Revoked',
  unused: 'Unused',
  running: 'Running',
  converted: 'Converted',
  active: 'Active',
};

export const staffGiftListQuerySchema = z.object({
  ...listPaging,
  state: z.enum(GIFT_STATES).optional(),
  sort: z.enum(['createdAt', 'amount', 'deliverOn']).default('createdAt'),
});
export type StaffGiftListQuery = z.infer<typeof staffGiftListQuerySchema>;
export const staffTrialListQuerySchema = z.object({
  ...listPaging,
  state: z.enum(TRIAL_STATES).optional(),
  sort: z.enum(['createdAt', 'expiresAt', 'days']).default('createdAt'),
});
export type StaffTrialListQuery = z.infer<typeof staffTrialListQuerySchema>;
export const staffLightningListQuerySchema = z.object({
  ...listPaging,
  state: z.enum(LIGHTNING_STATES).optional(),
  sort: z.enum(['createdAt', 'campaign', 'sponsorships']).default('createdAt'),
});
export type StaffLightningListQuery = z.infer<typeof staffLightningListQuerySchema>;

/** One gift opened by staff: who bought it, for whom, which record, the money, the dates and the code. */
export const staffGiftDetailSchema = staffGiftSchema.extend({
  /** In full to codes.manage, else its last four characters (decision 052). */
  code: z.string(),
  message: z.string().nullable(),
  typeLabel: z.string().nullable(),
  receiptCode: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  redeemedAt: z.string().nullable(),
  paidThrough: z.string().nullable(),
  endedAt: z.string().nullable(),
});
export type StaffGiftDetail = z.infer<typeof staffGiftDetailSchema>;

/** Expiring or revoking a trial code, or revoking a lightning link (codes.manage, decision 059). */
export const codeCloseInputSchema = z.object({
  /** `expire` ends the code's validity now; `revoke` withdraws it (links can only be revoked). */
  action: z.enum(['expire', 'revoke']).default('revoke'),
  reason: z.string().trim().min(1, 'Give a reason.').max(500, 'The reason may be at most 500 characters.'),
});
export type CodeCloseInput = z.input<typeof codeCloseInputSchema>;
export const CODE_ALREADY_USED = 'This code was already used, so it can no longer be withdrawn.';
export const CODE_ALREADY_CLOSED = 'This code has already expired or was revoked.';
export const LINK_ALREADY_REVOKED = 'This link was already revoked.';
export const LINKS_CANNOT_EXPIRE = 'Lightning links do not expire; revoke the link instead.';
