import {
  LETTER_DIRECTIONS,
  LETTER_FLAG_KINDS,
  LETTER_QUEUE_FLAGGED,
  LETTER_STATUSES,
  letterBulkResultSchema,
  letterCreatedSchema,
  letterDetailSchema,
  letterDraftInputSchema,
  letterEditSchema,
  letterFlagDecisionSchema,
  letterIdsSchema,
  letterInputSchema,
  letterPrintInputSchema,
  letterScanMatchSchema,
  letterScanPageSchema,
  letterQueueItemSchema,
  letterReasonSchema,
  letterReplyInputSchema,
  letterSettingsAnswerSchema,
  letterSettingsInputSchema,
  letterStepsInputSchema,
  recordLettersSchema,
  sponsorLetterSchema,
  type LetterBulkResult,
  type Locale,
} from '@kinship/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translateRefusal } from '../../../platform/error-messages.ts';
import { HttpError } from '../../../platform/errors.ts';
import { localeOfRequest } from '../../../platform/locale.ts';
import { siteQuery, wholeNumberParam } from '../../../platform/route-schemas.ts';
import {
  MALFORMED_MULTIPART_MESSAGE,
  MAX_PICTURE_BYTES,
  pictureTooLargeMessage,
} from '../../../platform/uploads.ts';
import { parseInput } from '../../../platform/parse-input.ts';
import { uploadedFiles } from '../../../platform/uploads.ts';
import { letterPdf, listScans, matchScan, printLetters, uploadScans } from './letters-paper.service.ts';
import {
  approveLetter,
  approveLetters,
  changeDraft,
  decideFlag,
  deleteDraft,
  editLetter,
  getLetter,
  getLetterSettings,
  getRecordLetters,
  LETTER_PICTURES_MESSAGE,
  listAssignees,
  listLetterQueue,
  listMyLetters,
  recordLetterSteps,
  rejectLetter,
  saveLetterSettings,
  typeReply,
  writeLetter,
  type LetterPicture,
} from './letters.service.ts';
import { LETTER_MAX_PICTURES } from '@kinship/domain';

/*
 * Letters (issue 24, decision 076). Feature 4 off: every one answers 404.
 *   GET    /api/sponsoreds/:id/messages                 the composer's context and the viewer's letters about the record
 *   POST   /api/sponsoreds/:id/messages                 a sponsor writes (JSON, or multipart with up to 3 pictures) -> 201
 *   GET    /api/users/:id/messages                      the viewer's letters both ways
 *   PATCH  /api/messages/:id                            the writer's draft: change or submit
 *   DELETE /api/messages/:id                            the writer's draft
 *   GET    /api/messages/:id/pdf                        the letter as a PDF, saved as message.pdf
 *   GET    /api/dashboard/letters                       the moderators' queue (x-total-count)
 *   GET    /api/dashboard/letters/:id                   one letter
 *   PATCH  /api/dashboard/letters/:id                   edit (the original kept) or assign
 *   POST   /api/dashboard/letters/:id/approve|reject    decide
 *   POST   /api/dashboard/letters/:id/flags/:flagId     accept (with a reason) or remove a flag
 *   POST   /api/dashboard/letters/approve               bulk approve (flagged ones skipped)
 *   POST   /api/dashboard/letters/steps                 sent to the program, delivered
 *   GET    /api/dashboard/letters/assignees             colleagues who moderate letters
 *   GET|PUT /api/dashboard/letters/settings             guidelines and the screen's word list
 *   POST   /api/dashboard/letters                       a reply typed by staff
 *   POST   /api/dashboard/letters/print                 a program's approved letters as one PDF (they become printed)
 *   POST   /api/dashboard/letters/scans                 scanned or photographed replies (multipart), matched by QR
 *   GET    /api/dashboard/letters/scans?unmatched=true  the pages (waiting to be matched)
 *   POST   /api/dashboard/letters/scans/:id/match       a page matched by hand
 */

const idParams = z.object({ id: wholeNumberParam('id') });

/** A bulk answer's reasons in the staff member's language (they are the refusals' own texts). */
const inLocale = (result: LetterBulkResult, locale: Locale): LetterBulkResult => ({
  done: result.done,
  skipped: result.skipped.map((s) => ({ id: s.id, reason: translateRefusal(locale, s.reason) })),
});
const flagParams = idParams.extend({ flagId: wholeNumberParam('flagId') });

const queueQuery = siteQuery.extend({
  status: z.enum([...LETTER_STATUSES, 'waiting']).optional(),
  direction: z.enum(LETTER_DIRECTIONS).optional(),
  flagged: z.enum(LETTER_QUEUE_FLAGGED).optional(),
  flag: z.enum(LETTER_FLAG_KINDS).optional(),
  programId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  assignee: z.string().max(20).optional(),
  q: z.string().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(25),
});

/** A letter sent as multipart/form-data: its fields and up to 3 pictures. */
async function multipartLetter(request: FastifyRequest) {
  const fields: Record<string, unknown> = {};
  const pictures: LetterPicture[] = [];
  const errors = request.server.multipartErrors;
  try {
    const parts = request.parts({
      limits: { fileSize: MAX_PICTURE_BYTES, files: LETTER_MAX_PICTURES + 1, fields: 10, fieldSize: 25_000 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (pictures.length >= LETTER_MAX_PICTURES) throw new HttpError(413, LETTER_PICTURES_MESSAGE);
        const fileName = (part.filename || 'The file').slice(0, 100);
        try {
          pictures.push({ fileName, data: await part.toBuffer() });
        } catch (error) {
          if (error instanceof errors.RequestFileTooLargeError)
            throw new HttpError(413, pictureTooLargeMessage(fileName));
          throw error;
        }
      } else if (['body', 'language', 'draft'].includes(part.fieldname)) {
        const value = String(part.value);
        fields[part.fieldname] = part.fieldname === 'draft' ? value === 'true' : value;
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (error instanceof errors.FilesLimitError) throw new HttpError(413, LETTER_PICTURES_MESSAGE);
    const status = (error as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) throw error;
    throw new HttpError(400, `${MALFORMED_MULTIPART_MESSAGE} (${(error as Error).message})`);
  }
  return { fields, pictures };
}

export const lettersRoutes: FastifyPluginAsyncZod = async (app) => {
  // ------------------------------------------------------------------------- sponsors
  app.get(
    '/api/sponsoreds/:id/messages',
    { schema: { params: idParams, querystring: siteQuery, response: { 200: recordLettersSchema } } },
    async (request, reply) => {
      const ctx = await request.siteContext();
      reply.header('cache-control', 'private, no-store');
      return getRecordLetters(
        app.deps.db,
        ctx,
        request.params.id,
        localeOfRequest(request, ctx.partner, ctx.viewer),
      );
    },
  );

  app.post(
    '/api/sponsoreds/:id/messages',
    {
      // The body is JSON (checked by the schema) or multipart (checked below with the same schema).
      schema: { params: idParams, querystring: siteQuery, response: { 201: letterCreatedSchema } },
    },
    async (request, reply) => {
      const ctx = await request.siteContext();
      let input: unknown = request.body;
      let pictures: LetterPicture[] = [];
      if (request.isMultipart()) ({ fields: input, pictures } = await multipartLetter(request));
      const body = parseInput(letterInputSchema, input ?? {});
      const created = await writeLetter(
        app.deps,
        ctx,
        request.params.id,
        body,
        localeOfRequest(request, ctx.partner, ctx.viewer),
        pictures,
      );
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/api/users/:id/messages',
    { schema: { params: idParams, querystring: siteQuery, response: { 200: z.array(sponsorLetterSchema) } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return listMyLetters(app.deps.db, await request.siteContext(), request.params.id);
    },
  );

  app.patch(
    '/api/messages/:id',
    {
      schema: {
        params: idParams,
        querystring: siteQuery,
        body: letterDraftInputSchema,
        response: { 200: sponsorLetterSchema },
      },
    },
    async (request) => changeDraft(app.deps, await request.siteContext(), request.params.id, request.body),
  );

  app.delete(
    '/api/messages/:id',
    { schema: { params: idParams, querystring: siteQuery } },
    async (request, reply) => {
      await deleteDraft(app.deps, await request.siteContext(), request.params.id);
      return reply.code(204).send();
    },
  );

  // ------------------------------------------------------------------------- staff
  app.get(
    '/api/dashboard/letters',
    { schema: { querystring: queueQuery, response: { 200: z.array(letterQueueItemSchema) } } },
    async (request, reply) => {
      const { rows, total } = await listLetterQueue(app.deps.db, await request.siteContext(), request.query);
      reply.header('x-total-count', String(total));
      return rows;
    },
  );

  app.get(
    '/api/dashboard/letters/assignees',
    {
      schema: {
        querystring: siteQuery,
        response: { 200: z.array(z.object({ id: z.number().int(), name: z.string() })) },
      },
    },
    async (request) => listAssignees(app.deps.db, await request.siteContext()),
  );

  app.get(
    '/api/dashboard/letters/settings',
    { schema: { querystring: siteQuery, response: { 200: letterSettingsAnswerSchema } } },
    async (request) => getLetterSettings(app.deps.db, await request.siteContext()),
  );

  app.put(
    '/api/dashboard/letters/settings',
    {
      config: { problemErrors: true },
      schema: {
        querystring: siteQuery,
        body: letterSettingsInputSchema,
        response: { 200: letterSettingsAnswerSchema },
      },
    },
    async (request) => saveLetterSettings(app.deps.db, await request.siteContext(), request.body),
  );

  app.post(
    '/api/dashboard/letters',
    {
      config: { problemErrors: true },
      schema: { querystring: siteQuery, body: letterReplyInputSchema, response: { 201: letterDetailSchema } },
    },
    async (request, reply) => {
      const letter = await typeReply(app.deps.db, await request.siteContext(), request.body);
      return reply.code(201).send(letter);
    },
  );

  app.post(
    '/api/dashboard/letters/approve',
    {
      config: { problemErrors: true },
      schema: { querystring: siteQuery, body: letterIdsSchema, response: { 200: letterBulkResultSchema } },
    },
    async (request) => {
      const ctx = await request.siteContext();
      return inLocale(
        await approveLetters(app.deps.db, ctx, request.body.ids),
        localeOfRequest(request, ctx.partner, ctx.viewer),
      );
    },
  );

  app.post(
    '/api/dashboard/letters/steps',
    {
      config: { problemErrors: true },
      schema: {
        querystring: siteQuery,
        body: letterStepsInputSchema,
        response: { 200: letterBulkResultSchema },
      },
    },
    async (request) => {
      const ctx = await request.siteContext();
      return inLocale(
        await recordLetterSteps(app.deps.db, ctx, request.body.ids, request.body.status),
        localeOfRequest(request, ctx.partner, ctx.viewer),
      );
    },
  );

  app.get(
    '/api/dashboard/letters/:id',
    { schema: { params: idParams, querystring: siteQuery, response: { 200: letterDetailSchema } } },
    async (request) => getLetter(app.deps.db, await request.siteContext(), request.params.id),
  );

  app.patch(
    '/api/dashboard/letters/:id',
    {
      config: { problemErrors: true },
      schema: {
        params: idParams,
        querystring: siteQuery,
        body: letterEditSchema,
        response: { 200: letterDetailSchema },
      },
    },
    async (request) => editLetter(app.deps.db, await request.siteContext(), request.params.id, request.body),
  );

  app.post(
    '/api/dashboard/letters/:id/approve',
    { schema: { params: idParams, querystring: siteQuery, response: { 200: letterDetailSchema } } },
    async (request) => approveLetter(app.deps.db, await request.siteContext(), request.params.id),
  );

  app.post(
    '/api/dashboard/letters/:id/reject',
    {
      config: { problemErrors: true },
      schema: {
        params: idParams,
        querystring: siteQuery,
        body: letterReasonSchema,
        response: { 200: letterDetailSchema },
      },
    },
    async (request) =>
      rejectLetter(app.deps.db, await request.siteContext(), request.params.id, request.body.reason),
  );

  app.post(
    '/api/dashboard/letters/:id/flags/:flagId',
    {
      config: { problemErrors: true },
      schema: {
        params: flagParams,
        querystring: siteQuery,
        body: letterFlagDecisionSchema,
        response: { 200: letterDetailSchema },
      },
    },
    async (request) =>
      decideFlag(
        app.deps.db,
        await request.siteContext(),
        request.params.id,
        request.params.flagId,
        request.body,
      ),
  );

  // ------------------------------------------------------------------------- paper
  app.get(
    '/api/messages/:id/pdf',
    { schema: { params: idParams, querystring: siteQuery } },
    async (request, reply) => {
      const ctx = await request.siteContext();
      const pdf = await letterPdf(
        app.deps,
        ctx,
        request.params.id,
        localeOfRequest(request, ctx.partner, ctx.viewer),
      );
      reply.header('cache-control', 'private, no-store');
      reply.header('content-disposition', 'attachment; filename="message.pdf"');
      return reply.type('application/pdf').send(pdf);
    },
  );

  app.post(
    '/api/dashboard/letters/print',
    { config: { problemErrors: true }, schema: { querystring: siteQuery, body: letterPrintInputSchema } },
    async (request, reply) => {
      const ctx = await request.siteContext();
      const pdf = await printLetters(
        app.deps,
        ctx,
        request.body,
        localeOfRequest(request, ctx.partner, ctx.viewer),
      );
      reply.header('cache-control', 'private, no-store');
      reply.header('content-disposition', 'attachment; filename="letters.pdf"');
      return reply.type('application/pdf').send(pdf);
    },
  );

  app.post(
    '/api/dashboard/letters/scans',
    { schema: { querystring: siteQuery, response: { 201: z.array(letterScanPageSchema) } } },
    async (request, reply) => {
      const ctx = await request.siteContext();
      const pages = await uploadScans(
        app.deps,
        ctx,
        uploadedFiles(request),
        localeOfRequest(request, ctx.partner, ctx.viewer),
      );
      return reply.code(201).send(pages);
    },
  );

  app.get(
    '/api/dashboard/letters/scans',
    {
      schema: {
        querystring: siteQuery.extend({ unmatched: z.enum(['true', 'false']).optional() }),
        response: { 200: z.array(letterScanPageSchema) },
      },
    },
    async (request) => {
      const ctx = await request.siteContext();
      return listScans(
        app.deps.db,
        ctx,
        request.query.unmatched === 'true',
        localeOfRequest(request, ctx.partner, ctx.viewer),
      );
    },
  );

  app.post(
    '/api/dashboard/letters/scans/:id/match',
    {
      config: { problemErrors: true },
      schema: {
        params: idParams,
        querystring: siteQuery,
        body: letterScanMatchSchema,
        response: { 200: letterScanPageSchema },
      },
    },
    async (request) => {
      const ctx = await request.siteContext();
      return matchScan(
        app.deps.db,
        ctx,
        request.params.id,
        request.body.replyToId,
        localeOfRequest(request, ctx.partner, ctx.viewer),
      );
    },
  );
};
