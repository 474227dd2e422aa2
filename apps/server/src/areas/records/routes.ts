import type { FastifyPluginAsync } from 'fastify';
import { registerStaffGate } from '../../platform/staff-gate.ts';
import { recordsRoutes } from './editor/records.routes.ts';
import { recordsImportRoutes } from './import/records-import.routes.ts';
import { landingRoutes } from './landing/landing.routes.ts';
import { mediaRoutes } from './media/media.routes.ts';
import { sponsoredImagesRoutes } from './sponsoreds/sponsored-images.routes.ts';
import { sponsoredsRoutes } from './sponsoreds/sponsoreds.routes.ts';

/** Every route of the records area, registered by app.ts. */
export const recordsAreaRoutes: FastifyPluginAsync = async (app) => {
  registerStaffGate(app);
  await app.register(sponsoredsRoutes);
  await app.register(sponsoredImagesRoutes);
  await app.register(landingRoutes);
  await app.register(mediaRoutes);
  await app.register(recordsRoutes);
  await app.register(recordsImportRoutes);
};
