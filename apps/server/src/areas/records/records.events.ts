import { subscribe } from '../../platform/events.ts';
import { queueArchivedNotices } from './editor/records.service.ts';

/** The records area's subscribers (decision 063): the sponsors' notice of an archived record. */
export const recordsSubscribers = [
  subscribe('record.updated', 'records.archived-notice', async (payload, ctx) => {
    await queueArchivedNotices(ctx.tx, payload, ctx.event.id);
  }),
];
