// Fixed identifiers and enumerations of the product (spec sections 3 and 6).

type ValueOf<T> = T[keyof T];

/** Partner setting type ids (spec 3, "Partner setting ids"). */
export const PartnerSetting = {
  AutoBirthdayOccasions: 1,
  SponsorButtonLabel: 2,
  ProgramLabel: 3,
  LogoLinksToWebsite: 4,
  // Landing page sections below each template's required parts: on unless set to false.
  LandingHowItWorks: 5,
  LandingWaitingLongest: 6,
  LandingImpact: 7,
  LandingDonate: 8,
} as const;
export type PartnerSettingId = ValueOf<typeof PartnerSetting>;

/** Feature ids (spec 3, "Feature ids"). */
export const Feature = {
  Occasions: 1,
  Initiatives: 2,
  Keepsakes: 3,
  Messages: 4,
  Trials: 5,
  LightningSponsorships: 6,
  Gifts: 7,
  CrmIntegrations: 8,
  GeneralDonations: 9,
  SponsoredNotes: 10,
  CustomColumns: 11,
  EmailTemplates: 12,
} as const;
export type FeatureId = ValueOf<typeof Feature>;

export const FEATURE_NAMES: Record<number, string> = Object.fromEntries(
  Object.entries(Feature).map(([name, id]) => [id, name]),
);

/**
 * What staff read for each feature (FEATURE_NAMES keeps the spec's identifiers for reference data).
 * Feature 4, Messages, is the sponsors' letters.
 */
export const FEATURE_LABELS: Record<FeatureId, string> = {
  [Feature.Occasions]: 'Occasions',
  [Feature.Initiatives]: 'Initiatives',
  [Feature.Keepsakes]: 'Keepsakes',
  [Feature.Messages]: 'Letters',
  [Feature.Trials]: 'Trials',
  [Feature.LightningSponsorships]: 'Lightning sponsorships',
  [Feature.Gifts]: 'Gifts',
  [Feature.CrmIntegrations]: 'CRM integrations',
  [Feature.GeneralDonations]: 'General donations',
  [Feature.SponsoredNotes]: 'Staff notes',
  [Feature.CustomColumns]: 'Custom columns',
  [Feature.EmailTemplates]: 'Email templates',
};

/** A feature's readable name; an unknown id reads "Feature <id>". */
export function featureLabel(id: number): string {
  return (FEATURE_LABELS as Record<number, string>)[id] ?? `Feature ${id}`;
}

/** Role ids (spec 6). */
export const Role = {
  Administrator: 2,
  Reporting: 3,
  Management: 4,
  Messages: 5,
  DonorManagement: 6,
} as const;
export type RoleId = ValueOf<typeof Role>;

export const ROLE_NAMES: Record<number, string> = Object.fromEntries(
  Object.entries(Role).map(([name, id]) => [id, name]),
);

/** What staff read for each role (ROLE_NAMES keeps the spec's identifiers for reference data). */
export const ROLE_LABELS: Record<RoleId, string> = {
  [Role.Administrator]: 'Administrator',
  [Role.Reporting]: 'Reporting',
  [Role.Management]: 'Management',
  [Role.Messages]: 'Messages',
  [Role.DonorManagement]: 'Donor management',
};

/** A role's readable name; an unknown id reads "Role <id>". */
export function roleLabel(id: number): string {
  return (ROLE_LABELS as Record<number, string>)[id] ?? `Role ${id}`;
}

export const ALL_ROLE_IDS: readonly RoleId[] = Object.values(Role);

/** Sponsored type ids (spec 3, "Sponsored record"). */
export const SponsoredType = {
  Student: 1,
  Teacher: 2,
  Staff: 3,
  Initiative: 4,
  Class: 5,
} as const;
export type SponsoredTypeId = ValueOf<typeof SponsoredType>;

export const SPONSORED_TYPE_IDS: readonly SponsoredTypeId[] = Object.values(SponsoredType);

export const SPONSORED_TYPE_NAMES: Record<number, string> = {
  [SponsoredType.Student]: 'student',
  [SponsoredType.Teacher]: 'teacher',
  [SponsoredType.Staff]: 'staff',
  [SponsoredType.Initiative]: 'initiative',
  [SponsoredType.Class]: 'class',
};

/** Persons are types 1 to 3. */
export const PERSON_TYPES: readonly number[] = [
  SponsoredType.Student,
  SponsoredType.Teacher,
  SponsoredType.Staff,
];

/** School-related types are 1, 2 and 5. */
export const SCHOOL_TYPES: readonly number[] = [
  SponsoredType.Student,
  SponsoredType.Teacher,
  SponsoredType.Class,
];

export function isPersonType(sponsoredTypesId: number): boolean {
  return PERSON_TYPES.includes(sponsoredTypesId);
}

export function isSchoolType(sponsoredTypesId: number): boolean {
  return SCHOOL_TYPES.includes(sponsoredTypesId);
}

/** Sponsored statuses (spec 3 and 4). */
export const SPONSORED_STATUSES = ['active', 'reserved', 'inactive', 'archived'] as const;
export type SponsoredStatus = (typeof SPONSORED_STATUSES)[number];

export function isSponsoredStatus(value: unknown): value is SponsoredStatus {
  return typeof value === 'string' && (SPONSORED_STATUSES as readonly string[]).includes(value);
}

export const GENDERS = ['Male', 'Female'] as const;
export type Gender = (typeof GENDERS)[number];

/** Payment method types and how they are shown (spec 3, "Payment method"). */
export const PAYMENT_METHOD_TYPES = ['card', 'us_bank_account', 'acss_debit'] as const;
export type PaymentMethodType = (typeof PAYMENT_METHOD_TYPES)[number];

export const PAYMENT_METHOD_DISPLAY_NAMES: Record<PaymentMethodType, string> = {
  card: 'Credit Card',
  us_bank_account: 'ACH Debit',
  acss_debit: 'ACSS (Canada)',
};

export const CARD_BRANDS_WITH_ICONS = ['visa', 'mastercard', 'amex', 'discover', 'jcb'] as const;
export type CardBrandWithIcon = (typeof CARD_BRANDS_WITH_ICONS)[number];

export function hasCardBrandIcon(brand: string | null | undefined): brand is CardBrandWithIcon {
  return typeof brand === 'string' && (CARD_BRANDS_WITH_ICONS as readonly string[]).includes(brand);
}

/** Country ids named by the spec (tax notices). */
export const Country = {
  Canada: 8,
  UnitedStates: 10,
} as const;
export type CountryId = ValueOf<typeof Country>;

/** Partner id 1 is the platform owner and id 2 is the demo partner. */
export const PLATFORM_PARTNER_ID = 1;
export const DEMO_PARTNER_ID = 2;

/**
 * Integration kinds (spec 3): kindful, stripe, and the value 2 for a
 * donor-management system. The spec mixes names and a number, so the kind is
 * kept exactly as given: two string kinds and the numeric kind 2.
 */
export const IntegrationType = {
  Kindful: 'kindful',
  Stripe: 'stripe',
  DonorManagement: 2,
} as const;
export type IntegrationKind = ValueOf<typeof IntegrationType>;

export const INTEGRATION_KINDS: readonly IntegrationKind[] = Object.values(IntegrationType);

export function isIntegrationKind(value: unknown): value is IntegrationKind {
  return (INTEGRATION_KINDS as readonly unknown[]).includes(value);
}
