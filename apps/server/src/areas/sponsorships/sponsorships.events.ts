import { subscribe } from '../../platform/events.ts';
import {
  queueEndedNotice,
  queueManualSponsorshipMail,
  queueMovedNotice,
} from './sponsors/sponsors.service.ts';

/** The sponsorships area's subscribers (decision 063): the sponsor's mail of each change. */
export const sponsorshipsSubscribers = [
  subscribe('sponsorship.started', 'sponsorships.manual-mail', async (payload, ctx) => {
    await queueManualSponsorshipMail(ctx.tx, ctx.config, payload);
  }),
  subscribe('sponsorship.ended', 'sponsorships.ended-notice', async (payload, ctx) => {
    await queueEndedNotice(ctx.tx, payload);
  }),
  subscribe('sponsorship.moved', 'sponsorships.moved-notice', async (payload, ctx) => {
    await queueMovedNotice(ctx.tx, payload);
  }),
];
