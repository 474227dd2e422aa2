import { all, type AreaAccess, q, typeOf } from '../../../test/access-rows.ts';

/*
 * The partners area's rows of the access matrix (apps/server/test/access-matrix.test.ts): the public
 * partner, its payment account and onboarding, types and plans, programs, settings and own domains, email
 * templates, the setup checklist and the platform console.
 * What a row says and how it runs: apps/server/test/access-rows.ts. A new route of this area adds its rows
 * here: `rows` (every viewer, every target), and either `masked` (its answer can carry a sponsored record)
 * or `carriesNoSponsoredRecord` (why it never does).
 */

export const partnersAccess: AreaAccess = {
  rows: [
    // ------------------------------------------------------------------ partners
    {
      route: 'GET /api/partners/:key',
      call: (o) => ({ path: `/api/partners/${o.subdomain}` }),
      // The public partner model, by key on any site.
      staff: 200,
      expect: { A: all(200), B: all(200), BonA: all(200) },
    },
    {
      route: 'GET /api/partners',
      call: (o) => ({ path: `/api/partners?${q(o)}` }),
      staff: 200,
      expect: { A: all(200), B: all(200) },
    },
    {
      route: 'GET /api/partners/:id/onboardurl',
      call: (o, _all, target) => ({
        path: `/api/partners/${o.partnersId}/onboardurl?partnersId=${target === 'BonA' ? 2 : o.partnersId}`,
      }),
      staff: { action: 'settings.manage', granted: 200, denied: 403 },
      expect: {
        A: '401 403 403 200 403 403 200',
        B: '401 403 403 403 403 200 200',
        BonA: '401 400 400 400 400 400 200',
      },
    },
    {
      route: 'POST /api/partners/oauthonboard',
      call: () => ({
        path: '/api/partners/oauthonboard',
        body: { state: 'not-a-state', authorizationCode: 'ac_nothing' },
      }),
      staff: 400,
      expect: { A: all(400), B: all(400) },
    },
    // ------------------------------------------------------------------ the payment account: the card field's configuration
    {
      route: 'GET /api/payments/config',
      call: (o) => ({ path: `/api/payments/config?${q(o)}` }),
      // The card field's configuration: public, as visitors donate too.
      staff: 200,
      expect: { A: all(200), B: all(200) },
    },
    // ------------------------------------------------------------------ W3: types and plans, programs
    {
      route: 'GET /api/dashboard/types',
      call: (o) => ({ path: `/api/dashboard/types?${q(o)}` }),
      staff: { action: 'types.manage', granted: 200, denied: 403 },
      expect: { A: '401 403 403 200 403 403 200', B: '401 403 403 403 403 200 200' },
    },
    {
      route: 'POST /api/dashboard/types',
      case: 'an empty body (the access check comes first, then the field errors)',
      call: (o) => ({ path: `/api/dashboard/types?${q(o)}`, body: {} }),
      staff: { action: 'types.manage', granted: 400, denied: 403 },
      expect: { A: '401 403 403 400 403 403 400', B: '401 403 403 403 403 400 400' },
    },
    {
      route: 'PUT /api/dashboard/types/:id',
      case: 'an empty body',
      call: (o) => ({ path: `/api/dashboard/types/${typeOf(o)}?${q(o)}`, body: {} }),
      staff: { action: 'types.manage', granted: 400, denied: 403 },
      expect: {
        A: '401 403 403 400 403 403 400',
        B: '401 403 403 403 403 400 400',
        BonA: '401 403 403 404 403 403 404',
      },
    },
    {
      route: 'PUT /api/dashboard/types/:id/plan',
      case: 'an empty body',
      call: (o) => ({ path: `/api/dashboard/types/${typeOf(o)}/plan?${q(o)}`, body: {} }),
      staff: { action: 'types.manage', granted: 400, denied: 403 },
      expect: {
        A: '401 403 403 400 403 403 400',
        B: '401 403 403 403 403 400 400',
        BonA: '401 403 403 404 403 403 404',
      },
    },
    {
      route: 'GET /api/dashboard/programs',
      call: (o) => ({ path: `/api/dashboard/programs?${q(o)}` }),
      staff: { action: 'programs.manage', granted: 200, denied: 403 },
      expect: { A: '401 403 403 200 200 403 200', B: '401 403 403 403 403 200 200' },
    },
    {
      route: 'POST /api/dashboard/programs',
      case: 'an empty body; creating a program is partner-wide (as if at a program outside any scope)',
      call: (o) => ({ path: `/api/dashboard/programs?${q(o)}`, body: {} }),
      staff: {
        action: 'programs.manage',
        at: (all) => all.outsideProgram.entitiesId,
        granted: 400,
        denied: 403,
      },
      expect: { A: '401 403 403 400 403 403 400', B: '401 403 403 403 403 400 400' },
    },
    {
      route: 'PUT /api/dashboard/programs/:id',
      case: 'an empty body',
      call: (o) => ({ path: `/api/dashboard/programs/${o.masked.entitiesId}?${q(o)}`, body: {} }),
      staff: { action: 'programs.manage', at: (all) => all.A.masked.entitiesId, granted: 400, denied: 403 },
      expect: {
        A: '401 403 403 400 400 403 400',
        B: '401 403 403 403 403 400 400',
        BonA: '401 403 403 404 404 403 404',
      },
    },
    {
      route: 'POST /api/dashboard/programs/:id/image',
      case: 'a JSON body (the access check comes first, then 415 for a body that is not multipart)',
      call: (o) => ({ path: `/api/dashboard/programs/${o.masked.entitiesId}/image?${q(o)}`, body: {} }),
      staff: { action: 'programs.manage', at: (all) => all.A.masked.entitiesId, granted: 415, denied: 403 },
      expect: {
        A: '401 403 403 415 415 403 415',
        B: '401 403 403 403 403 415 415',
        BonA: '401 403 403 404 404 403 404',
      },
    },
    // ------------------------------------------------------------------ issue 14: Settings, Email templates
    {
      route: 'GET /api/dashboard/settings',
      call: (o) => ({ path: `/api/dashboard/settings?${q(o)}` }),
      staff: { action: 'settings.manage', granted: 200, denied: 403 },
      expect: { A: '401 403 403 200 403 403 200', B: '401 403 403 403 403 200 200' },
    },
    {
      route: 'PUT /api/dashboard/settings',
      case: 'an empty body',
      call: (o) => ({ path: `/api/dashboard/settings?${q(o)}`, body: {} }),
      staff: { action: 'settings.manage', granted: 400, denied: 403 },
      expect: { A: '401 403 403 400 403 403 400', B: '401 403 403 403 403 400 400' },
    },
    {
      route: 'POST /api/dashboard/settings/logo',
      case: 'a JSON body (the access check comes first, then 415 for a body that is not multipart)',
      call: (o) => ({ path: `/api/dashboard/settings/logo?${q(o)}`, body: {} }),
      staff: { action: 'settings.manage', granted: 415, denied: 403 },
      expect: { A: '401 403 403 415 403 403 415', B: '401 403 403 403 403 415 415' },
    },
    {
      route: 'POST /api/dashboard/settings/headerimage',
      case: 'a JSON body (415 after the access check)',
      call: (o) => ({ path: `/api/dashboard/settings/headerimage?${q(o)}`, body: {} }),
      staff: { action: 'settings.manage', granted: 415, denied: 403 },
      expect: { A: '401 403 403 415 403 403 415', B: '401 403 403 403 403 415 415' },
    },
    // Issue 20 (High): "Check now" for an own domain waiting for verification.
    {
      route: 'POST /api/dashboard/settings/domains/:domain/check',
      case: 'a domain the partner does not hold (the access check comes first, then 404)',
      call: (o) => ({ path: `/api/dashboard/settings/domains/nobody.example.org/check?${q(o)}`, body: {} }),
      staff: { action: 'settings.manage', granted: 404, denied: 403 },
      expect: { A: '401 403 403 404 403 403 404', B: '401 403 403 403 403 404 404' },
    },
    {
      route: 'GET /api/dashboard/emailtemplates',
      call: (o) => ({ path: `/api/dashboard/emailtemplates?${q(o)}` }),
      staff: { action: 'settings.manage', granted: 200, denied: 403 },
      expect: { A: '401 403 403 200 403 403 200', B: '401 403 403 403 403 200 200' },
    },
    {
      route: 'PUT /api/dashboard/emailtemplates/:kind',
      case: 'an empty body',
      call: (o) => ({ path: `/api/dashboard/emailtemplates/receipt?${q(o)}`, body: {} }),
      staff: { action: 'settings.manage', granted: 400, denied: 403 },
      expect: { A: '401 403 403 400 403 403 400', B: '401 403 403 403 403 400 400' },
    },
    {
      route: 'DELETE /api/dashboard/emailtemplates/:kind',
      case: 'a kind without a template of its own: nothing to reset',
      call: (o) => ({ path: `/api/dashboard/emailtemplates/reminder?${q(o)}` }),
      staff: { action: 'settings.manage', granted: 200, denied: 403 },
      expect: { A: '401 403 403 200 403 403 200', B: '401 403 403 403 403 200 200' },
    },
    {
      route: 'POST /api/dashboard/emailtemplates/:kind/preview',
      case: 'an empty body',
      call: (o) => ({ path: `/api/dashboard/emailtemplates/receipt/preview?${q(o)}`, body: {} }),
      staff: { action: 'settings.manage', granted: 400, denied: 403 },
      expect: { A: '401 403 403 400 403 403 400', B: '401 403 403 403 403 400 400' },
    },
    {
      route: 'POST /api/dashboard/emailtemplates/:kind/test',
      case: 'an empty body',
      call: (o) => ({ path: `/api/dashboard/emailtemplates/receipt/test?${q(o)}`, body: {} }),
      staff: { action: 'settings.manage', granted: 400, denied: 403 },
      expect: { A: '401 403 403 400 403 403 400', B: '401 403 403 403 403 400 400' },
    },
    // ------------------------------------------------------------------ issue 14: the setup checklist, the platform console
    {
      route: 'GET /api/dashboard/setup',
      call: (o) => ({ path: `/api/dashboard/setup?${q(o)}` }),
      staff: { action: 'settings.manage', granted: 200, denied: 403 },
      expect: { A: '401 403 403 200 403 403 200', B: '401 403 403 403 403 200 200' },
    },
    {
      route: 'GET /api/dashboard/platform/partners',
      call: (o) => ({ path: `/api/dashboard/platform/partners?${q(o)}` }),
      staff: { action: 'platform.console', granted: 200, denied: 403 },
      expect: { A: '401 403 403 403 403 403 200', B: '401 403 403 403 403 403 200' },
    },
    {
      route: 'POST /api/dashboard/platform/partners',
      case: 'a subdomain already taken (the access check comes first, then 400)',
      call: (o) => ({
        path: `/api/dashboard/platform/partners?${q(o)}`,
        body: { subdomain: 'maple', name: 'X' },
      }),
      staff: { action: 'platform.console', granted: 400, denied: 403 },
      expect: { A: '401 403 403 403 403 403 400', B: '401 403 403 403 403 403 400' },
    },
    {
      route: 'PATCH /api/dashboard/platform/partners/:id',
      case: 'a partner that does not exist',
      call: (o) => ({ path: `/api/dashboard/platform/partners/999999999?${q(o)}`, body: { demoMode: true } }),
      staff: { action: 'platform.console', granted: 404, denied: 403 },
      expect: { A: '401 403 403 403 403 403 404', B: '401 403 403 403 403 403 404' },
    },
    // Issue 20 (High): the platform administrator verifies a partner's own domain by hand.
    {
      route: 'POST /api/dashboard/platform/partners/:id/domains/:domain/verify',
      case: 'a domain the partner does not hold (the access check comes first, then 404)',
      call: (o) => ({
        path: `/api/dashboard/platform/partners/3/domains/nobody.example.org/verify?${q(o)}`,
        body: {},
      }),
      staff: { action: 'platform.console', granted: 404, denied: 403 },
      expect: { A: '401 403 403 403 403 403 404', B: '401 403 403 403 403 403 404' },
    },
  ],
  masked: [],
  carriesNoSponsoredRecord: {
    // W3: types and plans, programs (counts only, never a record).
    'GET /api/dashboard/types': 'the partner’s sponsored types and plans, with counts',
    'POST /api/dashboard/types': 'the new sponsored type',
    'PUT /api/dashboard/types/:id': 'the sponsored type',
    'PUT /api/dashboard/types/:id/plan': 'the sponsored type and a count of kept sponsorships',
    'GET /api/dashboard/programs': 'programs with counts of records and sponsors',
    // Issue 14: the partner's settings and email templates (sample values only).
    'GET /api/dashboard/settings': 'the partner’s settings',
    'PUT /api/dashboard/settings': 'the partner’s settings',
    'POST /api/dashboard/settings/logo': 'the partner’s settings',
    'POST /api/dashboard/settings/headerimage': 'the partner’s settings',
    'GET /api/dashboard/emailtemplates': 'templates and their placeholders',
    'PUT /api/dashboard/emailtemplates/:kind': 'templates and their placeholders',
    'DELETE /api/dashboard/emailtemplates/:kind': 'templates and their placeholders',
    'POST /api/dashboard/emailtemplates/:kind/preview': 'a message rendered with sample values',
    'POST /api/dashboard/emailtemplates/:kind/test': 'the address the test went to',
    'POST /api/dashboard/programs': 'the new program',
    'PUT /api/dashboard/programs/:id': 'the program',
    'POST /api/dashboard/programs/:id/image': 'the program',
    'GET /api/dashboard/setup': 'the setup checklist',
    'GET /api/dashboard/platform/partners': 'partners and counts',
    'POST /api/dashboard/platform/partners': 'the new partner',
    'PATCH /api/dashboard/platform/partners/:id': 'the partner',
    'POST /api/dashboard/settings/domains/:domain/check': 'the partner’s settings',
    'POST /api/dashboard/platform/partners/:id/domains/:domain/verify': 'a partner id, a domain and a date',
    'GET /api/partners/:key': 'the partner model',
    'GET /api/partners': 'partner models',
    'GET /api/partners/:id/onboardurl': 'a provider address',
    'POST /api/partners/oauthonboard': 'a redirect address',
    'GET /api/payments/config': 'the card field configuration',
  },
};
