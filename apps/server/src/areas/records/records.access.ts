import { DEMO_IDS } from '../../seed/demo.ts';
import { all, type AreaAccess, q, studentsOf } from '../../../test/access-rows.ts';

/*
 * The records area's rows of the access matrix (apps/server/test/access-matrix.test.ts): the listing and
 * the landing, a record's profile, pictures and updates, media, the Records section, its import and
 * export.
 * What a row says and how it runs: apps/server/test/access-rows.ts. A new route of this area adds its rows
 * here: `rows` (every viewer, every target), and either `masked` (its answer can carry a sponsored record)
 * or `carriesNoSponsoredRecord` (why it never does).
 */

const outsideEntity = DEMO_IDS.otherDemoEntity;

export const recordsAccess: AreaAccess = {
  rows: [
    // ------------------------------------------------------------------ the public site: the landing, sponsored records, media
    {
      route: 'GET /api/partners/:partnerId/landing',
      call: (o) => ({ path: `/api/partners/${o.partnersId}/landing?${q(o)}` }),
      staff: 200,
      expect: { A: all(200), B: all(200), BonA: all(404) },
    },
    {
      route: 'GET /api/partners/:partnerId/sponsoreds',
      case: 'active listing of the site',
      call: (o) => ({ path: `/api/partners/${o.partnersId}/sponsoreds?${q(o)}&limit=100` }),
      staff: 200,
      expect: { A: all(200), B: all(200), BonA: all(404) },
    },
    {
      route: 'GET /api/partners/:partnerId/sponsoreds',
      case: 'inactive records (administrators only)',
      call: (o) => ({ path: `/api/partners/${o.partnersId}/sponsoreds?${q(o)}&status=inactive` }),
      staff: { action: 'records.view', granted: 200, denied: 403 },
      expect: { A: '401 403 403 200 200 403 200', B: '401 403 403 403 403 200 200' },
    },
    {
      route: 'GET /api/partners/:partnerId/sponsoreds',
      case: 'a program of the other partner',
      call: (o, objects) => {
        const site = o.partnersId === 2 ? objects.A : objects.B;
        const other = o.partnersId === 2 ? objects.B : objects.A;
        return {
          path: `/api/partners/${site.partnersId}/sponsoreds?${q(site)}&entitiesId=${other.entityId}`,
        };
      },
      staff: 400,
      expect: { A: all(400), B: all(400) },
    },
    {
      route: 'GET /api/sponsoreds/:id',
      call: (o) => ({ path: `/api/sponsoreds/${o.masked.id}` }),
      staff: 200,
      expect: { A: all(200), B: all(200), BonA: all(404) },
    },
    {
      route: 'GET /api/sponsoreds/:id',
      case: 'a masked record outside the program administrator’s program',
      call: (_o, objects) => ({ path: `/api/sponsoreds/${objects.outsideProgram.id}` }),
      staff: 200,
      expect: { A: all(200) },
      masked: { record: (objects) => objects.outsideProgram, privileged: ['adminA', 'platform'] },
    },
    {
      route: 'GET /api/sponsoreds/:id/updates',
      case: 'a masked record outside the program administrator’s program',
      call: (_o, objects) => ({ path: `/api/sponsoreds/${objects.outsideProgram.id}/updates` }),
      staff: {
        action: 'records.view',
        at: (all) => all.outsideProgram.entitiesId,
        granted: 200,
        denied: 403,
      },
      expect: { A: '401 403 403 200 403 403 200' },
      masked: { record: (objects) => objects.outsideProgram, privileged: ['adminA', 'platform'] },
    },
    {
      route: 'GET /api/sponsoreds/:id/images',
      call: (o) => ({ path: `/api/sponsoreds/${o.masked.id}/images` }),
      staff: 200,
      expect: { A: all(200), B: all(200), BonA: all(404) },
    },
    {
      route: 'POST /api/sponsoreds/:id/images',
      case: 'a JSON body (the access check comes first, then 415 for a body that is not multipart)',
      call: (o) => ({ path: `/api/sponsoreds/${o.masked.id}/images?${q(o)}`, body: {} }),
      staff: { action: 'pictures.manage', at: (all) => all.A.masked.entitiesId, granted: 415, denied: 403 },
      expect: {
        A: '401 403 403 415 415 403 415',
        B: '401 403 403 403 403 415 415',
        BonA: '401 404 404 404 404 404 404',
      },
    },
    {
      route: 'GET /api/sponsoreds/:id/updates',
      call: (o) => ({ path: `/api/sponsoreds/${o.masked.id}/updates` }),
      staff: { action: 'records.view', at: (all) => all.A.masked.entitiesId, granted: 200, denied: 403 },
      expect: {
        A: '401 403 200 200 200 403 200',
        B: '401 403 200 403 403 200 200',
        BonA: '401 404 404 404 404 404 404',
      },
    },
    {
      route: 'GET /media/*',
      case: 'a gallery picture of the masked record',
      call: (o) => ({ path: `/media/${o.masked.imagePaths.at(-1)!}` }),
      staff: { action: 'records.view', at: (all) => all.A.masked.entitiesId, granted: 200, denied: 404 },
      expect: {
        A: '404 404 200 200 200 404 200',
        B: '404 404 200 404 404 200 200',
        BonA: all(404),
      },
    },
    // ------------------------------------------------------------------ W1: the Records section
    {
      route: 'GET /api/dashboard/records',
      call: (o) => ({ path: `/api/dashboard/records?${q(o)}&type=${studentsOf(o)}` }),
      staff: { action: 'records.view', granted: 200, denied: 403 },
      expect: {
        A: '401 403 403 200 200 403 200',
        B: '401 403 403 403 403 200 200',
        BonA: '401 403 403 404 404 403 404',
      },
    },
    {
      route: 'GET /api/dashboard/records/:id',
      call: (o) => ({ path: `/api/dashboard/records/${o.masked.id}?${q(o)}` }),
      staff: { action: 'records.view', at: (all) => all.A.masked.entitiesId, granted: 200, denied: 403 },
      expect: {
        A: '401 403 403 200 200 403 200',
        B: '401 403 403 403 403 200 200',
        BonA: '401 403 403 404 404 403 404',
      },
    },
    {
      route: 'POST /api/dashboard/records',
      case: 'a grade that does not exist (the access check comes first, then 400)',
      call: (o) => ({
        path: `/api/dashboard/records?${q(o)}`,
        body: {
          partnerSponsoredTypesId: studentsOf(o),
          entitiesId: o.masked.entitiesId,
          code: 'MX-1',
          gradesId: 999,
        },
      }),
      staff: { action: 'records.manage', at: (all) => all.A.masked.entitiesId, granted: 400, denied: 403 },
      expect: { A: '401 403 403 400 400 403 400', B: '401 403 403 403 403 400 400' },
    },
    {
      route: 'PATCH /api/dashboard/records/:id',
      case: 'a grade that does not exist (the access check comes first, then 400)',
      call: (o) => ({ path: `/api/dashboard/records/${o.masked.id}?${q(o)}`, body: { gradesId: 999 } }),
      staff: { action: 'records.manage', at: (all) => all.A.masked.entitiesId, granted: 400, denied: 403 },
      expect: {
        A: '401 403 403 400 400 403 400',
        B: '401 403 403 403 403 400 400',
        BonA: '401 403 403 404 404 403 404',
      },
    },
    {
      route: 'POST /api/dashboard/records/:id/duplicate',
      case: 'a code already taken (the access check comes first, then 400)',
      call: (o) => ({
        path: `/api/dashboard/records/${o.masked.id}/duplicate?${q(o)}`,
        body: { code: o.masked.code },
      }),
      staff: { action: 'records.manage', at: (all) => all.A.masked.entitiesId, granted: 400, denied: 403 },
      expect: {
        A: '401 403 403 400 400 403 400',
        B: '401 403 403 403 403 400 400',
        BonA: '401 403 403 404 404 403 404',
      },
    },
    {
      route: 'DELETE /api/dashboard/records/:id',
      case: 'a sponsored record (the access check comes first, then 409)',
      call: (o) => ({ path: `/api/dashboard/records/${o.masked.id}?${q(o)}` }),
      staff: { action: 'records.manage', at: (all) => all.A.masked.entitiesId, granted: 409, denied: 403 },
      expect: {
        A: '401 403 403 409 409 403 409',
        B: '401 403 403 403 403 409 409',
        BonA: '401 403 403 404 404 403 404',
      },
    },
    // ---- W2 (issue 12 items 3 and 6): managing a record's pictures; records import and export.
    {
      route: 'GET /api/sponsoreds/:id/pictures',
      call: (o) => ({ path: `/api/sponsoreds/${o.masked.id}/pictures?${q(o)}` }),
      staff: { action: 'pictures.manage', at: (all) => all.A.masked.entitiesId, granted: 200, denied: 403 },
      expect: {
        A: '401 403 403 200 200 403 200',
        B: '401 403 403 403 403 200 200',
        BonA: '401 404 404 404 404 404 404',
      },
    },
    {
      route: 'PATCH /api/sponsoreds/:id/images/:imageId',
      case: 'a picture the record does not have (the access check comes first, then 404)',
      call: (o) => ({
        path: `/api/sponsoreds/${o.masked.id}/images/999999999?${q(o)}`,
        body: { description: 'x' },
      }),
      staff: { action: 'pictures.manage', at: (all) => all.A.masked.entitiesId, granted: 404, denied: 403 },
      expect: {
        A: '401 403 403 404 404 403 404',
        B: '401 403 403 403 403 404 404',
        BonA: '401 404 404 404 404 404 404',
      },
    },
    {
      route: 'PUT /api/sponsoreds/:id/images/order',
      case: 'an order that leaves the pictures out (the access check comes first, then 400)',
      call: (o) => ({ path: `/api/sponsoreds/${o.masked.id}/images/order?${q(o)}`, body: { ids: [] } }),
      staff: { action: 'pictures.manage', at: (all) => all.A.masked.entitiesId, granted: 400, denied: 403 },
      expect: {
        A: '401 403 403 400 400 403 400',
        B: '401 403 403 403 403 400 400',
        BonA: '401 404 404 404 404 404 404',
      },
    },
    {
      route: 'PUT /api/sponsoreds/:id/profileimage',
      case: 'a picture the record does not have (the access check comes first, then 404)',
      call: (o) => ({
        path: `/api/sponsoreds/${o.masked.id}/profileimage?${q(o)}`,
        body: { imageId: 999999999 },
      }),
      staff: { action: 'pictures.manage', at: (all) => all.A.masked.entitiesId, granted: 404, denied: 403 },
      expect: {
        A: '401 403 403 404 404 403 404',
        B: '401 403 403 403 403 404 404',
        BonA: '401 404 404 404 404 404 404',
      },
    },
    {
      route: 'DELETE /api/sponsoreds/:id/images/:imageId',
      case: 'a picture the record does not have (the access check comes first, then 404)',
      call: (o) => ({ path: `/api/sponsoreds/${o.masked.id}/images/999999999?${q(o)}` }),
      staff: { action: 'pictures.manage', at: (all) => all.A.masked.entitiesId, granted: 404, denied: 403 },
      expect: {
        A: '401 403 403 404 404 403 404',
        B: '401 403 403 403 403 404 404',
        BonA: '401 404 404 404 404 404 404',
      },
    },
    {
      route: 'POST /api/dashboard/records/import/dryrun',
      case: 'a JSON body (the access check comes first, then 415 for a body that is not multipart)',
      call: (o) => ({
        path: `/api/dashboard/records/import/dryrun?${q(o)}&partnerSponsoredTypesId=${studentsOf(o)}`,
        body: {},
      }),
      staff: { action: 'records.manage', granted: 415, denied: 403 },
      expect: {
        A: '401 403 403 415 415 403 415',
        B: '401 403 403 403 403 415 415',
        BonA: '401 403 403 415 415 403 415',
      },
    },
    {
      route: 'POST /api/dashboard/records/import',
      case: 'a JSON body (the access check comes first, then 415 for a body that is not multipart)',
      call: (o) => ({
        path: `/api/dashboard/records/import?${q(o)}&partnerSponsoredTypesId=${studentsOf(o)}`,
        body: {},
      }),
      staff: { action: 'records.manage', granted: 415, denied: 403 },
      expect: {
        A: '401 403 403 415 415 403 415',
        B: '401 403 403 403 403 415 415',
        BonA: '401 403 403 415 415 403 415',
      },
    },
    {
      route: 'GET /api/dashboard/records/imports',
      call: (o) => ({ path: `/api/dashboard/records/imports?${q(o)}` }),
      staff: { action: 'records.manage', granted: 200, denied: 403 },
      expect: {
        A: '401 403 403 200 200 403 200',
        B: '401 403 403 403 403 200 200',
      },
    },
    {
      route: 'GET /api/dashboard/records/imports/:id',
      case: 'an import that does not exist (the access check comes first, then 404)',
      call: (o) => ({ path: `/api/dashboard/records/imports/999999999?${q(o)}` }),
      staff: { action: 'records.manage', granted: 404, denied: 403 },
      expect: {
        A: '401 403 403 404 404 403 404',
        B: '401 403 403 403 403 404 404',
      },
    },
    {
      route: 'GET /api/dashboard/records/export',
      call: (o) => ({
        path: `/api/dashboard/records/export?${q(o)}&partnerSponsoredTypesId=${studentsOf(o)}&format=csv`,
      }),
      staff: { action: 'records.view', granted: 200, denied: 403 },
      expect: {
        A: '401 403 403 200 200 403 200',
        B: '401 403 403 403 403 200 200',
        BonA: '401 403 403 404 404 403 404',
      },
    },
  ],
  masked: [
    // W1: the Records section
    {
      route: 'GET /api/dashboard/records/:id',
      path: (_m, objects) => `/api/dashboard/records/${objects.outsideProgram.id}?partnersId=2`,
      expect: '401 403 200 403 403 200 403',
    },
    {
      route: 'GET /api/dashboard/records',
      path: (_m, objects) =>
        `/api/dashboard/records?partnersId=2&type=${DEMO_IDS.types.demo.students!}&q=${encodeURIComponent(objects.outsideProgram.code)}`,
      expect: '401 403 200 200 403 200 403',
    },
    // The public site.
    {
      route: 'GET /api/partners/:partnerId/landing',
      path: () => `/api/partners/2/landing?partnersId=2`,
      expect: '200 200 200 200 200 200 200',
    },
    {
      route: 'GET /api/partners/:partnerId/sponsoreds',
      path: () =>
        `/api/partners/2/sponsoreds?partnersId=2&partnerSponsoredTypesId=${DEMO_IDS.types.demo.students}&entitiesId=${outsideEntity}&limit=100`,
      expect: '200 200 200 200 200 200 200',
    },
    {
      route: 'GET /api/partners/:partnerId/sponsoreds',
      case: 'fully sponsored records',
      path: () =>
        `/api/partners/2/sponsoreds?partnersId=2&partnerSponsoredTypesId=${DEMO_IDS.types.demo.students}&entitiesId=${outsideEntity}&isFullySponsored=Yes&limit=100`,
      expect: '200 200 200 200 200 200 200',
    },
    {
      route: 'GET /api/sponsoreds/:id',
      path: (_m, objects) => `/api/sponsoreds/${objects.outsideProgram.id}?partnersId=2`,
      expect: '200 200 200 200 200 200 200',
    },
    {
      route: 'GET /api/sponsoreds/:id/images',
      path: (_m, objects) => `/api/sponsoreds/${objects.outsideProgram.id}/images?partnersId=2`,
      expect: '200 200 200 200 200 200 200',
    },
    {
      route: 'GET /api/sponsoreds/:id/updates',
      path: (_m, objects) => `/api/sponsoreds/${objects.outsideProgram.id}/updates?partnersId=2`,
      expect: '401 403 200 403 403 200 200',
    },
    {
      route: 'GET /media/*',
      path: (_m, objects) => `/media/${objects.outsideProgram.imagePaths.at(-1)!}`,
      expect: '404 404 200 404 404 200 200',
    },
    // W2: the export carries records, to staff who see them, only their programs' ones.
    {
      route: 'GET /api/dashboard/records/export',
      path: () =>
        `/api/dashboard/records/export?partnersId=2&partnerSponsoredTypesId=${DEMO_IDS.types.demo.students}&format=csv`,
      expect: '401 403 200 200 403 200 403',
    },
    // W2: the staff gallery, to staff who manage pictures of the record's program only.
    {
      route: 'GET /api/sponsoreds/:id/pictures',
      path: (_m, objects) => `/api/sponsoreds/${objects.outsideProgram.id}/pictures?partnersId=2`,
      expect: '401 403 200 403 403 200 403',
    },
  ],
  carriesNoSponsoredRecord: {
    'POST /api/sponsoreds/:id/images':
      'the new pictures, to staff who manage them (the matrix row checks who)',
    'POST /api/dashboard/records':
      'a new record, to staff who manage records of its program (the matrix row checks who)',
    'PATCH /api/dashboard/records/:id':
      'the record, to staff who manage records of its program (the matrix row checks who)',
    'POST /api/dashboard/records/:id/duplicate':
      'the copy, to staff who manage records of its program (the matrix row checks who)',
    'DELETE /api/dashboard/records/:id': 'no body',
    // W2: the gallery answered to staff who manage pictures (the matrix rows check who).
    'PATCH /api/sponsoreds/:id/images/:imageId': 'the pictures, to staff who manage them',
    'PUT /api/sponsoreds/:id/images/order': 'the pictures, to staff who manage them',
    'PUT /api/sponsoreds/:id/profileimage': 'the pictures, to staff who manage them',
    'DELETE /api/sponsoreds/:id/images/:imageId': 'the pictures, to staff who manage them',
    'POST /api/dashboard/records/import/dryrun': 'row errors name a code, a column and the value sent',
    'POST /api/dashboard/records/import': 'the import’s state and counts',
    'GET /api/dashboard/records/imports': 'imports’ states and counts',
    'GET /api/dashboard/records/imports/:id': 'the import’s state, counts and row errors',
  },
};
