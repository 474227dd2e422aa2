import { createdSponsoredImageSchema } from '@kinship/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uploadedFiles } from '../../../platform/uploads.ts';
import { addSponsoredImages } from './sponsored-images.service.ts';
import {
  chooseProfilePicture,
  deletePicture,
  describePicture,
  listManagedPictures,
  reorderPictures,
} from './sponsored-pictures.service.ts';
import { siteQuery, wholeNumberParam } from '../../../platform/route-schemas.ts';

const recordParams = z.object({ id: wholeNumberParam('id') });
const pictureParams = z.object({ id: wholeNumberParam('id'), imageId: wholeNumberParam('imageId') });
const managedPictureSchema = z.object({
  id: z.number().int(),
  imagePath: z.string(),
  description: z.string().nullable(),
  sortOrder: z.number().int(),
  thumbPath: z.string(),
  isProfile: z.boolean(),
});
const managedPicturesSchema = z.array(managedPictureSchema);

export const sponsoredImagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/sponsoreds/:id/images',
    {
      schema: {
        params: z.object({
          id: wholeNumberParam('id'),
        }),
        querystring: siteQuery,
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
