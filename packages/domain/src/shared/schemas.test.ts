import { describe, it, expect } from 'vitest';
import {
  checkoutRequestSchema,
  donationRequestSchema,
  newUserSchema,
  partnerPublicSchema,
  partnerSponsoredTypeSchema,
  paymentMethodSchema,
  sponsoredDetailSchema,
  sponsoredImageSchema,
  sponsoredSummarySchema,
  updateSchema,
  userSponsoredLineSchema,
} from './schemas.ts';
import type { PartnerPublic, PartnerSponsoredType, SponsoredDetail, SponsoredSummary } from './schemas.ts';

const sponsoredType: PartnerSponsoredType = {
  id: 11,
  partnersId: 7,
  sponsoredTypesId: 1,
  identifier: 'students',
  customLabelSingular: 'Student',
  customLabelPlural: 'Students',
  customSlotName: null,
  description: '<p>Sponsor a student.</p>',
  active: true,
  showSlots: true,
  visibleSlots: 3,
  maxSlots: 5,
  maskProfiles: true,
  showBirthday: false,
  showAge: true,
  showLastName: false,
  gridLayout: 'deck-cropped',
  customColumns: ['Favourite subject'],
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
  filterTypes: [
    { id: 1, label: 'Program', type: 'dynamic', filterField: 'entitiesId', filterOptionKind: 2, options: [] },
    {
      id: 2,
      label: 'Gender',
      type: 'static',
      filterField: 'gender',
      filterOptionKind: 3,
      options: [
        { id: 'Male', value: 'Male' },
        { id: 'Female', value: 'Female' },
      ],
    },
  ],
};

const partner: PartnerPublic = {
  id: 7,
  name: 'Hope School',
  subdomain: 'hope',
  countriesId: 10,
  ein: '12-3456789',
  tagline: 'Every child learns',
  description: '<p>About us</p>',
  supportEmail: 'help@hope.org',
  imageUrl: null,
  logo: 'logo.png',
  headerImage: null,
  website: 'https://hope.org',
  facebook: null,
  instagram: null,
  twitter: null,
  brandColor: '#336699',
  sponsorProcFee: 5,
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
  landingPageTemplatesId: 2,
  productsId: null,
  applicationFeeModel: 'tip',
  partnerDomains: ['hope.example.org'],
  partnerFeatures: [{ featuresId: 7 }],
  partnerSettings: [{ partnerSettingTypesId: 3, value: 'School' }],
  partnerIntegrations: [{ integrationType: 'stripe' }, { integrationType: 2 }],
  entities: [{ id: 100, name: 'North Campus', city: 'Springfield' }],
  partnerSponsoredTypes: [sponsoredType],
};

const summary: SponsoredSummary = {
  id: 501,
  code: 'ST-501',
  firstName: 'Ana',
  lastName: null,
  title: null,
  gender: 'Female',
  age: 9,
  gradesId: 7,
  grades: { description: '4th Grade' },
  masked: true,
  monthlyAmount: 3500,
  maxSlots: 2,
  slotsFilled: 1,
  sponsoredTypesId: 1,
  partnerSponsoredTypesId: 11,
  entitiesId: 100,
  entities: { id: 100, name: 'North Campus', city: null },
  profileImagePath: null,
  status: 'active',
};

const detail: SponsoredDetail = {
  ...summary,
  birthday: null,
  birthdayFormatted: null,
  showBirthday: false,
  showAge: true,
  showLastName: false,
  bio: 'Loves maths.',
  homeroom: null,
  active: true,
  sponsoredAttributes: [{ description: 'Favourite colour', value: 'Blue' }],
  customColumnValues: [{ column: 'Favourite subject', value: 'Maths' }],
  entities: {
    id: 100,
    name: 'North Campus',
    city: 'Springfield',
    description: null,
    imageUrl: null,
    latitude: 1.5,
    longitude: null,
    countries: { name: 'Kenya', description: null, imageUrl: null },
  },
  isSponsor: false,
  canAdminister: false,
};

describe('partnerPublicSchema', () => {
  it('accepts a public partner', () => {
    expect(partnerPublicSchema.parse(partner)).toEqual(partner);
  });

  it('drops provider secrets such as stripeUserId', () => {
    const parsed = partnerPublicSchema.parse({ ...partner, stripeUserId: 'acct_secret' });
    expect(parsed).not.toHaveProperty('stripeUserId');
  });

  it("rejects an applicationFeeModel other than 'fee' or 'tip' and an unknown integration kind", () => {
    expect(partnerPublicSchema.safeParse({ ...partner, applicationFeeModel: 'other' }).success).toBe(false);
    expect(
      partnerPublicSchema.safeParse({ ...partner, partnerIntegrations: [{ integrationType: 'crm' }] })
        .success,
    ).toBe(false);
  });

  it('requires explicit nulls rather than missing fields', () => {
    const { ein: _ein, ...withoutEin } = partner;
    expect(partnerPublicSchema.safeParse(withoutEin).success).toBe(false);
  });
});

describe('partnerSponsoredTypeSchema', () => {
  it('accepts the column, deck and deck-cropped layouts only', () => {
    for (const gridLayout of ['column', 'deck', 'deck-cropped']) {
      expect(partnerSponsoredTypeSchema.safeParse({ ...sponsoredType, gridLayout }).success).toBe(true);
    }
    expect(partnerSponsoredTypeSchema.safeParse({ ...sponsoredType, gridLayout: 'list' }).success).toBe(
      false,
    );
  });

  it('requires plan amounts in integer cents', () => {
    const plan = { ...sponsoredType.currentSponsoredTypePlans[0], monthlyAmount: 35.5 };
    expect(
      partnerSponsoredTypeSchema.safeParse({ ...sponsoredType, currentSponsoredTypePlans: [plan] }).success,
    ).toBe(false);
  });

  it('rejects an unknown filter option kind', () => {
    const filter = { ...sponsoredType.filterTypes[0], filterOptionKind: 6 };
    expect(partnerSponsoredTypeSchema.safeParse({ ...sponsoredType, filterTypes: [filter] }).success).toBe(
      false,
    );
  });
});

describe('sponsoredSummarySchema', () => {
  it('accepts a listing card', () => {
    expect(sponsoredSummarySchema.parse(summary)).toEqual(summary);
  });

  it('rejects an unknown status, type or gender', () => {
    expect(sponsoredSummarySchema.safeParse({ ...summary, status: 'deleted' }).success).toBe(false);
    expect(sponsoredSummarySchema.safeParse({ ...summary, sponsoredTypesId: 6 }).success).toBe(false);
    expect(sponsoredSummarySchema.safeParse({ ...summary, gender: 'Other' }).success).toBe(false);
  });
});

describe('sponsoredDetailSchema', () => {
  it('accepts a profile with the full entity', () => {
    expect(sponsoredDetailSchema.parse(detail)).toEqual(detail);
  });

  it('takes birthdays as plain YYYY-MM-DD dates', () => {
    expect(sponsoredDetailSchema.safeParse({ ...detail, birthday: '2015-04-30' }).success).toBe(true);
    expect(sponsoredDetailSchema.safeParse({ ...detail, birthday: '04/30/2015' }).success).toBe(false);
  });

  it('needs the full entity, not the summary one', () => {
    expect(sponsoredDetailSchema.safeParse({ ...detail, entities: summary.entities }).success).toBe(false);
  });
});

describe('images and updates', () => {
  it('accept an image with a null description', () => {
    expect(sponsoredImageSchema.parse({ imagePath: 'a/b.jpg', description: null })).toEqual({
      imagePath: 'a/b.jpg',
      description: null,
    });
  });

  it('accept an update', () => {
    const update = {
      id: 1,
      title: 'Term report',
      distributionDate: '2024-05-01',
      updateMessage: 'Doing well',
    };
    expect(updateSchema.parse(update)).toEqual(update);
  });
});

describe('newUserSchema', () => {
  const user = {
    firstName: 'Jane',
    lastName: 'Doe',
    email: 'jane@example.com',
    address1: '1 Main St',
    city: 'Springfield',
    state: 'IL',
    zip: '62701',
  };

  it('accepts a user without address line 2 or phone', () => {
    expect(newUserSchema.parse(user)).toEqual(user);
  });

  it('trims the fields', () => {
    expect(newUserSchema.parse({ ...user, firstName: ' Jane ', phone: ' 555 ' })).toEqual({
      ...user,
      phone: '555',
    });
  });

  it('requires first name, last name, address, city, state and zip', () => {
    for (const field of ['firstName', 'lastName', 'address1', 'city', 'state', 'zip']) {
      expect(newUserSchema.safeParse({ ...user, [field]: ' ' }).success).toBe(false);
    }
  });

  it('requires a valid email', () => {
    expect(newUserSchema.safeParse({ ...user, email: 'jane@example' }).success).toBe(false);
  });
});

describe('payment schemas', () => {
  it('accept a saved card payment method', () => {
    const method = {
      id: 'pm_1',
      type: 'card',
      card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
      usBankAccount: null,
      acssDebit: null,
    };
    expect(paymentMethodSchema.parse(method)).toEqual(method);
  });

  it('require a donation of at least 1 dollar in steps of 0.01 with a comment of at most 500 characters', () => {
    const donation = {
      partnersId: 7,
      amount: 10,
      firstName: 'Jane',
      lastName: 'Doe',
      email: 'jane@example.com',
      token: 'tok_1',
    };
    expect(donationRequestSchema.safeParse(donation).success).toBe(true);
    expect(donationRequestSchema.safeParse({ ...donation, amount: 0.99 }).success).toBe(false);
    expect(donationRequestSchema.safeParse({ ...donation, amount: 1 }).success).toBe(true);
    expect(donationRequestSchema.safeParse({ ...donation, amount: 19.99 }).success).toBe(true);
    expect(donationRequestSchema.safeParse({ ...donation, amount: 10.005 }).success).toBe(false);
    expect(donationRequestSchema.safeParse({ ...donation, note: 'x'.repeat(500) }).success).toBe(true);
    expect(donationRequestSchema.safeParse({ ...donation, note: 'x'.repeat(501) }).success).toBe(false);
  });

  it('require at least one userSponsored line at checkout', () => {
    const checkout = {
      partnersId: 7,
      stripePaymentIntent: 'pm_1',
      userSponsoreds: [
        {
          usersId: 12,
          sponsoredsId: 501,
          numSlots: 1,
          amount: 3500,
          isManualSponsorshipConversion: false,
          partnerSponsoredTypesId: 11,
        },
      ],
      email: 'jane@example.com',
      firstName: 'Jane',
      lastName: 'Doe',
      baseAmount: 3500,
      additionalAmount: 175,
    };
    expect(checkoutRequestSchema.safeParse(checkout).success).toBe(true);
    expect(checkoutRequestSchema.safeParse({ ...checkout, userSponsoreds: [] }).success).toBe(false);
  });

  it('take a line’s usersId as GET users/getByToken answers it, or as the same id in digits', () => {
    const lineWith = (usersId: unknown) =>
      userSponsoredLineSchema.safeParse({
        usersId,
        sponsoredsId: 501,
        numSlots: 1,
        amount: 3500,
        isManualSponsorshipConversion: false,
        partnerSponsoredTypesId: 11,
      });
    for (const same of [12, '12']) {
      const parsed = lineWith(same);
      expect(parsed.success).toBe(true);
      expect(parsed.data?.usersId).toBe(12);
    }
    expect(lineWith(2_147_483_647).data?.usersId).toBe(2_147_483_647);
    expect(lineWith('2147483647').data?.usersId).toBe(2_147_483_647);
    for (const wrong of [
      'u1',
      '',
      ' 12',
      '12 ',
      '012',
      '+12',
      '-12',
      '1e3',
      '12.0',
      '0x0c',
      '2147483648',
      '99999999999',
      -1,
      12.5,
      2_147_483_648,
      Number.NaN,
      true,
      null,
      [12],
    ]) {
      expect(lineWith(wrong).success, `usersId ${JSON.stringify(wrong)}`).toBe(false);
    }
  });
});
