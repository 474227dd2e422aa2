import { isConfiguredForPayments, type PaymentConfig } from '@kinship/domain';
import type { PaymentGateway } from '../../../platform/payments/gateway.ts';
import { assertSiteOpen, type SiteContext } from '../../../platform/site-context.ts';

/**
 * GET payments/config: what the browser needs to take card details on this partner's site. The
 * connected account id is what Stripe.js is loaded with (`loadStripe(key, { stripeAccount })`),
 * so it is shown in Stripe mode only; the sandbox needs neither key nor account.
 */
export function getPaymentConfig(gateway: PaymentGateway, ctx: SiteContext): PaymentConfig {
  assertSiteOpen(ctx);
  const { partner } = ctx;
  const configured = isConfiguredForPayments(partner);
  const stripe = gateway.kind === 'stripe';
  return {
    gateway: gateway.kind,
    publishableKey: stripe ? gateway.publishableKey : null,
    stripeAccount: stripe && configured ? partner.stripeUserId!.trim() : null,
    allowBanks: partner.allowBanks,
    paymentsConfigured: configured,
  };
}
