import { z } from 'zod';
import { isValidEmail } from './email.ts';
import { CURRENCIES } from '../partners/partner-settings.ts';

const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .refine(isValidEmail, { message: 'Invalid email' });

// The dashboard's Team, Audit log and Platform console sections (issue 14 items 3 to 5,
// decisions 045 and 046): payloads shared by the server's routes and the web app.

/** The roles a partner's Administrator gives and takes (spec 6): 2 to 6. */
export const STAFF_ROLE_IDS = [2, 3, 4, 5, 6] as const;

const roleList = z
  .array(z.coerce.number().int())
  .max(5)
  .refine((ids) => ids.every((id) => (STAFF_ROLE_IDS as readonly number[]).includes(id)), 'Roles are 2 to 6')
  .transform((ids) => [...new Set(ids)].sort((a, b) => a - b));
const entityList = z
  .array(z.number().int().positive().max(2_147_483_647))
  .max(500)
  .transform((ids) => [...new Set(ids)].sort((a, b) => a - b));

export const LAST_ADMIN_MESSAGE =
  'You are the last Administrator of this partner: give the Administrator role to someone else first.';

/** A person on the partner's staff: their roles and the programs they are limited to (none: all). */
export const teamMemberSchema = z.object({
  usersId: z.number().int(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  roles: z.array(z.number().int()),
  entityIds: z.array(z.number().int()),
  isSelf: z.boolean(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** PUT dashboard/team/{usersId}: the person's roles and program limits, both replaced. */
export const teamMemberUpdateSchema = z.strictObject({ roles: roleList, entityIds: entityList });
export type TeamMemberUpdate = z.input<typeof teamMemberUpdateSchema>;

export const INVITATION_STATES = ['pending', 'accepted', 'expired', 'revoked'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

/** Days an invitation link stays valid. */
export const INVITATION_TTL_DAYS = 7;

export const invitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  roles: z.array(z.number().int()),
  entityIds: z.array(z.number().int()),
  state: z.enum(INVITATION_STATES),
  expiresAt: z.string(),
  createdAt: z.string(),
  invitedBy: z.string().nullable(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** POST dashboard/team/invitations. At least one role: an invitation makes a staff member. */
export const invitationInputSchema = z.strictObject({
  email: emailSchema,
  roles: roleList.refine((ids) => ids.length > 0, 'Choose at least one role'),
  entityIds: entityList.default([]),
});
export type InvitationInput = z.input<typeof invitationInputSchema>;

/** GET invitations/{token}: what the landing page of the link shows before joining. */
export const invitationLinkSchema = z.object({
  partnerName: z.string(),
  email: z.string(),
  roles: z.array(z.number().int()),
  programs: z.array(z.string()),
  state: z.enum(INVITATION_STATES),
});
export type InvitationLink = z.infer<typeof invitationLinkSchema>;

/** POST invitations/{token}/accept: the person has joined. */
export const invitationAcceptedSchema = z.object({
  partnersId: z.number().int(),
  roles: z.array(z.number().int()),
});

// ------------------------------------------------------------------------------------ audit log

export const auditRowSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  actorKind: z.string(),
  usersId: z.number().int().nullable(),
  actorName: z.string().nullable(),
  actorEmail: z.string().nullable(),
  roles: z.array(z.number().int()),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  changes: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })),
  details: z.record(z.string(), z.unknown()).nullable(),
  requestId: z.string().nullable(),
  clientAddress: z.string().nullable(),
});
export type AuditRow = z.infer<typeof auditRowSchema>;

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A date is YYYY-MM-DD');

/**
 * GET dashboard/audit: filters `usersId` (who), `action` (exact or a prefix ending in `.`, e.g.
 * `record.`), `entityType` and `entityId` (the record), `from`/`to` (days, inclusive) or
 * `when=YYYY-MM-DD..YYYY-MM-DD`; paged from 1.
 */
export const auditQuerySchema = z
  .object({
    partnersId: z.string().optional(),
    usersId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    action: z.string().trim().min(1).max(100).optional(),
    entityType: z.string().trim().min(1).max(100).optional(),
    entityId: z.string().trim().min(1).max(100).optional(),
    from: isoDay.optional(),
    to: isoDay.optional(),
    when: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}\.\.\d{4}-\d{2}-\d{2}$/, 'A period is YYYY-MM-DD..YYYY-MM-DD')
      .optional(),
    q: z.string().trim().max(200).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(500).default(25),
  })
  .loose();
export type AuditQuery = z.output<typeof auditQuerySchema>;

// ------------------------------------------------------------------------------ platform console

/** Subdomains no partner may take: the platform's own names and common service names. */
export const RESERVED_SUBDOMAINS: readonly string[] = [
  'www',
  'api',
  'admin',
  'kinship',
  'app',
  'dashboard',
  'mail',
  'smtp',
  'static',
  'assets',
  'cdn',
  'media',
  'help',
  'support',
  'status',
  'docs',
  'blog',
  'auth',
  'login',
  'signup',
  'billing',
  'payments',
  'stripe',
  'webhooks',
  'localhost',
  'test',
  'staging',
  'dev',
];

export const SUBDOMAIN_RULE_MESSAGE =
  'A subdomain is 3 to 40 lower-case letters, digits or hyphens, starting with a letter and not ending with a hyphen.';
export const SUBDOMAIN_RESERVED_MESSAGE = 'This subdomain is reserved.';
export const SUBDOMAIN_TAKEN_MESSAGE = 'This subdomain is already taken.';

export const subdomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z][a-z0-9-]{1,38}[a-z0-9]$/, SUBDOMAIN_RULE_MESSAGE)
  .refine((s) => !s.includes('--'), SUBDOMAIN_RULE_MESSAGE)
  .refine((s) => !RESERVED_SUBDOMAINS.includes(s), SUBDOMAIN_RESERVED_MESSAGE);

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));
const optionalEmail = z
  .union([z.literal(''), emailSchema])
  .optional()
  .nullable()
  .transform((v) => (v ? v : null));

/** POST dashboard/platform/partners. */
export const partnerCreateSchema = z.strictObject({
  subdomain: subdomainSchema,
  name: z.string().trim().min(1, 'Name is required').max(200),
  countriesId: z.number().int().positive().max(2_147_483_647).nullable().optional(),
  ein: optionalText(40),
  currency: z.enum(CURRENCIES).default('usd'),
  principalContactName: optionalText(200),
  principalContactEmail: optionalEmail,
  principalContactTitle: optionalText(200),
  accountManagerName: optionalText(200),
  accountManagerEmail: optionalEmail,
  productsId: z.number().int().positive().max(2_147_483_647).nullable().optional(),
  demoMode: z.boolean().default(false),
  privateDemo: z.boolean().default(false),
});
export type PartnerCreate = z.input<typeof partnerCreateSchema>;

/** PATCH dashboard/platform/partners/{id}: the modes the console sets. */
export const partnerModesSchema = z
  .strictObject({ demoMode: z.boolean().optional(), privateDemo: z.boolean().optional() })
  .refine((v) => v.demoMode !== undefined || v.privateDemo !== undefined, 'Nothing to change');

export const consolePartnerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  subdomain: z.string(),
  demoMode: z.boolean(),
  privateDemo: z.boolean(),
  paymentsOnboarded: z.boolean(),
  activeSponsorships: z.number().int(),
  lastActivity: z.string().nullable(),
  createdAt: z.string(),
  /** Own domains waiting for verification (decision 050), which the platform administrator may verify by hand. */
  domainsWaiting: z.array(z.string()),
});
export type ConsolePartner = z.infer<typeof consolePartnerSchema>;

export const SETUP_STEPS = ['branding', 'type', 'program', 'record', 'payments', 'team'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

/** GET dashboard/setup: the new partner's checklist, each step read from real data. */
export const setupChecklistSchema = z.object({
  done: z.boolean(),
  steps: z.array(
    z.object({ step: z.enum(SETUP_STEPS), label: z.string(), done: z.boolean(), section: z.string() }),
  ),
});
export type SetupChecklist = z.infer<typeof setupChecklistSchema>;
