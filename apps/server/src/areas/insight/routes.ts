import type { FastifyPluginAsync } from 'fastify';
import { registerStaffGate } from '../../platform/staff-gate.ts';
import { auditLogRoutes } from './audit-log/audit-log.routes.ts';
import { jobsRoutes } from './jobs/jobs.routes.ts';
import { dashboardRoutes } from './overview/dashboard.routes.ts';
import { reportsRoutes } from './reports/reports.routes.ts';

/** Every route of the insight area, registered by app.ts. */
export const insightAreaRoutes: FastifyPluginAsync = async (app) => {
  registerStaffGate(app);
  await app.register(dashboardRoutes);
  await app.register(reportsRoutes);
  await app.register(jobsRoutes);
  await app.register(auditLogRoutes);
};
