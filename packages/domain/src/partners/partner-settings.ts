import { z } from 'zod';
import { Feature, PartnerSetting } from '../shared/ids.ts';
import { LOCALES, localeSchema } from '../shared/locale.ts';
import { translationsSchema } from '../shared/translations.ts';

/**
 * The partner's own settings as its Administrator edits them in the dashboard (Settings) and the
 * email templates (feature 12). The server validates with these schemas; the web forms are built
 * from them.
 */

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    .nullable()
    .transform((v) => (v === '' ? null : v));

/** A language the platform does not ship. */
export const LOCALE_MESSAGE = `Choose a language from the list (${LOCALES.join(', ')}).`;
/** The default language must be one of the languages the site offers. */
export const DEFAULT_LOCALE_NOT_OFFERED = 'The default language must be one of the languages offered.';

/** A link the site shows: http or https only (no javascript:, data: or relative addresses). */
export function isWebLink(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

const SUPPORT_EMAIL_PATTERN = /^[^\s@<>]+@[^\s@<>]+\.[A-Za-z]{2,}$/;

export const WEB_LINK_MESSAGE = 'Give a full address starting with http:// or https://.';

const webLink = optionalText(500).refine((v) => v === null || isWebLink(v), WEB_LINK_MESSAGE);

/** A hostname the partner may point at the platform: lower-case labels, at least one dot, no port. */
export const HOSTNAME_PATTERN = /^(?=.{4,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
export const HOSTNAME_MESSAGE = 'A host name such as sponsor.example.org (no http://, no path).';

/** Landing templates (spec 2): 2 a hero, 3 another landing with a button list; 1 stands for none. */
export const LANDING_TEMPLATES = [
  {
    id: 2,
    label: 'Template 2: hero',
    shows:
      'A hero with the header image, the tagline, a gift button if gifts are on and one button per sponsored type.',
  },
  {
    id: 3,
    label: 'Template 3: simple',
    shows: 'An introduction and a simpler list of buttons, one per sponsored type.',
  },
  { id: 1, label: 'None', shows: 'No landing template: the sections below it only.' },
] as const;

export const CURRENCIES = ['usd', 'cad', 'eur', 'gbp', 'aud', 'nzd', 'kes', 'ugx', 'zar'] as const;

export const brandColorSchema = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'A colour as #rrggbb.')
  .transform((v) => v.toLowerCase());

/** What each feature (spec 3) changes on the site, said under its switch's label (FEATURE_LABELS). */
export const FEATURE_EFFECTS: Record<number, string> = {
  [Feature.Occasions]: 'Sponsors can mark birthdays and holidays (/occasions).',
  [Feature.Initiatives]: 'The initiatives page lists projects to give to (/initiatives).',
  [Feature.Keepsakes]: 'Sponsors receive keepsakes about the person they sponsor.',
  [Feature.Messages]: 'Sponsors and sponsored people exchange letters.',
  [Feature.Trials]: '"Redeem Trial" in the Sponsor menu and trial codes (/redeemtrial).',
  [Feature.LightningSponsorships]: 'One-step sponsorship links (/lightning).',
  [Feature.Gifts]:
    '"Gift a Sponsorship" and "Redeem Gift" in the Sponsor menu, the Gift shortcut and the landing gift button.',
  [Feature.CrmIntegrations]: 'Donations are sent to your donor-management system.',
  [Feature.GeneralDonations]: '"General Giving" in the Sponsor menu and the Donate page.',
  [Feature.SponsoredNotes]: 'Staff keep notes on records.',
  [Feature.CustomColumns]: 'Extra fields on records, public ones shown on profiles.',
  [Feature.EmailTemplates]:
    'Your own wording for receipts, update notices, invitations and reminders (off: the defaults).',
};

/** What settings 1 to 4 (spec 3) change, and whether each is a switch or a text. */
export const SETTING_EFFECTS = [
  {
    id: PartnerSetting.AutoBirthdayOccasions,
    kind: 'boolean',
    label: 'Auto birthday occasions',
    effect: 'Creates a birthday occasion for each sponsored person every year.',
  },
  {
    id: PartnerSetting.SponsorButtonLabel,
    kind: 'text',
    label: 'Custom label for the sponsor button',
    effect: 'Replaces "Sponsor" on the navigation menu and the profile button.',
  },
  {
    id: PartnerSetting.ProgramLabel,
    kind: 'text',
    label: 'Custom label for program',
    effect: 'Replaces "Program" on the profile tab and the listing filter.',
  },
  {
    id: PartnerSetting.LogoLinksToWebsite,
    kind: 'boolean',
    label: 'Header logo redirects to the partner website',
    effect: 'The logo in the navigation bar opens your website instead of the home page.',
  },
] as const;

export const partnerSettingsInputSchema = z.object({
  tagline: optionalText(200),
  /** HTML; the server keeps only safe markup. */
  description: optionalText(20_000),
  /** Other offered locales' texts (decision 072); left out: the stored ones stay. */
  translations: translationsSchema.optional(),
  brandColor: brandColorSchema,
  website: webLink,
  facebook: webLink,
  instagram: webLink,
  twitter: webLink,
  /** Any address of the usual shape (a support address may end in a long domain such as .example). */
  supportEmail: optionalText(200).refine(
    (v) => v === null || SUPPORT_EMAIL_PATTERN.test(v),
    'A valid email address.',
  ),
  landingPageTemplatesId: z.union([z.literal(1), z.literal(2), z.literal(3)], {
    error: 'Choose template 2, template 3 or none.',
  }),
  /** The features that are on (ids 1 to 12). */
  features: z
    .array(z.int().min(1, 'A feature id from 1 to 12.').max(12, 'A feature id from 1 to 12.'))
    .max(12),
  /** Settings 1 to 4: booleans as 'true'/'false', labels as text (null: not set). */
  settings: z.object({
    autoBirthdayOccasions: z.boolean(),
    sponsorButtonLabel: optionalText(40),
    programLabel: optionalText(40),
    logoLinksToWebsite: z.boolean(),
  }),
  /** The partner's own host names (validated and unique across partners). */
  domains: z
    .array(
      z
        .string()
        .trim()
        .transform((v) => v.toLowerCase().replace(/\.$/, ''))
        .refine((v) => HOSTNAME_PATTERN.test(v), HOSTNAME_MESSAGE),
    )
    .max(10, 'At most 10 domains.'),
  /** Percent. */
  sponsorProcFee: z.number('A number.').min(0, 'At least 0.').max(20, 'At most 20.'),
  /** Percent. */
  generalProcFee: z.number('A number.').min(0, 'At least 0.').max(20, 'At most 20.'),
  applicationFeeModel: z.enum(['fee', 'tip'], { error: 'Fee or tip.' }),
  currency: z.enum(CURRENCIES, { error: 'Choose a currency from the list.' }),
  demoMode: z.boolean(),
  privateDemo: z.boolean(),
  /**
   * The languages (decision 070): the default a visitor gets when nothing else decides, and the
   * locales the language switch offers. Optional: a caller that leaves them out keeps the stored ones.
   */
  defaultLocale: z.enum(LOCALES, { error: LOCALE_MESSAGE }).optional(),
  locales: z
    .array(z.enum(LOCALES, { error: LOCALE_MESSAGE }))
    .min(1, 'Offer at least one language.')
    .max(LOCALES.length)
    .optional(),
});
export type PartnerSettingsInput = z.input<typeof partnerSettingsInputSchema>;

/** How Settings > Domains names a domain whose TXT record has not been seen yet. */
export const DOMAIN_WAITING_LABEL = 'waiting for verification';
/** The TXT record proving a partner holds `domain`. */
export const domainVerificationRecord = (domain: string, token: string) => ({
  recordName: `_kinship-verify.${domain}`,
  recordValue: `kinship-verify=${token}`,
});

/** The platform console's answer to verifying a partner's domain by hand. */
export const domainVerifiedSchema = z.object({
  partnersId: z.int(),
  domain: z.string(),
  verifiedAt: z.string(),
});
export type DomainVerified = z.infer<typeof domainVerifiedSchema>;

export const partnerSettingsAnswerSchema = z.object({
  partnersId: z.int(),
  name: z.string(),
  subdomain: z.string(),
  logo: z.string().nullable(),
  headerImage: z.string().nullable(),
  tagline: z.string().nullable(),
  description: z.string().nullable(),
  /** Other offered locales' texts (decision 072); the fields above hold the default locale's. */
  translations: translationsSchema,
  brandColor: z.string(),
  website: z.string().nullable(),
  facebook: z.string().nullable(),
  instagram: z.string().nullable(),
  twitter: z.string().nullable(),
  supportEmail: z.string().nullable(),
  landingPageTemplatesId: z.int(),
  features: z.array(z.int()),
  settings: z.object({
    autoBirthdayOccasions: z.boolean(),
    sponsorButtonLabel: z.string().nullable(),
    programLabel: z.string().nullable(),
    logoLinksToWebsite: z.boolean(),
  }),
  domains: z.array(z.string()),
  /**
   * Each own domain's proof of ownership (decision 050): until the TXT record is seen (or the
   * platform administrator verifies it by hand) the domain is waiting for verification and the
   * site does not answer at it.
   */
  domainVerification: z.array(
    z.object({
      domain: z.string(),
      verified: z.boolean(),
      /** The TXT record to create: its name and value. */
      recordName: z.string(),
      recordValue: z.string(),
      /** When the record was last looked for (ISO), null before the first look. */
      lastCheckedAt: z.string().nullable(),
    }),
  ),
  /** The DNS record each own domain needs: a CNAME to this host. */
  dnsTarget: z.string(),
  sponsorProcFee: z.number(),
  generalProcFee: z.number(),
  applicationFeeModel: z.enum(['fee', 'tip']),
  currency: z.string(),
  demoMode: z.boolean(),
  privateDemo: z.boolean(),
  /** The default locale, always one of `locales`. */
  defaultLocale: localeSchema,
  /** The locales the site offers, in the platform's order. */
  locales: z.array(localeSchema),
  payments: z.object({
    /** A connected account is stored (stripeUserId present). */
    connected: z.boolean(),
    /** From the provider's account.updated: null while not yet told. */
    chargesEnabled: z.boolean().nullable(),
  }),
});
export type PartnerSettingsAnswer = z.infer<typeof partnerSettingsAnswerSchema>;

// ---------------------------------------------------------------------- email templates

/** The outbox kinds a partner may word (decision 044); another kind plugs in with a row here. */
export const EMAIL_TEMPLATE_KINDS = [
  'receipt',
  'update_notice',
  'invitation',
  'reminder',
  'letter_notice',
] as const;
export type EmailTemplateKind = (typeof EMAIL_TEMPLATE_KINDS)[number];

export const emailTemplateInputSchema = z.object({
  subject: z.string().trim().min(1, 'Required.').max(200, 'At most 200 characters.'),
  body: z.string().trim().min(1, 'Required.').max(10_000, 'At most 10,000 characters.'),
  /** The language of this version (decision 073); left out, the partner's default locale. */
  locale: z.string().max(20).optional(),
});
export type EmailTemplateInput = z.input<typeof emailTemplateInputSchema>;

export const emailTemplateSchema = z.object({
  kind: z.enum(EMAIL_TEMPLATE_KINDS),
  label: z.string(),
  /** When the site sends it. */
  sentWhen: z.string(),
  placeholders: z.array(z.object({ name: z.string(), description: z.string(), sample: z.string() })),
  subject: z.string(),
  body: z.string(),
  /** The partner's own wording is stored (else the default is shown). */
  custom: z.boolean(),
  defaultSubject: z.string(),
  defaultBody: z.string(),
});
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;

export const emailTemplatesAnswerSchema = z.object({
  /** Feature 12: off, every message uses the default wording. */
  enabled: z.boolean(),
  /** The language these versions are in (decision 073): the one asked for, else the partner's default. */
  locale: localeSchema.optional(),
  /** The locales the partner offers, in the platform's order: one version of each template per locale. */
  locales: z.array(localeSchema).optional(),
  templates: z.array(emailTemplateSchema),
});
export type EmailTemplatesAnswer = z.infer<typeof emailTemplatesAnswerSchema>;

export const emailPreviewSchema = z.object({ subject: z.string(), text: z.string(), html: z.string() });
export type EmailPreview = z.infer<typeof emailPreviewSchema>;
