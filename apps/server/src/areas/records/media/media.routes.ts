import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../../../platform/errors.ts';
import { safeKey } from '../../../platform/storage.ts';
import { canViewRecordPicture } from '../sponsoreds/sponsoreds.service.ts';
import { canViewLetterPicture, canViewScan, canViewUpdatePicture } from '../../sponsorships/index.ts';

const RECORD_KEY = /^sponsoreds\/(\d+)\//;
const UPDATE_KEY = /^updates\/(\d+)\//;
const LETTER_KEY = /^letters\//;
const SCAN_KEY = /^letters\/scans\/(\d{1,10})\//;

/**
 * Stored pictures. Partner, program and country pictures are public; a sponsored record's pictures
 * pass the same access check as its API answers, so a masked child's face never reaches a stranger.
 */
export const mediaRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { '*': string } }>(
    '/media/*',
    { config: { publicCache: true } },
    async (request, reply) => {
      const key = safeKey(request.params['*']);
      if (!key) throw notFound('No such picture.');
      const record = RECORD_KEY.exec(key);
      const update = UPDATE_KEY.exec(key);
      const letter = LETTER_KEY.test(key);
      // A letter's pictures and scans: its writer, its sponsor once released, its moderators.
      if (letter) {
        const ctx = await request.siteContext();
        const scan = SCAN_KEY.exec(key);
        const allowed = scan
          ? await canViewScan(app.deps.db, ctx, Number(scan[1]))
          : await canViewLetterPicture(app.deps.db, ctx, key);
        if (!allowed) throw notFound('No such picture.');
      }
      if (update) {
        const allowed = await canViewUpdatePicture(
          app.deps.db,
          await request.siteContext(),
          Number(update[1]),
          key,
        );
        if (!allowed) throw notFound('No such picture.');
      }
      if (record) {
        const allowed = await canViewRecordPicture(
          app.deps.db,
          await request.siteContext(),
          Number(record[1]),
          key,
        );
        if (!allowed) throw notFound('No such picture.');
      }
      const file = await app.deps.storage.get(key);
      if (!file) throw notFound('No such picture.');
      reply.header(
        'cache-control',
        letter ? 'private, no-store' : record || update ? 'private, max-age=300' : 'public, max-age=86400',
      );
      reply.header('x-content-type-options', 'nosniff');
      return reply.type(file.contentType).send(file.data);
    },
  );
};
