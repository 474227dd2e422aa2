import { z } from 'zod';

// Partner onboarding with the payment provider (spec 2 "/onboard", 7 "POST partners/oauthonboard").

export const ONBOARDING_MESSAGES = {
  /** The state is not one the server signed, names no partner, or has expired. */
  invalidState: 'Invalid onboarding state.',
  /** Only a partner's Administrator (or a platform administrator) may connect its payment account. */
  adminOnly: 'Only an Administrator of this partner can connect its payment account.',
} as const;

/** GET partners/{id}/onboardurl: the provider's authorization page for this partner. */
export const onboardUrlResponseSchema = z.object({ url: z.string() });
export type OnboardUrlResponse = z.infer<typeof onboardUrlResponseSchema>;

/** The partner site's dashboard, where a completed onboarding lands. */
export function dashboardUrl(origin: string): string {
  return `${origin.replace(/\/+$/, '')}/dashboard`;
}
