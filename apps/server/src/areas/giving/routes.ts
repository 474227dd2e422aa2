import type { FastifyPluginAsync } from 'fastify';
import { registerStaffGate } from '../../platform/staff-gate.ts';
import { checkoutRoutes } from './checkout/checkout.routes.ts';
import { donationsRoutes } from './donations/donations.routes.ts';
import { giftsRoutes } from './gifts/gifts.routes.ts';
import { givingRoutes } from './ledger/giving.routes.ts';
import { paymentMethodsRoutes } from './payment-methods/payment-methods.routes.ts';
import { receiptsRoutes } from './receipts/receipts.routes.ts';
import { sandboxRoutes } from './sandbox/sandbox.routes.ts';
import { subscriptionsRoutes } from './subscriptions/subscriptions.routes.ts';
import { webhooksRoutes } from './webhooks/webhooks.routes.ts';

/** Every route of the giving area, registered by app.ts. */
export const givingAreaRoutes: FastifyPluginAsync = async (app) => {
  registerStaffGate(app);
  await app.register(webhooksRoutes);
  await app.register(checkoutRoutes);
  await app.register(donationsRoutes);
  await app.register(giftsRoutes);
  await app.register(paymentMethodsRoutes);
  await app.register(subscriptionsRoutes);
  await app.register(sandboxRoutes);
  await app.register(receiptsRoutes);
  await app.register(givingRoutes);
};
