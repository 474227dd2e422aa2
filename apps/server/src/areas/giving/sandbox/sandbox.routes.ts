import {
  checkCard,
  sandboxCardRequestSchema,
  sandboxConfirmSetupRequestSchema,
  sandboxConfirmSetupResponseSchema,
  sandboxPaymentMethodSchema,
} from '@kinship/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, notFound } from '../../../platform/errors.ts';
import { GatewayInvalidRequestError } from '../../../platform/payments/gateway.ts';
import { isSandbox } from '../../../platform/payments/index.ts';
import { assertSiteOpen } from '../../../platform/site-context.ts';
import { siteQuery } from '../../../platform/route-schemas.ts';

export const SANDBOX_ONLY = 'The sandbox payment endpoints exist only when no Stripe keys are configured.';

/**
 * The browser side of the sandbox gateway, standing in for Stripe.js: the sandbox card field
 * tokenises a card here (only brand, last 4 digits, expiry and the test behaviour are kept, never
 * the number), and a setup intent is confirmed here. Both answer 404 in Stripe mode.
 */
export const sandboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const gateway = app.deps.gateway;

  app.post(
    '/api/sandbox/paymentmethods',
    {
      schema: {
        querystring: siteQuery,
        body: sandboxCardRequestSchema,
        response: { 200: sandboxPaymentMethodSchema },
      },
    },
    async (request) => {
      if (!isSandbox(gateway)) throw notFound(SANDBOX_ONLY);
      const ctx = await request.siteContext();
      assertSiteOpen(ctx);
      const card = checkCard(request.body);
      if (!card.ok) throw badRequest(card.message);
      const method = await gateway.createCardPaymentMethod(ctx.partner.stripeUserId?.trim() || null, card);
      return { id: method.id, card: method.card! };
    },
  );

  app.post(
    '/api/sandbox/setupintents/:id/confirm',
    {
      schema: {
        params: z.object({ id: z.string().min(1).max(100) }),
        querystring: siteQuery,
        body: sandboxConfirmSetupRequestSchema,
        response: { 200: sandboxConfirmSetupResponseSchema },
      },
    },
    async (request) => {
      if (!isSandbox(gateway)) throw notFound(SANDBOX_ONLY);
      assertSiteOpen(await request.siteContext());
      try {
        return await gateway.confirmSetupIntent(
          request.params.id,
          request.body.clientSecret,
          request.body.paymentMethod,
        );
      } catch (error) {
        if (error instanceof GatewayInvalidRequestError) throw badRequest(error.message);
        throw error;
      }
    },
  );
};
