import { describe, it, expect } from 'vitest';
import {
  applicationFeeModel,
  featureOfPage,
  hasFeature,
  hasIntegration,
  mediaPath,
  isConfiguredForPayments,
  logoLinksToWebsite,
  partnerCapabilities,
  partnerSetting,
  partnerSettingIsTrue,
  partnerSettingText,
  programLabel,
  settingIsTrue,
  sponsorButtonLabel,
} from './partner-rules.ts';

const withSettings = (...entries: [number, string | null][]) => ({
  partnerSettings: entries.map(([partnerSettingTypesId, value]) => ({ partnerSettingTypesId, value })),
});

const withFeatures = (...ids: number[]) => ({ partnerFeatures: ids.map((featuresId) => ({ featuresId })) });

describe('settingIsTrue', () => {
  it('is true for "true" in any case, ignoring surrounding spaces', () => {
    expect(settingIsTrue('true')).toBe(true);
    expect(settingIsTrue('TRUE')).toBe(true);
    expect(settingIsTrue(' True ')).toBe(true);
  });

  it('is false for anything else', () => {
    expect(settingIsTrue('false')).toBe(false);
    expect(settingIsTrue('yes')).toBe(false);
    expect(settingIsTrue('1')).toBe(false);
    expect(settingIsTrue('')).toBe(false);
    expect(settingIsTrue(null)).toBe(false);
    expect(settingIsTrue(undefined)).toBe(false);
  });
});

describe('partnerSetting', () => {
  it('reads the value of a setting by its type id', () => {
    const partner = withSettings([2, 'Adopt'], [4, 'true']);
    expect(partnerSetting(partner, 2)).toBe('Adopt');
    expect(partnerSettingIsTrue(partner, 4)).toBe(true);
  });

  it('gives null for a missing setting, which is not true', () => {
    const partner = withSettings([2, 'Adopt']);
    expect(partnerSetting(partner, 3)).toBeNull();
    expect(partnerSettingIsTrue(partner, 3)).toBe(false);
  });

  it('falls back for a missing or blank text setting', () => {
    expect(partnerSettingText(withSettings([3, '  ']), 3, 'Program')).toBe('Program');
    expect(partnerSettingText(withSettings([3, ' School ']), 3, 'Program')).toBe('School');
  });
});

describe('labels from settings', () => {
  it('use the custom program label (setting 3) or Program', () => {
    expect(programLabel(withSettings([3, 'School']))).toBe('School');
    expect(programLabel(withSettings())).toBe('Program');
  });

  it('use the custom sponsor button label (setting 2) or Sponsor', () => {
    expect(sponsorButtonLabel(withSettings([2, 'Adopt']))).toBe('Adopt');
    expect(sponsorButtonLabel(withSettings([2, null]))).toBe('Sponsor');
  });

  it('link the logo to the website only when setting 4 is true', () => {
    expect(logoLinksToWebsite(withSettings([4, 'True']))).toBe(true);
    expect(logoLinksToWebsite(withSettings([4, 'false']))).toBe(false);
    expect(logoLinksToWebsite(withSettings())).toBe(false);
  });
});

describe('applicationFeeModel', () => {
  it("is 'fee' only for 'fee' and 'tip' for anything else", () => {
    expect(applicationFeeModel('fee')).toBe('fee');
    expect(applicationFeeModel('tip')).toBe('tip');
    expect(applicationFeeModel('FEE')).toBe('tip');
    expect(applicationFeeModel('')).toBe('tip');
    expect(applicationFeeModel(null)).toBe('tip');
    expect(applicationFeeModel(undefined)).toBe('tip');
  });
});

describe('features and capabilities', () => {
  it('tell whether a partner has a feature', () => {
    expect(hasFeature(withFeatures(1, 7), 7)).toBe(true);
    expect(hasFeature(withFeatures(1, 7), 9)).toBe(false);
  });

  it('derive general donations from 9, gifts from 7 and trials from 5', () => {
    expect(partnerCapabilities(withFeatures(9))).toEqual({
      generalDonations: true,
      gifts: false,
      trials: false,
    });
    expect(partnerCapabilities(withFeatures(7))).toEqual({
      generalDonations: false,
      gifts: true,
      trials: false,
    });
    expect(partnerCapabilities(withFeatures(5))).toEqual({
      generalDonations: false,
      gifts: false,
      trials: true,
    });
    expect(partnerCapabilities(withFeatures(1, 2, 3))).toEqual({
      generalDonations: false,
      gifts: false,
      trials: false,
    });
  });
});

describe('featureOfPage', () => {
  it('names the feature a page needs: the sponsor’s letters need Messages (4)', () => {
    expect(featureOfPage('/profile/letters')).toBe(4);
    expect(featureOfPage('/profile/letters/12')).toBe(4);
    expect(featureOfPage('/profile/sponsorships')).toBeNull();
    expect(featureOfPage('/gift/manage/ABC')).toBe(7);
  });
});

describe('integrations', () => {
  it('tell whether a partner has an integration kind', () => {
    const partner = { partnerIntegrations: [{ integrationType: 2 as const }] };
    expect(hasIntegration(partner, 2)).toBe(true);
    expect(hasIntegration(partner, 'kindful')).toBe(false);
  });
});

describe('isConfiguredForPayments', () => {
  it('requires a present, non-empty stripeUserId', () => {
    expect(isConfiguredForPayments({ stripeUserId: 'acct_123' })).toBe(true);
    expect(isConfiguredForPayments({ stripeUserId: '' })).toBe(false);
    expect(isConfiguredForPayments({ stripeUserId: '  ' })).toBe(false);
    expect(isConfiguredForPayments({ stripeUserId: null })).toBe(false);
    expect(isConfiguredForPayments({})).toBe(false);
  });
});

describe('mediaPath', () => {
  it('serves a stored image path under /media and keeps an absolute or root-relative address', () => {
    expect(mediaPath('partners/2/logo.webp')).toBe('/media/partners/2/logo.webp');
    expect(mediaPath('https://cdn.example.org/a.png')).toBe('https://cdn.example.org/a.png');
    expect(mediaPath('//cdn.example.org/a.png')).toBe('//cdn.example.org/a.png');
    expect(mediaPath('/default-profile.svg')).toBe('/default-profile.svg');
  });
});
