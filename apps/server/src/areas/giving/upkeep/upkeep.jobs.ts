import { z } from 'zod';
import { defineJob } from '../../../platform/jobs.ts';
import { expireHolds, reconcileOrders, runSandboxRenewals } from './upkeep.service.ts';

/** The giving records' periodic upkeep; each is idempotent and safe from several processes at once. */
export const upkeepJobs = [
  defineJob({
    name: 'holds.expire',
    payload: z.object({}),
    everySeconds: 60,
    handler: async (_payload, ctx) => expireHolds(ctx),
  }),
  defineJob({
    name: 'sandbox.renewals',
    payload: z.object({}),
    everySeconds: 60,
    handler: async (_payload, ctx) => runSandboxRenewals(ctx),
  }),
  defineJob({
    name: 'orders.reconcile',
    payload: z.object({}),
    everySeconds: 60,
    handler: async (_payload, ctx) => reconcileOrders(ctx),
  }),
] as const;
