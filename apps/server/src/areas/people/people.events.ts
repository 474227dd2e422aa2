import { subscribe } from '../../platform/events.ts';
import { queueInvitationMail } from './team/team.service.ts';

/** The people area's subscribers (decision 063): the team invitation's mail. */
export const peopleSubscribers = [
  subscribe('staff.invited', 'people.invitation-mail', async (payload, ctx) => {
    await queueInvitationMail(ctx.tx, ctx.config, payload);
  }),
];
