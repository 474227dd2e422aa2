import type {
  PartnerPublic,
  PartnerSponsoredType,
  PaymentConfig,
  RecordLetters,
  SponsorLetter,
  User,
} from '@kinship/domain';
import type { Me } from '../shared/auth/api/get-me';

/** A partner sponsored type with plain defaults; override what a test is about. */
export function buildSponsoredType(overrides: Partial<PartnerSponsoredType> = {}): PartnerSponsoredType {
  return {
    id: 21,
    partnersId: 2,
    sponsoredTypesId: 1,
    identifier: 'students',
    customLabelSingular: 'Student',
    customLabelPlural: 'Students',
    customSlotName: null,
    description: 'Students in our partner schools.',
    active: true,
    showSlots: false,
    visibleSlots: 1,
    maxSlots: 1,
    maskProfiles: false,
    showBirthday: true,
    showAge: true,
    showLastName: false,
    gridLayout: 'column',
    customColumns: [],
    currentSponsoredTypePlans: [
      {
        id: 1,
        monthlyAmount: 3500,
        partnerSponsoredTypePlanIntervals: [
          { paymentIntervals: { id: 1, name: 'month', multiplier: 1 } },
          { paymentIntervals: { id: 2, name: 'year', multiplier: 12 } },
        ],
      },
    ],
    filterTypes: [],
    ...overrides,
  };
}

/** A partner as GET partners/{key} answers it: no features, no settings, template 1. */
export function buildPartner(overrides: Partial<PartnerPublic> = {}): PartnerPublic {
  return {
    id: 2,
    name: 'Hope Schools',
    subdomain: 'demo',
    countriesId: 10,
    ein: null,
    tagline: 'Every child deserves a great school.',
    description: '<p>We run schools.</p>',
    supportEmail: 'support@hope.example',
    imageUrl: null,
    logo: 'partners/2/logo.webp',
    headerImage: 'partners/2/header.webp',
    website: 'https://hope.example',
    facebook: null,
    instagram: null,
    twitter: null,
    brandColor: '#0b7285',
    sponsorProcFee: 3,
    generalProcFee: 3,
    currency: 'usd',
    defaultLocale: 'en-US',
    locales: ['en-US'],
    demoMode: false,
    privateDemo: false,
    isSupportSite: false,
    paymentsConfigured: true,
    stripeClientId: null,
    auth0ClientId: null,
    landingPageTemplatesId: 1,
    productsId: null,
    applicationFeeModel: 'tip',
    partnerDomains: [],
    partnerFeatures: [],
    partnerSettings: [],
    partnerIntegrations: [],
    entities: [],
    partnerSponsoredTypes: [
      buildSponsoredType(),
      buildSponsoredType({
        id: 22,
        sponsoredTypesId: 2,
        identifier: 'teachers',
        customLabelSingular: 'Teacher',
        customLabelPlural: 'Teachers',
      }),
    ],
    ...overrides,
  };
}

/** A Canadian partner offering English and French, like the demo's maple: for the French screens' tests. */
export function buildCanadianPartner(overrides: Partial<PartnerPublic> = {}): PartnerPublic {
  return buildPartner({
    countriesId: 8,
    currency: 'cad',
    defaultLocale: 'en-CA',
    locales: ['en-CA', 'fr-CA'],
    ...overrides,
  });
}

/** A person record of a signed-in account, with no roles and no sponsorships. */
export function buildUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    firstName: 'Sam',
    lastName: 'Sponsor',
    email: 'sam@example.com',
    address1: null,
    address2: null,
    city: null,
    state: null,
    zip: null,
    phone: null,
    tempAccount: false,
    partnerUsers: [],
    userSponsoreds: [],
    ...overrides,
  };
}

export const signedOut: Me = { signedIn: false, isNew: false, user: null };

export function signedIn(user: User = buildUser()): Me {
  return { signedIn: true, isNew: false, user };
}

/** A signed-in person holding the given roles (default Administrator) at the partner. */
export function partnerStaff(partnersId = 2, roles: number[] = [2]): Me {
  return signedIn(
    buildUser({
      firstName: 'Pat',
      lastName: 'Admin',
      partnerUsers: [
        { partnersId, partnerUserRoles: roles.map((rolesId) => ({ rolesId })), partnerUserEntities: [] },
      ],
    }),
  );
}

/** The payment configuration of a site on the built-in sandbox gateway. */
export const sandboxPaymentConfig: PaymentConfig = {
  gateway: 'sandbox',
  publishableKey: null,
  stripeAccount: null,
  allowBanks: false,
  paymentsConfigured: true,
};

/** A sponsor's letter to Amina (record 101), delivered, as GET users/{id}/messages answers it. */
export function buildSponsorLetter(overrides: Partial<SponsorLetter> = {}): SponsorLetter {
  return {
    id: 501,
    direction: 'to_sponsored',
    status: 'delivered',
    sponsoredsId: 101,
    recordName: 'Amina',
    body: 'Dear Amina, we hope school is going well.',
    language: 'en-US',
    pictures: [],
    hasScan: false,
    rejectionReason: null,
    createdAt: '2026-09-01T10:00:00.000Z',
    steps: [
      { status: 'submitted', at: '2026-09-01T10:00:00.000Z', by: null },
      { status: 'approved', at: '2026-09-03T10:00:00.000Z', by: null },
      { status: 'printed', at: '2026-09-10T10:00:00.000Z', by: null },
      { status: 'sent_to_program', at: '2026-09-12T10:00:00.000Z', by: null },
      { status: 'delivered', at: '2026-10-01T10:00:00.000Z', by: null },
    ],
    nextStep: null,
    flags: [],
    editable: false,
    ...overrides,
  };
}

/** What GET sponsoreds/{id}/messages answers a sponsor of Amina (record 101) who may write. */
export function buildRecordLetters(overrides: Partial<RecordLetters> = {}): RecordLetters {
  return {
    sponsoredsId: 101,
    recordName: 'Amina',
    canWrite: true,
    guidelines: 'Write about your days, your family and what you enjoy.',
    words: ['secret'],
    country: 'US',
    letters: [],
    ...overrides,
  };
}
