import type { FastifyPluginAsync } from 'fastify';
import { registerStaffGate } from '../../platform/staff-gate.ts';
import { programsRoutes } from './catalogue/programs.routes.ts';
import { typesRoutes } from './catalogue/types.routes.ts';
import { platformConsoleRoutes } from './console/platform-console.routes.ts';
import { emailTemplatesRoutes } from './email-templates/email-templates.routes.ts';
import { onboardingRoutes } from './onboarding/onboarding.routes.ts';
import { paymentsConfigRoutes } from './payments-account/payments-config.routes.ts';
import { partnerSettingsRoutes } from './settings/partner-settings.routes.ts';
import { partnersRoutes } from './site/partners.routes.ts';

/** Every route of the partners area, registered by app.ts. */
export const partnersAreaRoutes: FastifyPluginAsync = async (app) => {
  registerStaffGate(app);
  await app.register(partnersRoutes);
  await app.register(onboardingRoutes);
  await app.register(paymentsConfigRoutes);
  await app.register(typesRoutes);
  await app.register(programsRoutes);
  await app.register(partnerSettingsRoutes);
  await app.register(emailTemplatesRoutes);
  await app.register(platformConsoleRoutes);
};
