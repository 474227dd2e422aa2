import type { FastifyPluginAsync } from 'fastify';
import { registerStaffGate } from '../../platform/staff-gate.ts';
import { authConfigRoutes } from './auth/auth.routes.ts';
import { teamRoutes } from './team/team.routes.ts';
import { usersRoutes } from './users/users.routes.ts';

/** Every route of the people area, registered by app.ts. */
export const peopleAreaRoutes: FastifyPluginAsync = async (app) => {
  registerStaffGate(app);
  await app.register(usersRoutes);
  await app.register(authConfigRoutes);
  await app.register(teamRoutes);
};
