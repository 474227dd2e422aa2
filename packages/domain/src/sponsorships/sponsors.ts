import { z } from 'zod';
import { EMAIL_PATTERN } from '../people/email.ts';

// The dashboard's Sponsors section (issue 13 item 3, decision 039): the people who sponsor or give at
// the partner, one person's giving, manual (offline) sponsorships with their link code, ending and
// moving a sponsorship. The server validates with these schemas, the web app builds from them.

/**
 * Link codes: 10 characters from an alphabet without the look-alikes (0/O, 1/I/L), shown as two
 * groups of five ("K7MQP-3XWRT"). 31^10 is about 8 * 10^14 codes.
 */
export const LINK_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const LINK_CODE_LENGTH = 10;
/** What a person is told when a typed code cannot be one: which characters codes use, not only how many. */
export const LINK_CODE_FORMAT_MESSAGE =
  'A link code has 10 letters and digits, like K7MQP-3XWRT. It never uses 0, 1, I, L or O: ' +
  'these look alike, so they are left out.';

/** A typed code as stored: upper case, without spaces or dashes; null when it cannot be a code. */
export function normaliseLinkCode(typed: string): string | null {
  const code = typed.replace(/[\s-]+/g, '').toUpperCase();
  if (code.length !== LINK_CODE_LENGTH) return null;
  for (const ch of code) if (!LINK_CODE_ALPHABET.includes(ch)) return null;
  return code;
}

/** "K7MQP3XWRT" -> "K7MQP-3XWRT". */
export function formatLinkCode(code: string): string {
  return code.length === LINK_CODE_LENGTH ? `${code.slice(0, 5)}-${code.slice(5)}` : code;
}

export const SPONSOR_SORTS = ['name', 'email', 'activeSponsorships', 'totalPaid', 'lastPaymentAt'] as const;
export const SPONSOR_KINDS = ['active', 'ended', 'manual', 'donor'] as const;

const id = z.coerce.number().int().positive().max(2_147_483_647);

export const sponsorListQuerySchema = z.object({
  partnersId: z.string().optional(),
  q: z.string().trim().max(200).optional(),
  /** active: sponsors now; ended: sponsored before, not now; manual: holds a manual sponsorship; donor: gives without sponsoring. */
  kind: z.enum(SPONSOR_KINDS).optional(),
  sort: z.enum(SPONSOR_SORTS).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(25),
});
export type SponsorListQuery = z.infer<typeof sponsorListQuerySchema>;

const savedMethod = {
  methodBrand: z.string().nullable(),
  methodLast4: z.string().nullable(),
  methodExpMonth: z.number().nullable(),
  methodExpYear: z.number().nullable(),
};

export const sponsorRowSchema = z.object({
  id: z.number(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  city: z.string().nullable(),
  tempAccount: z.boolean(),
  activeSponsorships: z.number(),
  endedSponsorships: z.number(),
  manualSponsorships: z.number(),
  /** The records sponsored now, by name. */
  sponsoring: z.array(z.string()),
  /** Succeeded payments, less refunds, in cents. */
  totalPaid: z.number(),
  payments: z.number(),
  lastPaymentAt: z.string().nullable(),
  ...savedMethod,
});
export type SponsorRow = z.infer<typeof sponsorRowSchema>;

export const sponsorshipViewSchema = z.object({
  id: z.number(),
  /** The sponsor (a users id: their page is /dashboard/sponsors/{usersId}). */
  usersId: z.number(),
  sponsoredsId: z.number(),
  name: z.string(),
  code: z.string(),
  partnerSponsoredTypesId: z.number(),
  typeLabel: z.string(),
  entitiesId: z.number(),
  program: z.string(),
  numSlots: z.number(),
  amount: z.number(),
  interval: z.string().nullable(),
  isManual: z.boolean(),
  /** A manual sponsorship's link code until the sponsor uses it (sponsors.manage only). */
  linkCode: z.string().nullable(),
  linkedAt: z.string().nullable(),
  subscriptionsId: z.number().nullable(),
  subscriptionStatus: z.string().nullable(),
  dateStarted: z.string(),
  dateEnded: z.string().nullable(),
  endReason: z.string().nullable(),
});
export type SponsorshipView = z.infer<typeof sponsorshipViewSchema>;

export const TIMELINE_KINDS = [
  'sponsorship_started',
  'sponsorship_ended',
  'payment',
  'payment_failed',
  'refund',
  'donation',
] as const;

export const timelineEventSchema = z.object({
  at: z.string(),
  kind: z.enum(TIMELINE_KINDS),
  text: z.string(),
  amount: z.number().nullable(),
});
export type TimelineEvent = z.infer<typeof timelineEventSchema>;

export const sponsorDetailSchema = z.object({
  person: z.object({
    id: z.number(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    address1: z.string().nullable(),
    address2: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    zip: z.string().nullable(),
    tempAccount: z.boolean(),
    createdAt: z.string(),
  }),
  totalPaid: z.number(),
  currency: z.string(),
  sponsorships: z.array(sponsorshipViewSchema),
  paymentMethods: z.array(
    z.object({
      id: z.number(),
      type: z.string(),
      brand: z.string().nullable(),
      last4: z.string().nullable(),
      expMonth: z.number().nullable(),
      expYear: z.number().nullable(),
      isDefault: z.boolean(),
    }),
  ),
  timeline: z.array(timelineEventSchema),
});
export type SponsorDetail = z.infer<typeof sponsorDetailSchema>;

const name = (label: string) =>
  z.string().trim().min(1, `Give the sponsor's ${label}.`).max(100, `The ${label} is too long.`);

/** POST dashboard/sponsorships: a manual sponsorship, for a person already known (usersId) or by name and email. */
export const manualSponsorshipInputSchema = z
  .object({
    sponsoredsId: id,
    numSlots: z.coerce.number().int().min(1).max(100).default(1),
    usersId: id.optional(),
    firstName: name('first name').optional(),
    lastName: name('last name').optional(),
    email: z
      .string()
      .trim()
      .max(254)
      .regex(EMAIL_PATTERN, 'Give a valid email address.')
      .transform((e) => e.toLowerCase())
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.usersId !== undefined) return;
    if (!v.firstName)
      ctx.addIssue({ code: 'custom', path: ['firstName'], message: "Give the sponsor's first name." });
    if (!v.lastName)
      ctx.addIssue({ code: 'custom', path: ['lastName'], message: "Give the sponsor's last name." });
    if (!v.email)
      ctx.addIssue({ code: 'custom', path: ['email'], message: "Give the sponsor's email address." });
  });
export type ManualSponsorshipInput = z.input<typeof manualSponsorshipInputSchema>;

const reason = z.string().trim().min(1, 'Give the reason.').max(500, 'The reason is at most 500 characters.');

export const endSponsorshipInputSchema = z.object({ reason });
export const moveSponsorshipInputSchema = z.object({ sponsoredsId: id, reason });

/** POST link: the sponsor's code (typed with or without the dash). */
export const linkSponsorshipInputSchema = z.object({ code: z.string().trim().min(1).max(40) });

export const linkedSponsorshipSchema = z.object({
  id: z.number(),
  sponsoredsId: z.number(),
  name: z.string(),
  numSlots: z.number(),
});
export type LinkedSponsorship = z.infer<typeof linkedSponsorshipSchema>;

export const LINK_MESSAGES = {
  invalid: 'This link code is not valid. Check it against the email you received.',
  used: 'This link code has already been used.',
  ended: 'This sponsorship has ended.',
} as const;
