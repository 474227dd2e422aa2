import { invalidatePartnerCache } from '../site/partner-cache.ts';
import { can, dashboardUrl, ONBOARDING_MESSAGES, ERRORS, type OnboardUrlResponse } from '@kinship/domain';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { requireAccess } from '../../../platform/access.ts';
import { badRequest, HttpError, notFound, unauthorized, refuse } from '../../../platform/errors.ts';
import type { PaymentGateway } from '../../../platform/payments/gateway.ts';
import { actorOf, type AuditSource } from '../../../platform/audit.ts';
import type { SiteContext } from '../../../platform/site-context.ts';
import { issueOnboardingState, readOnboardingState } from './onboarding-state.ts';
import {
  connectPartnerAccount,
  findPartnerForOnboarding,
  setChargesEnabledForAccount,
} from './onboarding.repository.ts';

interface OnboardingDeps {
  db: Db;
  gateway: PaymentGateway;
  config: Pick<Config, 'AUTH_SECRET'>;
}

/**
 * GET partners/{id}/onboardurl: the provider's authorization page for the partner, carrying a signed
 * state; the provider sends the partner back to this site's /onboard. For the partner's
 * Administrator on its own site, or a platform administrator.
 */
export async function onboardingUrlFor(
  deps: OnboardingDeps,
  { partner: site, viewer }: SiteContext,
  partnersId: number,
  origin: string,
): Promise<OnboardUrlResponse> {
  if (!viewer) throw unauthorized();
  // Another partner's account is for the platform console only.
  const platformAdmin = can(viewer.permissions, 'platform.console', { partnersId: site.id });
  if (!platformAdmin && partnersId !== site.id) throw badRequest('partnersId does not match this site.');
  requireAccess(
    { partner: { id: partnersId }, viewer },
    'settings.manage',
    {},
    ONBOARDING_MESSAGES.adminOnly,
  );
  const partner = await findPartnerForOnboarding(deps.db, partnersId);
  if (!partner) throw notFound(`Partner ${partnersId} was not found.`);
  const state = issueOnboardingState(deps.config.AUTH_SECRET, {
    partnersId: partner.id,
    origin,
    usersId: viewer.user?.id ?? null,
  });
  try {
    return { url: deps.gateway.onboardingUrl(state, `${origin}/onboard`) };
  } catch (error) {
    throw new HttpError(503, (error as Error).message);
  }
}

/**
 * POST partners/oauthonboard: exchanges the provider's authorization code for the partner's
 * account id and stores it; answers the dashboard of the site that started the onboarding. The
 * state must have been issued by the site completing it (`origin`, this request's own), so the
 * answer's redirectUrl never leaves that site, even for a state signed elsewhere.
 */
export async function completeOnboarding(
  deps: OnboardingDeps,
  input: { state: string; authorizationCode: string },
  origin: string,
  source: AuditSource,
): Promise<{ redirectUrl: string }> {
  const state = readOnboardingState(deps.config.AUTH_SECRET, input.state);
  if (!state || state.origin !== origin)
    throw refuse(ERRORS.ONBOARDING_STATE_INVALID, ONBOARDING_MESSAGES.invalidState);
  const partner = await findPartnerForOnboarding(deps.db, state.partnersId);
  if (!partner) throw refuse(ERRORS.ONBOARDING_STATE_INVALID, ONBOARDING_MESSAGES.invalidState);
  let accountId: string;
  try {
    ({ accountId } = await deps.gateway.completeOnboarding(input.authorizationCode));
  } catch (error) {
    // The web shows 'Failed onboarding: {error}. Please alert support.', so no trailing period here.
    const message = ((error as Error).message || 'The payment provider refused the onboarding').replace(
      /\.+$/,
      '',
    );
    throw new HttpError(502, message);
  }
  await connectPartnerAccount(deps.db, {
    partnersId: partner.id,
    accountId,
    usersId: state.usersId,
    actor: actorOf({ ...source, partner }),
  });
  await invalidatePartnerCache(deps.db, partner.id);
  return { redirectUrl: dashboardUrl(origin) };
}

/** The provider's account.updated: whether the partner's connected account can take charges. */
export async function noteAccountStatus(db: Db, accountId: string, chargesEnabled: boolean): Promise<number> {
  const changed = await setChargesEnabledForAccount(db, accountId, chargesEnabled);
  if (changed > 0) await invalidatePartnerCache(db);
  return changed;
}
