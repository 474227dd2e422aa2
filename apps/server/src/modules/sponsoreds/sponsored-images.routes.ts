import { createdSponsoredImageSchema } from '@kinship/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../platform/errors.ts';
import { addSponsoredImages, type UploadedFile } from './sponsored-images.service.ts';
import {
  chooseProfilePicture,
  deletePicture,
  describePicture,
  listManagedPictures,
  reorderPictures,
} from './sponsored-pictures.service.ts';

const wholeNumber = (name: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, `${name} must be a whole number`)
    .transform(Number);
const recordParams = z.object({ id: wholeNumber('id') });
const pictureParams = z.object({ id: wholeNumber('id'), imageId: wholeNumber('imageId') });
const siteQuery = z.object({ partnersId: z.string().optional() }).loose();
const managedPictureSchema = z.object({
  id: z.number().int(),
  imagePath: z.string(),
  description: z.string().nullable(),
  sortOrder: z.number().int(),
  thumbPath: z.string(),
  isProfile: z.boolean(),
});
const managedPicturesSchema = z.array(managedPictureSchema);

/** The most one picture file may weigh: a phone camera's largest JPEG is well under it. */
export const MAX_PICTURE_BYTES = 20 * 1024 * 1024;
/** Files one upload may carry. */
export const MAX_PICTURES_PER_UPLOAD = 10;

export const NOT_MULTIPART_MESSAGE = 'Send the pictures as a multipart/form-data body.';
export const MALFORMED_MULTIPART_MESSAGE = 'The multipart/form-data body is malformed';
export const TOO_MANY_PICTURES_MESSAGE = `At most ${MAX_PICTURES_PER_UPLOAD} pictures can be sent at once.`;
export const pictureTooLargeMessage = (fileName: string) =>
  `${fileName} is larger than ${MAX_PICTURE_BYTES / 1024 / 1024} MB, the most a picture may weigh.`;

/** A file name fit for an error message: printable, short, never empty. */
function displayName(name: string | undefined): string {
  // eslint-disable-next-line no-control-regex
  const clean = (name ?? '').replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 100);
  return clean === '' ? 'The file' : clean;
}

/** The multipart stream's files, its limit errors turned into the clear refusals above. */
export async function* uploadedFiles(request: FastifyRequest): AsyncGenerator<UploadedFile> {
  if (!request.isMultipart()) throw new HttpError(415, NOT_MULTIPART_MESSAGE);
  const errors = request.server.multipartErrors;
  const refusal = (error: unknown, fileName: string) => {
    if (error instanceof errors.RequestFileTooLargeError)
      return new HttpError(413, pictureTooLargeMessage(fileName));
    if (error instanceof errors.FilesLimitError) return new HttpError(413, TOO_MANY_PICTURES_MESSAGE);
    // busboy's own errors (no boundary, a body cut short, ...) are plain Errors: the client's fault.
    const status = (error as { statusCode?: unknown }).statusCode;
    if (error instanceof HttpError || (typeof status === 'number' && status >= 400 && status < 500))
      return error;
    return new HttpError(400, `${MALFORMED_MULTIPART_MESSAGE} (${(error as Error).message})`);
  };
  try {
    const files = request.files({
      limits: { fileSize: MAX_PICTURE_BYTES, files: MAX_PICTURES_PER_UPLOAD, fields: 20, fieldSize: 10_000 },
    });
    for await (const part of files) {
      const fileName = displayName(part.filename);
      yield {
        fileName,
        read: async () => {
          try {
            return await part.toBuffer();
          } catch (error) {
            throw refusal(error, fileName);
          }
        },
      };
    }
  } catch (error) {
    throw refusal(error, 'A file');
  }
}

export const sponsoredImagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/sponsoreds/:id/images',
    {
      schema: {
        params: z.object({
          id: z
            .string()
            .regex(/^\d{1,9}$/, 'id must be a whole number')
            .transform(Number),
        }),
        querystring: z.object({ partnersId: z.string().optional() }).loose(),
        response: { 201: z.array(createdSponsoredImageSchema) },
      },
    },
    async (request, reply) => {
      const created = await addSponsoredImages(
        app.deps,
        await request.siteContext(),
        request.params.id,
        uploadedFiles(request),
      );
      return reply.code(201).send(created);
    },
  );

  // Staff management of a record's pictures (pictures.manage at the record's program).
  app.get(
    '/api/sponsoreds/:id/pictures',
    { schema: { params: recordParams, querystring: siteQuery, response: { 200: managedPicturesSchema } } },
    async (request) => listManagedPictures(app.deps.db, await request.siteContext(), request.params.id),
  );

  app.patch(
    '/api/sponsoreds/:id/images/:imageId',
    {
      schema: {
        params: pictureParams,
        querystring: siteQuery,
        body: z.object({ description: z.string().max(2000).nullable() }),
        response: { 200: managedPicturesSchema },
      },
    },
    async (request) =>
      describePicture(
        app.deps.db,
        await request.siteContext(),
        request.params.id,
        request.params.imageId,
        request.body.description,
      ),
  );

  app.put(
    '/api/sponsoreds/:id/images/order',
    {
      schema: {
        params: recordParams,
        querystring: siteQuery,
        body: z.object({ ids: z.array(z.number().int().positive()).max(1000) }),
        response: { 200: managedPicturesSchema },
      },
    },
    async (request) =>
      reorderPictures(app.deps.db, await request.siteContext(), request.params.id, request.body.ids),
  );

  app.put(
    '/api/sponsoreds/:id/profileimage',
    {
      schema: {
        params: recordParams,
        querystring: siteQuery,
        body: z.object({ imageId: z.number().int().positive() }),
        response: { 200: managedPicturesSchema },
      },
    },
    async (request) =>
      chooseProfilePicture(app.deps.db, await request.siteContext(), request.params.id, request.body.imageId),
  );

  app.delete(
    '/api/sponsoreds/:id/images/:imageId',
    { schema: { params: pictureParams, querystring: siteQuery, response: { 200: managedPicturesSchema } } },
    async (request) =>
      deletePicture(app.deps, await request.siteContext(), request.params.id, request.params.imageId),
  );
};
