import { q, type AreaAccess } from '../../../test/access-rows.ts';

/*
 * The sponsorships area's rows of the access matrix (apps/server/test/access-matrix.test.ts): the Sponsors
 * section, manual sponsorships and their link codes, and updates to sponsors.
 * What a row says and how it runs: apps/server/test/access-rows.ts. A new route of this area adds its rows
 * here: `rows` (every viewer, every target), and either `masked` (its answer can carry a sponsored record)
 * or `carriesNoSponsoredRecord` (why it never does).
 */

export const sponsorshipsAccess: AreaAccess = {
  rows: [
    // ------------------------------------------------------------------ issue 13: the Sponsors section
    {
      route: 'GET /api/dashboard/sponsors',
      call: (o) => ({ path: `/api/dashboard/sponsors?${q(o)}` }),
      staff: { action: 'sponsors.view', granted: 200, denied: 403 },
      expect: {
        A: '401 403 403 200 200 403 200',
        B: '401 403 403 403 403 200 200',
      },
    },
    {
      route: 'GET /api/dashboard/sponsors/:id',
      call: (o) => ({ path: `/api/dashboard/sponsors/${o.sponsorUserId}?${q(o)}` }),
      staff: { action: 'sponsors.view', at: (all) => all.A.masked.entitiesId, granted: 200, denied: 403 },
      expect: {
        A: '401 403 403 200 200 403 200',
        B: '401 403 403 403 403 200 200',
      },
    },
    {
      route: 'POST /api/dashboard/sponsorships',
      case: 'a person unknown at the partner (the access check comes first, then 404)',
      call: (o) => ({
        path: `/api/dashboard/sponsorships?${q(o)}`,
        body: { sponsoredsId: o.masked.id, usersId: 999999999 },
      }),
      staff: { action: 'sponsors.manage', at: (all) => all.A.masked.entitiesId, granted: 404, denied: 403 },
      expect: {
        A: '401 403 403 404 404 403 404',
        B: '401 403 403 403 403 404 404',
        BonA: '401 403 403 404 404 403 404',
      },
    },
    {
      route: 'POST /api/dashboard/sponsorships/:id/end',
      case: 'a sponsorship that does not exist (the access check comes first, then 404)',
      call: (o) => ({
        path: `/api/dashboard/sponsorships/999999999/end?${q(o)}`,
        body: { reason: 'Matrix' },
      }),
      staff: { action: 'sponsors.manage', granted: 404, denied: 403 },
      expect: {
        A: '401 403 403 404 404 403 404',
        B: '401 403 403 403 403 404 404',
      },
    },
    {
      route: 'POST /api/dashboard/sponsorships/:id/move',
      case: 'a sponsorship that does not exist (the access check comes first, then 404)',
      call: (o) => ({
        path: `/api/dashboard/sponsorships/999999999/move?${q(o)}`,
        body: { sponsoredsId: o.masked.id, reason: 'Matrix' },
      }),
      staff: { action: 'sponsors.manage', granted: 404, denied: 403 },
      expect: {
        A: '401 403 403 404 404 403 404',
        B: '401 403 403 403 403 404 404',
      },
    },
    {
      route: 'POST /api/link',
      case: 'a code that is not one (signed in: 404 with the message)',
      call: (o) => ({ path: `/api/link?${q(o)}`, body: { code: 'ABCDE-FGHJK' } }),
      staff: 404,
      expect: { A: '401 404 404 404 404 404 404', B: '401 404 404 404 404 404 404' },
    },
    // ---- W4 (issue 13 item 2): updates to sponsors.
    {
      route: 'GET /api/dashboard/updates',
      call: (o) => ({ path: `/api/dashboard/updates?${q(o)}` }),
      staff: { action: 'updates.manage', granted: 200, denied: 403 },
      expect: {
        A: '401 403 403 200 200 403 200',
        B: '401 403 403 403 403 200 200',
        // A's own list (the site decides the partner): nothing of B's.
        BonA: '401 403 403 200 200 403 200',
      },
    },
    {
      route: 'GET /api/dashboard/updates/recipients',
      call: (o) => ({ path: `/api/dashboard/updates/recipients?${q(o)}&q=a` }),
      staff: { action: 'updates.manage', granted: 200, denied: 403 },
      expect: {
        A: '401 403 403 200 200 403 200',
        B: '401 403 403 403 403 200 200',
        BonA: '401 403 403 200 200 403 200',
      },
    },
    {
      route: 'POST /api/dashboard/updates',
      case: 'a record that does not exist (the access check comes first, then 400)',
      call: (o) => ({
        path: `/api/dashboard/updates?${q(o)}`,
        body: {
          title: 'Matrix',
          updateMessage: '<p>Matrix</p>',
          audience: { kind: 'records', sponsoredsIds: [2_000_000_000] },
          schedule: false,
        },
      }),
      staff: { action: 'updates.manage', granted: 400, denied: 403 },
      expect: { A: '401 403 403 400 400 403 400', B: '401 403 403 403 403 400 400' },
    },
    {
      route: 'GET /api/dashboard/updates/:id',
      call: (o) => ({ path: `/api/dashboard/updates/${o.draftPostId}?${q(o)}` }),
      staff: { action: 'updates.manage', at: (all) => all.A.masked.entitiesId, granted: 200, denied: 403 },
      expect: {
        A: '401 403 403 200 200 403 200',
        B: '401 403 403 403 403 200 200',
        BonA: '401 403 403 404 404 403 404',
      },
    },
    {
      route: 'PATCH /api/dashboard/updates/:id',
      case: 'a record that does not exist (the access check comes first, then 400)',
      call: (o) => ({
        path: `/api/dashboard/updates/${o.draftPostId}?${q(o)}`,
        body: {
          title: 'Matrix',
          updateMessage: '<p>Matrix</p>',
          audience: { kind: 'records', sponsoredsIds: [2_000_000_000] },
          schedule: false,
        },
      }),
      staff: { action: 'updates.manage', at: (all) => all.A.masked.entitiesId, granted: 400, denied: 403 },
      expect: {
        A: '401 403 403 400 400 403 400',
        B: '401 403 403 403 403 400 400',
        BonA: '401 403 403 404 404 403 404',
      },
    },
    {
      route: 'DELETE /api/dashboard/updates/:id',
      case: 'a sent update (the access check comes first, then 409)',
      call: (o) => ({ path: `/api/dashboard/updates/${o.sentPostId}?${q(o)}` }),
      staff: { action: 'updates.manage', at: (all) => all.A.masked.entitiesId, granted: 409, denied: 403 },
      expect: {
        A: '401 403 403 409 409 403 409',
        B: '401 403 403 403 403 409 409',
        BonA: '401 403 403 404 404 403 404',
      },
    },
    {
      route: 'POST /api/dashboard/updates/:id/pictures',
      case: 'a sent update (the access check comes first, then 409)',
      call: (o) => ({ path: `/api/dashboard/updates/${o.sentPostId}/pictures?${q(o)}` }),
      staff: { action: 'updates.manage', at: (all) => all.A.masked.entitiesId, granted: 409, denied: 403 },
      expect: {
        A: '401 403 403 409 409 403 409',
        B: '401 403 403 403 403 409 409',
        BonA: '401 403 403 404 404 403 404',
      },
    },
    {
      route: 'GET /api/sponsored-updates/:code',
      call: (o) => ({ path: `/api/sponsored-updates/${o.updateCode}?${q(o)}` }),
      staff: { action: 'records.view', at: (all) => all.A.masked.entitiesId, granted: 200, denied: 403 },
      expect: {
        A: '401 403 200 200 200 403 200',
        B: '401 403 200 403 403 200 200',
        // B's code on A's site is unknown there: the same refusal as any code one may not read.
        BonA: '401 403 403 403 403 403 403',
      },
    },
    // ---- issue 24: letters (feature 4; maple, partner B, has it off: 404 once past the access check).
    {
      route: 'GET /api/sponsoreds/:id/messages',
      call: (o) => ({ path: `/api/sponsoreds/${o.masked.id}/messages?${q(o)}` }),
      staff: 403,
      expect: {
        A: '401 403 200 403 403 403 403',
        B: '404 404 404 404 404 404 404',
        // B's record on A's site: nobody sponsors it there.
        BonA: '401 403 403 403 403 403 403',
      },
    },
    {
      route: 'POST /api/sponsoreds/:id/messages',
      call: (o) => ({
        path: `/api/sponsoreds/${o.masked.id}/messages?${q(o)}`,
        body: { body: 'Matrix letter' },
      }),
      staff: 403,
      expect: {
        A: '401 403 201 403 403 403 403',
        B: '404 404 404 404 404 404 404',
        BonA: '401 403 403 403 403 403 403',
      },
    },
    {
      route: 'GET /api/users/:id/messages',
      call: (o) => ({ path: `/api/users/${o.sponsorUserId}/messages?${q(o)}` }),
      staff: 403,
      expect: {
        A: '401 403 200 403 403 403 403',
        B: '404 404 404 404 404 404 404',
      },
    },
    {
      route: 'PATCH /api/messages/:id',
      case: "the sponsor's own draft, kept a draft",
      call: (o) => ({
        path: `/api/messages/${o.draftLetterId}?${q(o)}`,
        body: { body: 'Matrix draft, changed' },
      }),
      staff: 404,
      expect: {
        A: '401 404 200 404 404 404 404',
        B: '404 404 404 404 404 404 404',
        // B's draft on A's site does not exist there.
        BonA: '401 404 404 404 404 404 404',
      },
    },
    {
      route: 'DELETE /api/messages/:id',
      case: 'a letter that does not exist',
      call: (o) => ({ path: `/api/messages/999999999?${q(o)}` }),
      staff: 404,
      expect: {
        A: '401 404 404 404 404 404 404',
        B: '404 404 404 404 404 404 404',
      },
    },
    {
      route: 'GET /api/dashboard/letters',
      call: (o) => ({ path: `/api/dashboard/letters?${q(o)}` }),
      staff: { action: 'letters.moderate', granted: 200, denied: 403 },
      expect: {
        A: '401 403 403 200 200 403 200',
        B: '401 403 403 403 403 404 404',
      },
    },
    {
      route: 'GET /api/dashboard/letters/:id',
      call: (o) => ({ path: `/api/dashboard/letters/${o.letterId}?${q(o)}` }),
      staff: { action: 'letters.moderate', at: (all) => all.A.masked.entitiesId, granted: 200, denied: 403 },
      expect: {
        A: '401 403 403 200 200 403 200',
        B: '401 403 403 403 403 404 404',
        BonA: '401 403 403 404 404 403 404',
      },
    },
    {
      route: 'PATCH /api/dashboard/letters/:id',
      case: 'a letter that does not exist (the access check comes first, then 404)',
      call: (o) => ({ path: `/api/dashboard/letters/999999999?${q(o)}`, body: { assigneeId: null } }),
      staff: { action: 'letters.moderate', granted: 404, denied: 403 },
      expect: {
        A: '401 403 403 404 404 403 404',
        B: '401 403 403 403 403 404 404',
      },
    },
    {
      route: 'POST /api/dashboard/letters/:id/approve',
      case: 'a letter that does not exist (the access check comes first, then 404)',
      call: (o) => ({ path: `/api/dashboard/letters/999999999/approve?${q(o)}` }),
      staff: { action: 'letters.moderate', granted: 404, denied: 403 },
      expect: {
        A: '401 403 403 404 404 403 404',
        B: '401 403 403 403 403 404 404',
      },
    },
    {
      route: 'POST /api/dashboard/letters/:id/reject',
      case: 'a letter that does not exist (the access check comes first, then 404)',
      call: (o) => ({ path: `/api/dashboard/letters/999999999/reject?${q(o)}`, body: { reason: 'Matrix' } }),
      staff: { action: 'letters.moderate', granted: 404, denied: 403 },
      expect: {
        A: '401 403 403 404 404 403 404',
        B: '401 403 403 403 403 404 404',
      },
    },
    {
      route: 'POST /api/dashboard/letters/:id/flags/:flagId',
      case: 'a letter that does not exist (the access check comes first, then 404)',
      call: (o) => ({
        path: `/api/dashboard/letters/999999999/flags/1?${q(o)}`,
        body: { action: 'remove' },
      }),
      staff: { action: 'letters.moderate', granted: 404, denied: 403 },
      expect: {
        A: '401 403 403 404 404 403 404',
        B: '401 403 403 403 403 404 404',
      },
    },
    {
      route: 'POST /api/dashboard/letters/approve',
      case: 'a letter that does not exist (skipped, with why)',
      call: (o) => ({ path: `/api/dashboard/letters/approve?${q(o)}`, body: { ids: [999999999] } }),
      staff: { action: 'letters.moderate', granted: 200, denied: 403 },
      expect: {
        A: '401 403 403 200 200 403 200',
        B: '401 403 403 403 403 404 404',
      },
    },
    {
      route: 'POST /api/dashboard/letters/steps',
      case: 'a letter that does not exist (skipped, with why)',
      call: (o) => ({
        path: `/api/dashboard/letters/steps?${q(o)}`,
        body: { ids: [999999999], status: 'delivered' },
      }),
      staff: { action: 'letters.moderate', granted: 200, denied: 403 },
      expect: {
        A: '401 403 403 200 200 403 200',
        B: '401 403 403 403 403 404 404',
      },
    },
    {
      route: 'GET /api/dashboard/letters/assignees',
      call: (o) => ({ path: `/api/dashboard/letters/assignees?${q(o)}` }),
      staff: { action: 'letters.moderate', granted: 200, denied: 403 },
      expect: {
        A: '401 403 403 200 200 403 200',
        B: '401 403 403 403 403 404 404',
      },
    },
    {
      route: 'GET /api/dashboard/letters/settings',
      call: (o) => ({ path: `/api/dashboard/letters/settings?${q(o)}` }),
      staff: { action: 'letters.moderate', granted: 200, denied: 403 },
      expect: {
        A: '401 403 403 200 200 403 200',
        B: '401 403 403 403 403 404 404',
      },
    },
    {
      route: 'PUT /api/dashboard/letters/settings',
      case: 'partner-wide moderators only (a program-scoped one: 403)',
      call: (o) => ({
        path: `/api/dashboard/letters/settings?${q(o)}`,
        body: { guidelines: 'Be kind.', words: [] },
      }),
      // Settings reach every program: a program-scoped moderator is refused as outside a program.
      staff: {
        action: 'letters.moderate',
        at: (all) => all.outsideProgram.entitiesId,
        granted: 200,
        denied: 403,
      },
      expect: {
        A: '401 403 403 200 403 403 200',
        B: '401 403 403 403 403 404 404',
      },
    },
    {
      route: 'POST /api/dashboard/letters',
      case: "a reply typed to the sponsor's letter",
      call: (o) => ({
        path: `/api/dashboard/letters?${q(o)}`,
        body: { replyToId: o.letterId, body: 'Matrix reply' },
      }),
      staff: { action: 'letters.moderate', at: (all) => all.A.masked.entitiesId, granted: 201, denied: 403 },
      expect: {
        A: '401 403 403 201 201 403 201',
        B: '401 403 403 403 403 404 404',
        BonA: '401 403 403 404 404 403 404',
      },
    },
    {
      route: 'GET /api/messages/:id/pdf',
      case: "the sponsor's letter waiting for review: its writer and its moderators only",
      call: (o) => ({ path: `/api/messages/${o.letterId}/pdf?${q(o)}` }),
      staff: { action: 'letters.moderate', at: (all) => all.A.masked.entitiesId, granted: 200, denied: 404 },
      expect: {
        A: '404 404 200 200 200 404 200',
        B: '404 404 404 404 404 404 404',
        BonA: '404 404 404 404 404 404 404',
      },
    },
    {
      route: 'POST /api/dashboard/letters/print',
      case: 'letters that do not exist (the access check comes first, then 409: nothing to print)',
      call: (o) => ({
        path: `/api/dashboard/letters/print?${q(o)}`,
        body: { programId: o.entityId, ids: [999999999] },
      }),
      staff: { action: 'letters.moderate', at: (all) => all.A.entityId, granted: 409, denied: 403 },
      expect: {
        A: '401 403 403 409 409 403 409',
        B: '401 403 403 403 403 404 404',
      },
    },
    {
      route: 'POST /api/dashboard/letters/scans',
      case: 'no file (the access check comes first, then 415)',
      call: (o) => ({ path: `/api/dashboard/letters/scans?${q(o)}`, body: {} }),
      staff: { action: 'letters.moderate', granted: 415, denied: 403 },
      expect: {
        A: '401 403 403 415 415 403 415',
        B: '401 403 403 403 403 404 404',
      },
    },
    {
      route: 'GET /api/dashboard/letters/scans',
      call: (o) => ({ path: `/api/dashboard/letters/scans?${q(o)}&unmatched=true` }),
      staff: { action: 'letters.moderate', granted: 200, denied: 403 },
      expect: {
        A: '401 403 403 200 200 403 200',
        B: '401 403 403 403 403 404 404',
      },
    },
    {
      route: 'POST /api/dashboard/letters/scans/:id/match',
      case: 'a page that does not exist (the access check comes first, then 404)',
      call: (o) => ({
        path: `/api/dashboard/letters/scans/999999999/match?${q(o)}`,
        body: { replyToId: o.letterId },
      }),
      staff: { action: 'letters.moderate', granted: 404, denied: 403 },
      expect: {
        A: '401 403 403 404 404 403 404',
        B: '401 403 403 403 403 404 404',
      },
    },
  ],
  masked: [
    // W4: the Updates editor's record search, by the outside record's code.
    {
      route: 'GET /api/dashboard/updates/recipients',
      path: (_m, objects) =>
        `/api/dashboard/updates/recipients?partnersId=2&q=${encodeURIComponent(objects.outsideProgram.code)}`,
      expect: '401 403 200 200 403 200 403',
    },
    // Issue 13: the Sponsors section, to staff who see sponsors, of their programs' records only.
    {
      route: 'GET /api/dashboard/sponsors',
      path: () => '/api/dashboard/sponsors?partnersId=2&pageSize=500',
      expect: '401 403 200 200 403 200 403',
    },
    {
      route: 'GET /api/dashboard/sponsors/:id',
      path: (m) => `/api/dashboard/sponsors/${m.outsiderId}?partnersId=2`,
      expect: '401 403 200 200 403 200 403',
    },
  ],
  carriesNoSponsoredRecord: {
    // W4: updates answer record names to staff who write updates to their programs (the matrix rows
    // check who); the update page to the record's sponsors and staff with records.view (its row).
    'GET /api/dashboard/updates': 'posts with counts of records, notices and pictures; no record',
    'POST /api/dashboard/updates': 'the post with its records, to staff who write updates to their programs',
    'GET /api/dashboard/updates/:id':
      'the post with its records, to staff who write updates to their programs',
    'PATCH /api/dashboard/updates/:id':
      'the post with its records, to staff who write updates to their programs',
    'DELETE /api/dashboard/updates/:id': 'no body',
    'POST /api/dashboard/updates/:id/pictures':
      'the post with its records, to staff who write updates to their programs',
    'GET /api/sponsored-updates/:code':
      "one record's update and name, to its active sponsors and staff with records.view (the matrix row checks who)",
    // Issue 13: the Sponsors section's writes answer one sponsorship (no last name, birthday or picture).
    'POST /api/dashboard/sponsorships':
      'the new sponsorship by record name, to staff who manage sponsorships of its program (the matrix row checks who)',
    'POST /api/dashboard/sponsorships/:id/end':
      'the sponsorship by record name, to staff who manage sponsorships of its program (the matrix row checks who)',
    'POST /api/dashboard/sponsorships/:id/move':
      'the moved sponsorship by record name, to staff who manage sponsorships of both programs (the matrix row checks who)',
    'POST /api/link': 'the linked sponsorship, to the person holding its one-time code',
    // Issue 24: letters name a record by first name and code only (never a last name, birthday or picture).
    'GET /api/sponsoreds/:id/messages':
      "a record's first name and the viewer's own letters about it, to its sponsors",
    'POST /api/sponsoreds/:id/messages': 'the new letter’s id, state and flags',
    'GET /api/users/:id/messages': "the viewer's own letters, each naming its record by first name",
    'PATCH /api/messages/:id': "the writer's own letter, naming its record by first name",
    'DELETE /api/messages/:id': 'no body',
    'GET /api/dashboard/letters': 'letters by record first name and code, to moderators of their programs',
    'GET /api/dashboard/letters/:id': 'a letter by record first name and code, to moderators of its program',
    'PATCH /api/dashboard/letters/:id':
      'a letter by record first name and code, to moderators of its program',
    'POST /api/dashboard/letters/:id/approve':
      'a letter by record first name and code, to moderators of its program',
    'POST /api/dashboard/letters/:id/reject':
      'a letter by record first name and code, to moderators of its program',
    'POST /api/dashboard/letters/:id/flags/:flagId':
      'a letter by record first name and code, to moderators of its program',
    'POST /api/dashboard/letters/approve': 'letter ids only',
    'POST /api/dashboard/letters/steps': 'letter ids only',
    'GET /api/dashboard/letters/assignees': 'colleagues’ names only',
    'GET /api/dashboard/letters/settings': 'the partner’s guidelines and word list',
    'PUT /api/dashboard/letters/settings': 'the partner’s guidelines and word list',
    'POST /api/dashboard/letters': 'a letter by record first name and code, to moderators of its program',
    'GET /api/messages/:id/pdf': 'the letter as a PDF: the record by first name, the sponsor by first name',
    'POST /api/dashboard/letters/print': 'letters as a PDF by record code and sponsor first name',
    'POST /api/dashboard/letters/scans': 'scanned pages and the letters they became, by id',
    'GET /api/dashboard/letters/scans': 'scanned pages and the letters they became, by id',
    'POST /api/dashboard/letters/scans/:id/match': 'a scanned page and the letter it became, by id',
  },
};
