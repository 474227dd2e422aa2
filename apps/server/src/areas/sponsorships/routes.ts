import type { FastifyPluginAsync } from 'fastify';
import { registerStaffGate } from '../../platform/staff-gate.ts';
import { lettersRoutes } from './letters/letters.routes.ts';
import { sponsorsRoutes } from './sponsors/sponsors.routes.ts';
import { updatesRoutes } from './updates/updates.routes.ts';

/** Every route of the sponsorships area, registered by app.ts. */
export const sponsorshipsAreaRoutes: FastifyPluginAsync = async (app) => {
  registerStaffGate(app);
  await app.register(updatesRoutes);
  await app.register(sponsorsRoutes);
  await app.register(lettersRoutes);
};
