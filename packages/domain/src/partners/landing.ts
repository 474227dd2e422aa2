import { PartnerSetting } from '../shared/ids.ts';
import { partnerSetting, type PartnerWithSettings } from './partner-rules.ts';

/** The landing page's sections below each template's required parts, each a partner setting. */
export const LANDING_SECTIONS = {
  howItWorks: PartnerSetting.LandingHowItWorks,
  waitingLongest: PartnerSetting.LandingWaitingLongest,
  impact: PartnerSetting.LandingImpact,
  donate: PartnerSetting.LandingDonate,
} as const;
export type LandingSection = keyof typeof LANDING_SECTIONS;

/** A landing section is shown unless the partner's setting for it is false (case-insensitive). */
export function landingSectionOn(partner: PartnerWithSettings, section: LandingSection): boolean {
  return partnerSetting(partner, LANDING_SECTIONS[section])?.trim().toLowerCase() !== 'false';
}

/** How many records the landing page shows as waiting longest. */
export const LANDING_WAITING_COUNT = 4;
