import { all, type AreaAccess } from './access-rows.ts';

/*
 * The sign-in routes' rows of the access matrix (access-matrix.test.ts): better-auth at /api/auth/*,
 * registered by platform/auth.ts rather than by an area.
 * What a row says and how it runs: access-rows.ts. A new auth route adds its rows here: `rows` (every
 * viewer, every target), and either `masked` (its answer can carry a sponsored record) or
 * `carriesNoSponsoredRecord` (why it never does).
 */

export const platformAccess: AreaAccess = {
  rows: [
    // ------------------------------------------------------------------ sign-in (better-auth)
    {
      route: 'GET /api/auth/*',
      case: 'get-session',
      call: () => ({ path: '/api/auth/get-session' }),
      staff: 200,
      expect: { A: all(200), B: all(200) },
    },
    {
      route: 'POST /api/auth/*',
      case: 'request-password-reset',
      call: () => ({
        path: '/api/auth/request-password-reset',
        body: { email: 'nobody-in-the-matrix@example.org' },
      }),
      staff: 200,
      expect: { A: all(200), B: all(200) },
    },
  ],
  masked: [],
  carriesNoSponsoredRecord: {
    'GET /api/auth/*': 'sign-in only',
    'POST /api/auth/*': 'sign-in only',
  },
};
