import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { DEMO_IDS } from '../../seed/demo.ts';
import { multipartPicture, type AreaAudit, type AuditContext } from '../../../test/audit-rows.ts';
import { freshAddress, insertRecord } from '../../../test/giving-fixtures.ts';

/*
 * The records area's scenarios of the audit trail (apps/server/test/audit-trail.test.ts): the Records
 * section, a record's pictures and the import. Each write route of the area has a scenario here, keyed by
 * the route as registered, or a reason in `notAudited`; what a scenario says and how it runs:
 * apps/server/test/audit-rows.ts.
 */

/** A fresh record with one gallery picture (a row: the routes under test never read the bytes). */
async function recordWithPicture({
  t,
  rows,
}: AuditContext): Promise<{ record: number; imageId: number; imagePath: string }> {
  const record = await insertRecord(t.database, { maxSlots: 1 });
  const imagePath = `sponsoreds/${record}/gallery/${randomUUID()}/large.webp`;
  const [image] = await rows(
    sql`INSERT INTO sponsored_images (sponsoreds_id, image_path) VALUES (${record}, ${imagePath}) RETURNING id`,
  );
  return { record, imageId: Number(image!.id), imagePath };
}

export const recordsAudit: AreaAudit = {
  scenarios: {
    'POST /api/sponsoreds/:id/images': async ({ t, rows, partnerAdmin }) => {
      const { client, usersId } = await partnerAdmin();
      const record = await insertRecord(t.database, { maxSlots: 1 });
      const { body, contentType } = await multipartPicture();
      return {
        call: () =>
          client.request(
            'POST',
            `/api/sponsoreds/${record}/images?partnersId=2`,
            undefined,
            { 'content-type': contentType, ...freshAddress() },
            body,
          ),
        written: async () =>
          (await rows(sql`SELECT 1 FROM sponsored_images WHERE sponsoreds_id = ${record}`)).length === 1,
        action: 'sponsored.pictures_added',
        entityType: 'sponsored',
        usersId,
      };
    },
    // ------------------------------------------------------------------ W1: the Records section
    'POST /api/dashboard/records': async ({ rows, partnerAdmin }) => {
      const admin = await partnerAdmin();
      const code = `AUD-${Math.random().toString(36).slice(2, 10)}`;
      return {
        call: () =>
          admin.client.post(
            '/api/dashboard/records?partnersId=2',
            {
              partnerSponsoredTypesId: DEMO_IDS.types.demo.students,
              entitiesId: DEMO_IDS.programAdminEntity,
              code,
              firstName: 'Audra',
              funFacts: [{ description: 'Likes', value: 'Maths' }],
            },
            freshAddress(),
          ),
        written: async () => (await rows(sql`SELECT 1 FROM sponsoreds WHERE code = ${code}`)).length === 1,
        action: 'sponsored.created',
        entityType: 'sponsored',
        usersId: admin.usersId,
      };
    },
    'PATCH /api/dashboard/records/:id': async ({ t, rows, partnerAdmin }) => {
      const admin = await partnerAdmin();
      const record = await insertRecord(t.database, { maxSlots: 2 });
      return {
        call: () =>
          admin.client.request(
            'PATCH',
            `/api/dashboard/records/${record}?partnersId=2`,
            { homeroom: 'Room 7' },
            freshAddress(),
          ),
        written: async () =>
          (await rows(sql`SELECT 1 FROM sponsoreds WHERE id = ${record} AND homeroom = 'Room 7'`)).length ===
          1,
        action: 'sponsored.updated',
        entityType: 'sponsored',
        usersId: admin.usersId,
        changes: { homeroom: { before: null, after: 'Room 7' } },
      };
    },
    'POST /api/dashboard/records/:id/duplicate': async ({ t, rows, partnerAdmin }) => {
      const admin = await partnerAdmin();
      const record = await insertRecord(t.database, { maxSlots: 2 });
      const code = `DUP-${Math.random().toString(36).slice(2, 10)}`;
      return {
        call: () =>
          admin.client.post(
            `/api/dashboard/records/${record}/duplicate?partnersId=2`,
            { code },
            freshAddress(),
          ),
        written: async () => (await rows(sql`SELECT 1 FROM sponsoreds WHERE code = ${code}`)).length === 1,
        action: 'sponsored.created',
        entityType: 'sponsored',
        usersId: admin.usersId,
      };
    },
    'DELETE /api/dashboard/records/:id': async ({ t, rows, partnerAdmin }) => {
      const admin = await partnerAdmin();
      const record = await insertRecord(t.database, { maxSlots: 2 });
      return {
        call: () =>
          admin.client.request(
            'DELETE',
            `/api/dashboard/records/${record}?partnersId=2`,
            undefined,
            freshAddress(),
          ),
        written: async () => (await rows(sql`SELECT 1 FROM sponsoreds WHERE id = ${record}`)).length === 0,
        action: 'sponsored.deleted',
        entityType: 'sponsored',
        usersId: admin.usersId,
      };
    },
    'PATCH /api/sponsoreds/:id/images/:imageId': async (ctx) => {
      const { rows, partnerAdmin } = ctx;
      const { client, usersId } = await partnerAdmin();
      const { record, imageId } = await recordWithPicture(ctx);
      return {
        call: () =>
          client.request(
            'PATCH',
            `/api/sponsoreds/${record}/images/${imageId}?partnersId=2`,
            { description: 'On the playground' },
            freshAddress(),
          ),
        written: async () =>
          (await rows(sql`SELECT description FROM sponsored_images WHERE id = ${imageId}`))[0]!
            .description === 'On the playground',
        action: 'sponsored_image.updated',
        entityType: 'sponsored_image',
        usersId,
        changes: { description: { before: null, after: 'On the playground' } },
      };
    },
    'PUT /api/sponsoreds/:id/images/order': async (ctx) => {
      const { rows, partnerAdmin } = ctx;
      const { client, usersId } = await partnerAdmin();
      const first = await recordWithPicture(ctx);
      const [second] = await rows(
        sql`INSERT INTO sponsored_images (sponsoreds_id, image_path, sort_order) VALUES (${first.record}, 'x/y.webp', 1) RETURNING id`,
      );
      const order = [Number(second!.id), first.imageId];
      return {
        call: () =>
          client.request(
            'PUT',
            `/api/sponsoreds/${first.record}/images/order?partnersId=2`,
            { ids: order },
            freshAddress(),
          ),
        written: async () =>
          Number(
            (await rows(sql`SELECT sort_order FROM sponsored_images WHERE id = ${first.imageId}`))[0]!
              .sort_order,
          ) === 1,
        action: 'sponsored.pictures_reordered',
        entityType: 'sponsored',
        usersId,
        changes: { pictureOrder: { before: [first.imageId, order[0]], after: order } },
      };
    },
    'PUT /api/sponsoreds/:id/profileimage': async (ctx) => {
      const { rows, partnerAdmin } = ctx;
      const { client, usersId } = await partnerAdmin();
      const { record, imageId, imagePath } = await recordWithPicture(ctx);
      return {
        call: () =>
          client.request(
            'PUT',
            `/api/sponsoreds/${record}/profileimage?partnersId=2`,
            { imageId },
            freshAddress(),
          ),
        written: async () =>
          (await rows(sql`SELECT profile_image_path FROM sponsoreds WHERE id = ${record}`))[0]!
            .profile_image_path === imagePath,
        action: 'sponsored.profile_picture_chosen',
        entityType: 'sponsored',
        usersId,
        changes: { profileImagePath: { before: null, after: imagePath } },
      };
    },
    'DELETE /api/sponsoreds/:id/images/:imageId': async (ctx) => {
      const { rows, partnerAdmin } = ctx;
      const { client, usersId } = await partnerAdmin();
      const { record, imageId } = await recordWithPicture(ctx);
      return {
        call: () =>
          client.request(
            'DELETE',
            `/api/sponsoreds/${record}/images/${imageId}?partnersId=2`,
            undefined,
            freshAddress(),
          ),
        written: async () =>
          (await rows(sql`SELECT 1 FROM sponsored_images WHERE id = ${imageId}`)).length === 0,
        action: 'sponsored_image.deleted',
        entityType: 'sponsored_image',
        usersId,
      };
    },
    'POST /api/dashboard/records/import': async ({ rows, partnerAdmin }) => {
      const { client, usersId } = await partnerAdmin();
      const code = `AUD-${randomUUID().slice(0, 8)}`;
      const csv = `Code,First name,Last name,Program\n${code},Audra,Import,Antigua Community School\n`;
      const form = new FormData();
      form.append('file', new Blob([csv], { type: 'text/csv' }), 'audit.csv');
      const request = new Request('http://localhost/', { method: 'POST', body: form });
      const body = Buffer.from(await request.arrayBuffer());
      return {
        call: () =>
          client.request(
            'POST',
            `/api/dashboard/records/import?partnersId=2&partnerSponsoredTypesId=${DEMO_IDS.types.demo.students}`,
            undefined,
            { 'content-type': request.headers.get('content-type')!, ...freshAddress() },
            body,
          ),
        written: async () =>
          (
            await rows(
              sql`SELECT 1 FROM record_imports WHERE file_name = 'audit.csv' AND convert_from(file, 'UTF8') LIKE ${'%' + code + '%'}`,
            )
          ).length === 1,
        action: 'record_import.started',
        entityType: 'record_import',
        usersId,
      };
    },
  },
  notAudited: {
    // W2: a dry run reads the file and the records; it writes nothing.
    'POST /api/dashboard/records/import/dryrun': 'writes nothing',
  },
};
