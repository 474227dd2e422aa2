import { z } from 'zod';
import { localeSchema } from './locale.ts';
import { DONATION } from './constants.ts';
import { isValidEmail } from '../people/email.ts';
import { GENDERS, PAYMENT_METHOD_TYPES, SPONSORED_STATUSES } from './ids.ts';

// Zod schemas of the API payloads. Amounts are integer cents everywhere in the
// API (the web formats them with formatCents). Nullability is explicit.

const id = z.int();
const cents = z.int().nonnegative();
const text = z.string();
const nullableText = z.string().nullable();
/** A calendar date 'YYYY-MM-DD'. */
const plainDate = z.iso.date();

export const sponsoredTypeIdSchema = z.literal([1, 2, 3, 4, 5]);
export const filterOptionKindSchema = z.literal([1, 2, 3, 4, 5]);
export const integrationKindSchema = z.literal(['kindful', 'stripe', 2]);
export const sponsoredStatusSchema = z.enum(SPONSORED_STATUSES);
export const genderSchema = z.enum(GENDERS);
export const gridLayoutSchema = z.enum(['column', 'deck', 'deck-cropped']);
export const applicationFeeModelSchema = z.enum(['fee', 'tip']);
export const paymentIntervalSchema = z.enum(['month', 'year']);
export const paymentMethodTypeSchema = z.enum(PAYMENT_METHOD_TYPES);

export type GridLayout = z.infer<typeof gridLayoutSchema>;

// ---------------------------------------------------------------- partner

export const paymentIntervalRecordSchema = z.object({
  id,
  name: text,
  multiplier: z.number().nonnegative(),
});

export const sponsoredTypePlanSchema = z.object({
  id,
  monthlyAmount: cents,
  partnerSponsoredTypePlanIntervals: z.array(z.object({ paymentIntervals: paymentIntervalRecordSchema })),
});
export type SponsoredTypePlan = z.infer<typeof sponsoredTypePlanSchema>;

export const filterOptionSchema = z.object({
  id: z.union([z.string(), z.number()]),
  value: text,
});
export type FilterOption = z.infer<typeof filterOptionSchema>;

export const filterTypeSchema = z.object({
  id,
  label: text,
  type: z.enum(['dynamic', 'static']),
  filterField: text,
  filterOptionKind: filterOptionKindSchema,
  options: z.array(filterOptionSchema),
});
export type FilterType = z.infer<typeof filterTypeSchema>;

export const partnerSponsoredTypeSchema = z.object({
  id,
  partnersId: id,
  sponsoredTypesId: sponsoredTypeIdSchema,
  identifier: text,
  customLabelSingular: text,
  customLabelPlural: text,
  /** Null means the default slot name 'Slot'. */
  customSlotName: nullableText,
  description: nullableText,
  active: z.boolean(),
  showSlots: z.boolean(),
  /** Null or 0 means 1. */
  visibleSlots: z.int().nonnegative().nullable(),
  maxSlots: z.int().nonnegative(),
  maskProfiles: z.boolean(),
  showBirthday: z.boolean(),
  showAge: z.boolean(),
  showLastName: z.boolean(),
  gridLayout: gridLayoutSchema,
  customColumns: z.array(text),
  currentSponsoredTypePlans: z.array(sponsoredTypePlanSchema),
  filterTypes: z.array(filterTypeSchema),
});
export type PartnerSponsoredType = z.infer<typeof partnerSponsoredTypeSchema>;

export const entitySummarySchema = z.object({
  id,
  name: text,
  city: nullableText,
});
export type EntitySummary = z.infer<typeof entitySummarySchema>;

export const partnerPublicSchema = z.object({
  id,
  name: text,
  subdomain: text,
  countriesId: id.nullable(),
  ein: nullableText,
  tagline: nullableText,
  /** HTML. */
  description: nullableText,
  supportEmail: nullableText,
  imageUrl: nullableText,
  logo: nullableText,
  headerImage: nullableText,
  website: nullableText,
  facebook: nullableText,
  instagram: nullableText,
  twitter: nullableText,
  brandColor: nullableText,
  /** Percent. */
  sponsorProcFee: z.number().nonnegative(),
  /** Percent. */
  generalProcFee: z.number().nonnegative(),
  currency: text,
  /** The site's default language and the languages it offers (decision 070). */
  defaultLocale: localeSchema,
  locales: z.array(localeSchema),
  demoMode: z.boolean(),
  privateDemo: z.boolean(),
  isSupportSite: z.boolean(),
  /** Whether the partner has a stripeUserId; the id itself is never exposed. */
  paymentsConfigured: z.boolean(),
  stripeClientId: nullableText,
  auth0ClientId: nullableText,
  landingPageTemplatesId: id,
  productsId: id.nullable(),
  applicationFeeModel: applicationFeeModelSchema,
  partnerDomains: z.array(text),
  partnerFeatures: z.array(z.object({ featuresId: id })),
  partnerSettings: z.array(z.object({ partnerSettingTypesId: id, value: nullableText })),
  partnerIntegrations: z.array(z.object({ integrationType: integrationKindSchema })),
  entities: z.array(entitySummarySchema),
  partnerSponsoredTypes: z.array(partnerSponsoredTypeSchema),
});
export type PartnerPublic = z.infer<typeof partnerPublicSchema>;

// ---------------------------------------------------------------- sponsored

export const sponsoredSummarySchema = z.object({
  id,
  code: text,
  firstName: text,
  lastName: nullableText,
  title: nullableText,
  gender: genderSchema.nullable(),
  age: z.int().nonnegative().nullable(),
  gradesId: id.nullable(),
  grades: z.object({ description: text }).nullable(),
  masked: z.boolean(),
  monthlyAmount: cents,
  maxSlots: z.int().nonnegative(),
  slotsFilled: z.int().nonnegative(),
  sponsoredTypesId: sponsoredTypeIdSchema,
  partnerSponsoredTypesId: id,
  entitiesId: id,
  entities: entitySummarySchema,
  profileImagePath: nullableText,
  status: sponsoredStatusSchema,
});
export type SponsoredSummary = z.infer<typeof sponsoredSummarySchema>;

export const countrySchema = z.object({
  name: text,
  description: nullableText,
  imageUrl: nullableText,
});
export type CountryRecord = z.infer<typeof countrySchema>;

export const entityDetailSchema = z.object({
  id,
  name: text,
  city: nullableText,
  /** HTML. */
  description: nullableText,
  imageUrl: nullableText,
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  countries: countrySchema.nullable(),
});
export type EntityDetail = z.infer<typeof entityDetailSchema>;

export const sponsoredAttributeSchema = z.object({ description: text, value: text });
export const customColumnValueSchema = z.object({ column: text, value: text });

export const sponsoredDetailSchema = sponsoredSummarySchema.extend({
  birthday: plainDate.nullable(),
  birthdayFormatted: nullableText,
  showBirthday: z.boolean(),
  showAge: z.boolean(),
  showLastName: z.boolean(),
  bio: text,
  homeroom: nullableText,
  active: z.boolean(),
  sponsoredAttributes: z.array(sponsoredAttributeSchema),
  customColumnValues: z.array(customColumnValueSchema),
  entities: entityDetailSchema,
  isSponsor: z.boolean(),
  canAdminister: z.boolean(),
});
export type SponsoredDetail = z.infer<typeof sponsoredDetailSchema>;

export const sponsoredImageSchema = z.object({
  imagePath: text,
  description: nullableText,
});
export type SponsoredImage = z.infer<typeof sponsoredImageSchema>;

/** An uploaded picture of a record (POST sponsoreds/{id}/images): its WebP variants, upright and without metadata. */
export const createdSponsoredImageSchema = sponsoredImageSchema.extend({
  id,
  /** The large variant's size in pixels: the upright picture, at most 1600 on its longest side. */
  width: z.number().int(),
  height: z.number().int(),
  variants: z.object({ large: text, medium: text, thumb: text }),
});
export type CreatedSponsoredImage = z.infer<typeof createdSponsoredImageSchema>;

export const updateSchema = z.object({
  id,
  title: text,
  distributionDate: text,
  updateMessage: text,
});
export type Update = z.infer<typeof updateSchema>;

// ---------------------------------------------------------------- users

const requiredText = z.string().trim().min(1);

export const newUserSchema = z.object({
  firstName: requiredText,
  lastName: requiredText,
  email: z.string().trim().refine(isValidEmail, { message: 'Invalid email' }),
  address1: requiredText,
  address2: z.string().trim().optional(),
  city: requiredText,
  state: requiredText,
  zip: requiredText,
  /** Checked as a phone number (default country US) by the caller. */
  phone: z.string().trim().optional(),
});
export type NewUser = z.infer<typeof newUserSchema>;

// ---------------------------------------------------------------- payments

export const paymentMethodSchema = z.object({
  id: text,
  type: paymentMethodTypeSchema,
  card: z.object({ brand: text, last4: text, expMonth: z.int(), expYear: z.int() }).nullable(),
  usBankAccount: z
    .object({ bankName: nullableText, last4: text, routingNumber: nullableText, accountType: nullableText })
    .nullable(),
  acssDebit: z.object({ bankName: nullableText, last4: text }).nullable(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const onboardRequestSchema = z.object({
  state: z.string().min(1),
  authorizationCode: z.string().min(1),
});
export const onboardResponseSchema = z.object({ redirectUrl: text });

/**
 * POST payments (a general donation). `amount` is in DOLLARS, as the donation form takes it (minimum
 * 1, step 0.01: at most two decimals); the server converts it to integer cents. `website` is a
 * honeypot that people never see: it must be absent or empty.
 */
export const donationRequestSchema = z.object({
  partnersId: id,
  amount: z
    .number()
    .min(DONATION.min, `amount must be at least ${DONATION.min}`)
    .max(1_000_000, 'amount must be at most 1000000')
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'amount must have at most 2 decimals')
    .describe('Dollars, as the donation form takes them (minimum 1, step 0.01); charged in cents.'),
  firstName: requiredText,
  lastName: requiredText,
  email: z.string().trim().refine(isValidEmail, { message: 'Invalid email' }),
  note: z.string().max(DONATION.commentMax).nullable().optional(),
  /** Id of the initiative the donation is for, if any. */
  initiative: id.nullable().optional(),
  /** Card token from the payment provider. */
  token: z.string().min(1),
  website: z.string().optional(),
});
export type DonationRequest = z.infer<typeof donationRequestSchema>;

/** The largest id a PostgreSQL serial column holds. */
const MAX_ID = 2_147_483_647;

/**
 * A person's id in a request: exactly as GET users/getByToken answers it (a whole number), or the
 * same id written in decimal digits (no sign, spaces, exponent or leading zeros), both read as
 * the number. Anything else is refused.
 */
export const personIdSchema = z.union([
  z.int().min(0).max(MAX_ID),
  z
    .string()
    .regex(/^(0|[1-9]\d{0,9})$/, 'must be a whole number, as GET users/getByToken answers the id')
    .transform(Number)
    .pipe(z.int().max(MAX_ID)),
]);

export const userSponsoredLineSchema = z.object({
  /** The signed-in person's id; the buyer is always the signed-in person whatever it says. */
  usersId: personIdSchema,
  sponsoredsId: id,
  numSlots: z.int().positive(),
  amount: cents,
  isManualSponsorshipConversion: z.boolean(),
  partnerSponsoredTypesId: id,
});
export type UserSponsoredLine = z.infer<typeof userSponsoredLineSchema>;

export const checkoutRequestSchema = z.object({
  partnersId: id,
  /** Payment method id. */
  stripePaymentIntent: z.string().min(1),
  userSponsoreds: z.array(userSponsoredLineSchema).min(1),
  email: z.string().trim().refine(isValidEmail, { message: 'Invalid email' }),
  firstName: requiredText,
  lastName: requiredText,
  baseAmount: cents,
  additionalAmount: cents,
  /** The lightning link the visitor came through (decision 049), if any; an unknown one is ignored. */
  lightningCode: z.string().max(80).optional(),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

export const checkoutResponseSchema = z.object({
  /** Receipt URL. */
  invoice: text,
});

// ---------------------------------------------------------------- the signed-in person

export const partnerUserSchema = z.object({
  partnersId: id,
  partnerUserRoles: z.array(z.object({ rolesId: id })),
  partnerUserEntities: z.array(z.object({ entitiesId: id })),
});

export const userSponsoredSchema = z.object({
  id,
  sponsoredsId: id,
  partnersId: id,
  numSlots: z.int().positive(),
  /** Cents per interval. */
  amount: cents,
  interval: paymentIntervalSchema.nullable(),
  dateStarted: text,
  dateEnded: text.nullable(),
  /** The subscription paying for it (GET payments/subscriptiondetail/{id}); null for a manual sponsorship. */
  subscriptionsId: id.nullable().optional(),
  /** Recorded by the partner and paid offline: "Pay by card" converts it (cart item isConversion). */
  isManual: z.boolean().optional(),
  /**
   * A trial not yet paid for (a redeemed trial code, decision 048): when it ends, when its reminder
   * is due and when it was sent. Null (or absent) for anything else, a converted trial included.
   */
  trial: z.object({ endsAt: text, reminderAt: text, remindedAt: text.nullable() }).nullable().optional(),
  sponsoreds: z.object({
    id,
    firstName: text,
    lastName: nullableText,
    title: nullableText,
    profileImagePath: nullableText,
    masked: z.boolean(),
    partnerSponsoredTypesId: id,
    /** Persons (1 to 3) are named by name, classes and initiatives by title (sponsoredRecordName). */
    sponsoredTypesId: id,
  }),
});
export type UserSponsored = z.infer<typeof userSponsoredSchema>;

/** GET users/getByToken: the person record of the signed-in account. */
export const userSchema = z.object({
  id,
  firstName: nullableText,
  lastName: nullableText,
  email: nullableText,
  address1: nullableText,
  address2: nullableText,
  city: nullableText,
  state: nullableText,
  zip: nullableText,
  phone: nullableText,
  tempAccount: z.boolean(),
  partnerUsers: z.array(partnerUserSchema),
  userSponsoreds: z.array(userSponsoredSchema),
});
export type User = z.infer<typeof userSchema>;

/** GET partners/{partnerId}/landing: what the landing sections show, from the partner's own data. */
export const landingHighlightsSchema = z.object({
  /** Open records (active, slots remaining) waiting longest, masking applied as in the listing. */
  waitingLongest: z.array(sponsoredSummarySchema),
  impact: z.object({
    /** Sponsorships active now. */
    activeSponsorships: z.int().nonnegative(),
    /** People sponsoring now. */
    sponsors: z.int().nonnegative(),
    /** Records with at least one sponsor now. */
    recordsSponsored: z.int().nonnegative(),
    /** Programs (entities) with an active record. */
    programs: z.int().nonnegative(),
    /** Countries of those programs. */
    countries: z.int().nonnegative(),
  }),
});
export type LandingHighlights = z.infer<typeof landingHighlightsSchema>;
