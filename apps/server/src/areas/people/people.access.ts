import { all, type AreaAccess, payerEmail, q } from '../../../test/access-rows.ts';

/*
 * The people area's rows of the access matrix (apps/server/test/access-matrix.test.ts): the person's own
 * account, the sign-in configuration, the team and its invitations.
 * What a row says and how it runs: apps/server/test/access-rows.ts. A new route of this area adds its rows
 * here: `rows` (every viewer, every target), and either `masked` (its answer can carry a sponsored record)
 * or `carriesNoSponsoredRecord` (why it never does).
 */

export const peopleAccess: AreaAccess = {
  rows: [
    // ------------------------------------------------------------------ the sign-in configuration
    {
      route: 'GET /api/auth-config',
      call: (o) => ({ path: `/api/auth-config?${q(o)}` }),
      staff: 200,
      expect: { A: all(200), B: all(200) },
    },
    // ------------------------------------------------------------------ the person's own account
    {
      route: 'GET /api/users/getByToken',
      call: (o) => ({ path: `/api/users/getByToken?${q(o)}` }),
      staff: 200,
      expect: { A: '401 200 200 200 200 200 200', B: '401 200 200 200 200 200 200' },
    },
    {
      route: 'POST /api/users',
      case: 'a second person record',
      call: (o) => ({
        path: `/api/users?${q(o)}`,
        body: {
          firstName: 'A',
          lastName: 'B',
          email: 'x@example.org',
          address1: '1 St',
          city: 'C',
          state: 'S',
          zip: '1',
        },
      }),
      staff: 409,
      expect: { A: '401 409 409 409 409 409 409', B: '401 409 409 409 409 409 409' },
    },
    {
      route: 'GET /api/users/:id/sponsoreds',
      call: (o) => ({ path: `/api/users/${o.sponsorUserId}/sponsoreds?${q(o)}` }),
      staff: { action: 'sponsors.view', granted: 200, denied: 403 },
      expect: { A: '401 403 200 200 200 403 200', B: '401 403 200 403 403 200 200' },
    },
    {
      route: 'PUT /api/users/:id',
      case: 'the sponsor’s own record',
      call: (o) => ({
        path: `/api/users/${o.sponsorUserId}?${q(o)}`,
        body: {
          firstName: 'Sam',
          lastName: 'Okafor',
          address1: '512 Oak Street',
          city: 'Austin',
          state: 'TX',
          zip: '78701',
        },
      }),
      staff: 403,
      expect: { A: '401 403 200 403 403 403 403', B: '401 403 200 403 403 403 403' },
    },
    {
      route: 'PUT /api/users/:id',
      case: 'a stranger’s record',
      call: (o) => ({
        path: `/api/users/${o.strangerUserId}?${q(o)}`,
        body: { firstName: 'Mallory', lastName: 'X', address1: '1 St', city: 'C', state: 'S', zip: '1' },
      }),
      staff: 403,
      expect: { A: '401 403 403 403 403 403 403', B: '401 403 403 403 403 403 403' },
    },
    {
      route: 'GET /api/users/:id/export',
      call: (o) => ({ path: `/api/users/${o.sponsorUserId}/export?${q(o)}` }),
      staff: 403,
      expect: { A: '401 403 200 403 403 403 403', B: '401 403 200 403 403 403 403' },
    },
    // ------------------------------------------------------------------ issue 14: the team and its invitations
    {
      route: 'GET /api/dashboard/team',
      call: (o) => ({ path: `/api/dashboard/team?${q(o)}` }),
      staff: { action: 'team.manage', granted: 200, denied: 403 },
      expect: { A: '401 403 403 200 403 403 200', B: '401 403 403 403 403 200 200' },
    },
    {
      route: 'PUT /api/dashboard/team/:usersId',
      case: 'a person not on the team (the access check comes first, then 404)',
      call: (o) => ({
        path: `/api/dashboard/team/${o.strangerUserId}?${q(o)}`,
        body: { roles: [3], entityIds: [] },
      }),
      staff: { action: 'team.manage', granted: 404, denied: 403 },
      expect: {
        A: '401 403 403 404 403 403 404',
        B: '401 403 403 403 403 404 404',
        BonA: '401 403 403 404 403 403 404',
      },
    },
    {
      route: 'DELETE /api/dashboard/team/:usersId',
      case: 'a person not on the team (the access check comes first, then 404)',
      call: (o) => ({ path: `/api/dashboard/team/${o.strangerUserId}?${q(o)}` }),
      staff: { action: 'team.manage', granted: 404, denied: 403 },
      expect: {
        A: '401 403 403 404 403 403 404',
        B: '401 403 403 403 403 404 404',
        BonA: '401 403 403 404 403 403 404',
      },
    },
    {
      route: 'GET /api/dashboard/team/invitations',
      call: (o) => ({ path: `/api/dashboard/team/invitations?${q(o)}` }),
      staff: { action: 'team.manage', granted: 200, denied: 403 },
      expect: { A: '401 403 403 200 403 403 200', B: '401 403 403 403 403 200 200' },
    },
    {
      route: 'POST /api/dashboard/team/invitations',
      case: "limited to another partner's program (the access check comes first, then 400)",
      call: (o, objects) => ({
        path: `/api/dashboard/team/invitations?${q(o)}`,
        body: {
          email: payerEmail(),
          roles: [3],
          entityIds: [o.partnersId === objects.A.partnersId ? objects.B.entityId : objects.A.entityId],
        },
      }),
      staff: { action: 'team.manage', granted: 400, denied: 403 },
      expect: { A: '401 403 403 400 403 403 400', B: '401 403 403 403 403 400 400' },
    },
    {
      route: 'POST /api/dashboard/team/invitations/:id/resend',
      case: 'an invitation that does not exist',
      call: (o) => ({ path: `/api/dashboard/team/invitations/999999999/resend?${q(o)}`, body: {} }),
      staff: { action: 'team.manage', granted: 404, denied: 403 },
      expect: { A: '401 403 403 404 403 403 404', B: '401 403 403 403 403 404 404' },
    },
    {
      route: 'POST /api/dashboard/team/invitations/:id/revoke',
      case: 'an invitation that does not exist',
      call: (o) => ({ path: `/api/dashboard/team/invitations/999999999/revoke?${q(o)}`, body: {} }),
      staff: { action: 'team.manage', granted: 404, denied: 403 },
      expect: { A: '401 403 403 404 403 403 404', B: '401 403 403 403 403 404 404' },
    },
    {
      route: 'GET /api/invitations/:token',
      case: 'a link that is not valid (anyone holding a link may read it)',
      call: (o) => ({ path: `/api/invitations/1.not-a-valid-nonce-at-all.x?${q(o)}` }),
      staff: 404,
      expect: { A: all(404), B: all(404) },
    },
    {
      route: 'POST /api/invitations/:token/accept',
      case: 'a link that is not valid (signed in first, then 404)',
      call: (o) => ({ path: `/api/invitations/1.not-a-valid-nonce-at-all.x/accept?${q(o)}`, body: {} }),
      staff: 404,
      expect: { A: '401 404 404 404 404 404 404', B: '401 404 404 404 404 404 404' },
    },
    // Remove accounts, the donor's among them: last of all (`destroys`), after every area's rows.
    {
      route: 'DELETE /api/users/:id',
      case: 'a stranger’s account',
      destroys: 'viewer',
      call: (o) => ({ path: `/api/users/${o.strangerUserId}?${q(o)}` }),
      staff: 403,
      expect: { A: '401 403 403 403 403 403 403', B: '401 403 403 403 403 403 403' },
    },
    {
      route: 'DELETE /api/users/:id',
      case: 'the donor’s own account (the donor is gone afterwards)',
      destroys: 'viewer',
      call: (_o, objects) => ({ path: `/api/users/${objects.userIds.donor}?partnersId=2` }),
      staff: 403,
      expect: { A: '401 204 403 403 403 403 403' },
    },
  ],
  masked: [
    {
      route: 'GET /api/users/getByToken',
      path: () => '/api/users/getByToken?partnersId=2',
      expect: '401 200 200 200 200 200 200',
    },
    {
      route: 'GET /api/users/:id/sponsoreds',
      path: (m) => `/api/users/${m.outsiderId}/sponsoreds?partnersId=2`,
      expect: '401 403 200 200 403 200 200',
    },
    {
      route: 'PUT /api/users/:id',
      path: (m) => `/api/users/${m.outsiderId}?partnersId=2`,
      expect: '401 403 403 403 403 403 200',
    },
    {
      route: 'GET /api/users/:id/export',
      path: (m) => `/api/users/${m.outsiderId}/export?partnersId=2`,
      expect: '401 403 403 403 403 403 200',
    },
  ],
  carriesNoSponsoredRecord: {
    'GET /api/auth-config': 'sign-in configuration',
    // Issue 14: the staff list, invitations, the audit log (to Administrators, who see every record in
    // full), the platform console and the setup checklist.
    'GET /api/dashboard/team': 'staff names, emails, roles and programs',
    'PUT /api/dashboard/team/:usersId': 'a staff member',
    'DELETE /api/dashboard/team/:usersId': 'no body',
    'GET /api/dashboard/team/invitations': 'invitations',
    'POST /api/dashboard/team/invitations': 'the invitation',
    'POST /api/dashboard/team/invitations/:id/resend': 'the invitation',
    'POST /api/dashboard/team/invitations/:id/revoke': 'the invitation',
    'GET /api/invitations/:token': 'the partner, the address, roles and program names',
    'POST /api/invitations/:token/accept': 'the partner and roles',
    'POST /api/users': 'a new person record has no sponsorships',
    'DELETE /api/users/:id': 'no body',
  },
};
