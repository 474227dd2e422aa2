import { z } from 'zod';
import { defineJob } from '../../../platform/jobs.ts';
import { distributeDuePosts } from './updates.distribution.ts';

/**
 * Distribution of updates (decisions 037 and 066): sent for one post with `startAfter` its
 * distribution time by the update.published subscriber, and run every minute without a post to
 * sweep every due one (a post whose time was changed, or a job that failed out). Both are safe to
 * repeat.
 */
export const updatesDistributeJob = defineJob({
  name: 'updates.distribute',
  payload: z.object({ updatePostsId: z.number().int().positive().optional() }),
  everySeconds: 60,
  runAtWorkerStart: true,
  retry: { limit: 5, delaySeconds: 30, backoff: true },
  expireInSeconds: 10 * 60,
  handler: async ({ updatePostsId }, ctx) => distributeDuePosts(ctx, updatePostsId),
});
