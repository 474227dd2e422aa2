import { z } from 'zod';
import { PartnerSetting } from './ids.ts';
import { partnerSetting, type PartnerWithSettings } from './partner-rules.ts';
import { sponsoredSummarySchema } from './schemas.ts';

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
