import { subscribe } from '../../platform/events.ts';
import { queuePlanChangeMails } from './catalogue/types.service.ts';

/** The partners area's subscribers (decision 063): the sponsors' mail of a changed plan price. */
export const partnersSubscribers = [
  subscribe('plan.changed', 'partners.plan-change-mail', async (payload, ctx) => {
    await queuePlanChangeMails(ctx.tx, payload);
  }),
];
