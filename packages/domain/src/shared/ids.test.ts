import { describe, it, expect } from 'vitest';
import {
  ALL_ROLE_IDS,
  CARD_BRANDS_WITH_ICONS,
  Country,
  DEMO_PARTNER_ID,
  FEATURE_LABELS,
  FEATURE_NAMES,
  featureLabel,
  Feature,
  GENDERS,
  INTEGRATION_KINDS,
  IntegrationType,
  PAYMENT_METHOD_DISPLAY_NAMES,
  PAYMENT_METHOD_TYPES,
  PERSON_TYPES,
  PLATFORM_PARTNER_ID,
  PartnerSetting,
  ROLE_LABELS,
  ROLE_NAMES,
  roleLabel,
  Role,
  SCHOOL_TYPES,
  SPONSORED_STATUSES,
  SPONSORED_TYPE_NAMES,
  SponsoredType,
  hasCardBrandIcon,
  isIntegrationKind,
  isPersonType,
  isSchoolType,
  isSponsoredStatus,
} from './ids.ts';

describe('partner setting ids', () => {
  it('number the spec’s four settings 1 to 4, then the landing sections 5 to 8', () => {
    expect(PartnerSetting).toEqual({
      AutoBirthdayOccasions: 1,
      SponsorButtonLabel: 2,
      ProgramLabel: 3,
      LogoLinksToWebsite: 4,
      LandingHowItWorks: 5,
      LandingWaitingLongest: 6,
      LandingImpact: 7,
      LandingDonate: 8,
    });
  });
});

describe('feature ids', () => {
  it('number the twelve features as the spec table', () => {
    expect(Feature).toEqual({
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
    });
  });

  it('name each feature by its id', () => {
    expect(FEATURE_NAMES[1]).toBe('Occasions');
    expect(FEATURE_NAMES[6]).toBe('LightningSponsorships');
    expect(FEATURE_NAMES[9]).toBe('GeneralDonations');
    expect(FEATURE_NAMES[12]).toBe('EmailTemplates');
    expect(Object.keys(FEATURE_NAMES)).toHaveLength(12);
  });

  it('give staff a readable label for every feature', () => {
    expect(Object.keys(FEATURE_LABELS).map(Number)).toEqual(Object.values(Feature));
    expect(featureLabel(Feature.LightningSponsorships)).toBe('Lightning sponsorships');
    expect(featureLabel(Feature.CrmIntegrations)).toBe('CRM integrations');
    expect(featureLabel(Feature.Messages)).toBe('Letters');
    expect(featureLabel(99)).toBe('Feature 99');
  });
});

describe('roles', () => {
  it('number Administrator 2 to DonorManagement 6', () => {
    expect(Role).toEqual({ Administrator: 2, Reporting: 3, Management: 4, Messages: 5, DonorManagement: 6 });
    expect(ALL_ROLE_IDS).toEqual([2, 3, 4, 5, 6]);
  });

  it('name each role by its id', () => {
    expect(ROLE_NAMES).toEqual({
      2: 'Administrator',
      3: 'Reporting',
      4: 'Management',
      5: 'Messages',
      6: 'DonorManagement',
    });
  });

  it('give staff a readable label for every role', () => {
    expect(ROLE_LABELS).toEqual({
      2: 'Administrator',
      3: 'Reporting',
      4: 'Management',
      5: 'Messages',
      6: 'Donor management',
    });
    expect(roleLabel(Role.DonorManagement)).toBe('Donor management');
    expect(roleLabel(1)).toBe('Role 1');
  });
});

describe('sponsored types', () => {
  it('number student 1, teacher 2, staff 3, initiative 4 and class 5', () => {
    expect(SponsoredType).toEqual({ Student: 1, Teacher: 2, Staff: 3, Initiative: 4, Class: 5 });
    expect(SPONSORED_TYPE_NAMES).toEqual({
      1: 'student',
      2: 'teacher',
      3: 'staff',
      4: 'initiative',
      5: 'class',
    });
  });

  it('treat types 1 to 3 as persons', () => {
    expect(PERSON_TYPES).toEqual([1, 2, 3]);
    expect([1, 2, 3, 4, 5].map(isPersonType)).toEqual([true, true, true, false, false]);
  });

  it('treat types 1, 2 and 5 as school-related', () => {
    expect(SCHOOL_TYPES).toEqual([1, 2, 5]);
    expect([1, 2, 3, 4, 5].map(isSchoolType)).toEqual([true, true, false, false, true]);
  });
});

describe('sponsored statuses', () => {
  it('are active, reserved, inactive and archived', () => {
    expect(SPONSORED_STATUSES).toEqual(['active', 'reserved', 'inactive', 'archived']);
  });

  it('recognise only those four values', () => {
    expect(isSponsoredStatus('reserved')).toBe(true);
    expect(isSponsoredStatus('deleted')).toBe(false);
    expect(isSponsoredStatus(1)).toBe(false);
  });
});

describe('genders', () => {
  it('are Male and Female', () => {
    expect(GENDERS).toEqual(['Male', 'Female']);
  });
});

describe('payment methods', () => {
  it('are card, us_bank_account and acss_debit with their display names', () => {
    expect(PAYMENT_METHOD_TYPES).toEqual(['card', 'us_bank_account', 'acss_debit']);
    expect(PAYMENT_METHOD_DISPLAY_NAMES).toEqual({
      card: 'Credit Card',
      us_bank_account: 'ACH Debit',
      acss_debit: 'ACSS (Canada)',
    });
  });

  it('have icons for visa, mastercard, amex, discover and jcb only', () => {
    expect(CARD_BRANDS_WITH_ICONS).toEqual(['visa', 'mastercard', 'amex', 'discover', 'jcb']);
    expect(hasCardBrandIcon('amex')).toBe(true);
    expect(hasCardBrandIcon('unionpay')).toBe(false);
    expect(hasCardBrandIcon(null)).toBe(false);
  });
});

describe('countries and fixed partners', () => {
  it('number Canada 8 and the United States 10', () => {
    expect(Country).toEqual({ Canada: 8, UnitedStates: 10 });
  });

  it('make partner 1 the platform owner and partner 2 the demo partner', () => {
    expect(PLATFORM_PARTNER_ID).toBe(1);
    expect(DEMO_PARTNER_ID).toBe(2);
  });
});

describe('integration kinds', () => {
  it('are kindful, stripe and the value 2 for a donor-management system', () => {
    expect(IntegrationType).toEqual({ Kindful: 'kindful', Stripe: 'stripe', DonorManagement: 2 });
    expect(INTEGRATION_KINDS).toEqual(['kindful', 'stripe', 2]);
  });

  it('recognise only those kinds', () => {
    expect(isIntegrationKind('kindful')).toBe(true);
    expect(isIntegrationKind(2)).toBe(true);
    expect(isIntegrationKind('2')).toBe(false);
    expect(isIntegrationKind('salesforce')).toBe(false);
  });
});
