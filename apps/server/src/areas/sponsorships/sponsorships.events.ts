import { subscribe } from '../../platform/events.ts';
import { queueLetterMail } from './letters/letter-mail.ts';
import {
  queueEndedNotice,
  queueManualSponsorshipMail,
  queueMovedNotice,
} from './sponsors/sponsors.service.ts';
import { queueDistribution } from './updates/updates.service.ts';

/**
 * The sponsorships area's subscribers (decisions 063 and 066): the sponsor's mail of each change,
 * and the distribution of a published update (its notices and one mail per sponsor).
 */
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
  subscribe('update.published', 'sponsorships.update-distribution', async (payload, ctx) => {
    if (!ctx.jobs) throw new Error('update.published is dispatched only where the job queue runs.');
    await queueDistribution(ctx.jobs, ctx.tx, payload);
  }),
  subscribe('letter.changed', 'sponsorships.letter-mail', async (payload, ctx) => {
    await queueLetterMail(ctx.tx, ctx.config, payload);
  }),
];
