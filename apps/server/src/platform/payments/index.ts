import { MESSAGES, isConfiguredForPayments } from '@kinship/domain';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { PartnerRow } from '../../db/types.ts';
import { badRequest } from '../errors.ts';
import type { GatewayAccount, PaymentGateway } from './gateway.ts';
import { SandboxGateway, sandboxWebhookSecret } from './sandbox-gateway.ts';
import { StripeGateway } from './stripe-gateway.ts';

/**
 * The payment gateway of this deployment: Stripe when STRIPE_SECRET_KEY is set, else the embedded
 * sandbox (which is never used when Stripe keys are configured).
 */
export function createGateway(config: Config, deps: { db: Db }): PaymentGateway {
  if (config.STRIPE_SECRET_KEY) {
    return new StripeGateway({
      secretKey: config.STRIPE_SECRET_KEY,
      publishableKey: config.STRIPE_PUBLISHABLE_KEY ?? '',
      webhookSecret: config.STRIPE_WEBHOOK_SECRET ?? null,
      clientId: config.STRIPE_CLIENT_ID ?? null,
      api: {
        host: config.STRIPE_API_HOST,
        port: config.STRIPE_API_PORT,
        protocol: config.STRIPE_API_PROTOCOL,
      },
    });
  }
  return new SandboxGateway(deps.db, { webhookSecret: sandboxWebhookSecret(config.AUTH_SECRET) });
}

/**
 * The partner's account at the gateway. A partner without a stripeUserId takes no payments, in
 * sandbox mode too (the demo partners carry acct_sandbox_* ids).
 */
export function gatewayAccountOf(
  partner: Pick<PartnerRow, 'stripeUserId' | 'currency' | 'allowBanks'>,
): GatewayAccount {
  if (!isConfiguredForPayments(partner)) throw badRequest(MESSAGES.notConfiguredForPayments);
  return {
    accountId: partner.stripeUserId!.trim(),
    currency: partner.currency,
    allowBanks: partner.allowBanks,
  };
}

export function isSandbox(gateway: PaymentGateway): gateway is SandboxGateway {
  return gateway instanceof SandboxGateway;
}
