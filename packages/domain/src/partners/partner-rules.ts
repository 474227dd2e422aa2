import { DEFAULT_PROGRAM_LABEL, DEFAULT_SPONSOR_BUTTON_LABEL } from '../shared/constants.ts';
import { Feature, PartnerSetting } from '../shared/ids.ts';
import type { IntegrationKind } from '../shared/ids.ts';

// Partner rules (spec 3, "Partner").

export type PartnerSettingEntry = { partnerSettingTypesId: number; value: string | null };
export type PartnerWithSettings = { partnerSettings: readonly PartnerSettingEntry[] };
export type PartnerWithFeatures = { partnerFeatures: readonly { featuresId: number }[] };
export type PartnerWithIntegrations = {
  partnerIntegrations: readonly { integrationType: IntegrationKind }[];
};

export type ApplicationFeeModel = 'fee' | 'tip';

export type PartnerCapabilities = {
  generalDonations: boolean;
  gifts: boolean;
  trials: boolean;
};

/** A setting is boolean true when its value is 'true', case-insensitive (surrounding spaces ignored). */
export function settingIsTrue(value: string | null | undefined): boolean {
  return typeof value === 'string' && value.trim().toLowerCase() === 'true';
}

/** The value of a partner setting, or null when the partner does not have it. */
export function partnerSetting(partner: PartnerWithSettings, partnerSettingTypesId: number): string | null {
  const entry = partner.partnerSettings.find((s) => s.partnerSettingTypesId === partnerSettingTypesId);
  return entry?.value ?? null;
}

export function partnerSettingIsTrue(partner: PartnerWithSettings, partnerSettingTypesId: number): boolean {
  return settingIsTrue(partnerSetting(partner, partnerSettingTypesId));
}

/** A text setting, or the fallback when it is missing or blank. */
export function partnerSettingText(
  partner: PartnerWithSettings,
  partnerSettingTypesId: number,
  fallback: string,
): string {
  const value = partnerSetting(partner, partnerSettingTypesId)?.trim();
  return value ? value : fallback;
}

/** Label of the Program tab and program filter (setting 3), default 'Program'. */
export function programLabel(partner: PartnerWithSettings): string {
  return partnerSettingText(partner, PartnerSetting.ProgramLabel, DEFAULT_PROGRAM_LABEL);
}

/** Label of the sponsor button (setting 2), default 'Sponsor'. */
export function sponsorButtonLabel(
  partner: PartnerWithSettings,
  fallback: string = DEFAULT_SPONSOR_BUTTON_LABEL,
): string {
  return partnerSettingText(partner, PartnerSetting.SponsorButtonLabel, fallback);
}

/** The header logo links to the partner website when setting 4 is true. */
export function logoLinksToWebsite(partner: PartnerWithSettings): boolean {
  return partnerSettingIsTrue(partner, PartnerSetting.LogoLinksToWebsite);
}

/** Anything other than 'fee' is treated as 'tip'. */
export function applicationFeeModel(value: string | null | undefined): ApplicationFeeModel {
  return value === 'fee' ? 'fee' : 'tip';
}

export function hasFeature(partner: PartnerWithFeatures, featuresId: number): boolean {
  return partner.partnerFeatures.some((f) => f.featuresId === featuresId);
}

/**
 * Site pages that exist only while a feature is on: the web page shows the site's not-found page
 * when the feature is off, and the server answers that page's address with 404, not 200.
 */
export const FEATURE_PAGES: readonly { path: string; feature: number }[] = [
  { path: '/gift', feature: Feature.Gifts },
  { path: '/redeem', feature: Feature.Gifts },
  { path: '/redeemtrial', feature: Feature.Trials },
  { path: '/lightning', feature: Feature.LightningSponsorships },
  { path: '/profile/letters', feature: Feature.Messages },
];

/** The feature a page address needs (`/gift/manage/X` needs Gifts), or null when it needs none. */
export function featureOfPage(pathname: string): number | null {
  const page = FEATURE_PAGES.find((p) => pathname === p.path || pathname.startsWith(`${p.path}/`));
  return page ? page.feature : null;
}

/** Capabilities derived from features 9 (general donations), 7 (gifts) and 5 (trials). */
export function partnerCapabilities(partner: PartnerWithFeatures): PartnerCapabilities {
  return {
    generalDonations: hasFeature(partner, Feature.GeneralDonations),
    gifts: hasFeature(partner, Feature.Gifts),
    trials: hasFeature(partner, Feature.Trials),
  };
}

export function hasIntegration(partner: PartnerWithIntegrations, kind: IntegrationKind): boolean {
  return partner.partnerIntegrations.some((i) => i.integrationType === kind);
}

/** A partner is configured for payments only if stripeUserId is present and non-empty. */
export function isConfiguredForPayments(partner: { stripeUserId?: string | null }): boolean {
  return typeof partner.stripeUserId === 'string' && partner.stripeUserId.trim() !== '';
}

/**
 * The address a stored picture is served at: the media path plus the image path (spec 7); an
 * absolute or root-relative address is used as it is.
 */
export function mediaPath(imagePath: string): string {
  return /^(https?:)?\/\//.test(imagePath) || imagePath.startsWith('/') ? imagePath : `/media/${imagePath}`;
}
