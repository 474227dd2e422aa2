import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { receiveWebhook } from './webhooks.service.ts';

export const WEBHOOK_PATH = '/api/payments/webhook';

/**
 * The payment provider's webhook. Its signature covers the exact bytes sent, so this plugin (and
 * only it: Fastify scopes parsers to the plugin) keeps JSON bodies as the raw Buffer. It is called
 * by the provider, not a browser: exempt from the cross-site check, and it names no tenant.
 */
export const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    WEBHOOK_PATH,
    { schema: { response: { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }) } } },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      return receiveWebhook(app.deps, raw, Array.isArray(signature) ? signature[0] : signature);
    },
  );
};
