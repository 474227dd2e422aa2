import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { DEMO_ACCOUNTS } from '../../seed/demo.ts';
import {
  multipartPicture,
  type AreaAudit,
  type AuditContext,
  type Prepared,
} from '../../../test/audit-rows.ts';
import { freshAddress } from '../../../test/giving-fixtures.ts';
import type { TestClient } from '../../../test/http-client.ts';

/*
 * The partners area's scenarios of the audit trail (apps/server/test/audit-trail.test.ts): types and
 * plans, programs, settings and own domains, email templates, the payment account's onboarding and the
 * platform console. Each write route of the area has a scenario here, keyed by the route as registered, or
 * a reason in `notAudited`; what a scenario says and how it runs: apps/server/test/audit-rows.ts.
 */

let catalogueCounter = 0;
/** Numbers the partners, domains and subdomains the console scenarios make. */
let consoleCounter = 0;

function typeBody(identifier: string) {
  return {
    sponsoredTypesId: 4,
    identifier,
    settings: {
      customLabelSingular: 'Audit',
      customLabelPlural: 'Audits',
      customSlotName: 'Slot',
      description: null,
      active: true,
      showSlots: true,
      visibleSlots: 1,
      maxSlots: 1,
      maskProfiles: false,
      showBirthday: false,
      showAge: true,
      showLastName: false,
      gridLayout: 'column',
      hiddenFilterTypes: [],
      customColumns: [],
    },
    plan: { monthlyAmount: 1200, paymentIntervalsIds: [1] },
  };
}

async function createdType(client: TestClient): Promise<number> {
  const res = await client.post('/api/dashboard/types?partnersId=2', typeBody(`audit-${++catalogueCounter}`));
  expect(res.status, res.text).toBe(201);
  return res.json<{ id: number }>().id;
}

function programBody(name: string) {
  return { name, city: null, countriesId: null, description: null, latitude: null, longitude: null };
}

async function createdProgram({ rows }: AuditContext, client: TestClient): Promise<number> {
  const res = await client.post('/api/dashboard/programs?partnersId=2', programBody('pending'));
  expect(res.status, res.text).toBe(201);
  const id = res.json<{ id: number }>().id;
  await rows(sql`UPDATE entities SET name = ${`Audit program ${id}`} WHERE id = ${id}`);
  return id;
}

export const partnersAudit: AreaAudit = {
  scenarios: {
    // ------------------------------------------------------------------ W3: types and plans, programs
    'POST /api/dashboard/types': async ({ rows, partnerAdmin }) => {
      const { client, usersId } = await partnerAdmin();
      const identifier = `audit-${++catalogueCounter}`;
      return {
        call: () => client.post('/api/dashboard/types?partnersId=2', typeBody(identifier), freshAddress()),
        written: async () =>
          (await rows(sql`SELECT 1 FROM partner_sponsored_types WHERE identifier = ${identifier}`)).length ===
          1,
        action: 'sponsored_type.created',
        entityType: 'sponsored_type',
        usersId,
      };
    },
    'PUT /api/dashboard/types/:id': async ({ rows, partnerAdmin }) => {
      const { client, usersId } = await partnerAdmin();
      const id = await createdType(client);
      const label = `Audited ${catalogueCounter}`;
      return {
        call: () =>
          client.request(
            'PUT',
            `/api/dashboard/types/${id}?partnersId=2`,
            { ...typeBody('x').settings, customLabelPlural: label },
            freshAddress(),
          ),
        written: async () =>
          (
            await rows(
              sql`SELECT 1 FROM partner_sponsored_types WHERE id = ${id} AND custom_label_plural = ${label}`,
            )
          ).length === 1,
        action: 'sponsored_type.updated',
        entityType: 'sponsored_type',
        usersId,
        changes: { customLabelPlural: { before: 'Audits', after: label } },
      };
    },
    'PUT /api/dashboard/types/:id/plan': async ({ rows, partnerAdmin }) => {
      const { client, usersId } = await partnerAdmin();
      const id = await createdType(client);
      return {
        call: () =>
          client.request(
            'PUT',
            `/api/dashboard/types/${id}/plan?partnersId=2`,
            { monthlyAmount: 4321, paymentIntervalsIds: [1] },
            freshAddress(),
          ),
        written: async () =>
          (
            await rows(
              sql`SELECT 1 FROM sponsored_type_plans WHERE partner_sponsored_types_id = ${id} AND monthly_amount = 4321 AND current`,
            )
          ).length === 1,
        action: 'sponsored_type.plan_changed',
        entityType: 'sponsored_type',
        usersId,
        changes: { monthlyAmount: { before: 1200, after: 4321 } },
      };
    },
    'POST /api/dashboard/platform/partners': async ({ rows, platformAdmin }) => {
      const { client, usersId } = await platformAdmin();
      const subdomain = `audit-partner-${++consoleCounter}`;
      return {
        call: () =>
          client.post(
            '/api/dashboard/platform/partners?partnersId=2',
            { subdomain, name: `Audit partner ${consoleCounter}` },
            freshAddress(),
          ),
        written: async () =>
          (await rows(sql`SELECT 1 FROM partners WHERE subdomain = ${subdomain}`)).length === 1,
        action: 'partner.created',
        entityType: 'partner',
        usersId,
      };
    },
    'PATCH /api/dashboard/platform/partners/:id': async ({ rows, platformAdmin }) => {
      const { client, usersId } = await platformAdmin();
      const [row] = await rows(sql`SELECT demo_mode FROM partners WHERE id = 3`);
      const next = !row!.demo_mode;
      return {
        call: () =>
          client.request(
            'PATCH',
            '/api/dashboard/platform/partners/3?partnersId=2',
            { demoMode: next },
            freshAddress(),
          ),
        written: async () =>
          (await rows(sql`SELECT demo_mode FROM partners WHERE id = 3`))[0]!.demo_mode === next,
        action: 'partner.updated',
        entityType: 'partner',
        usersId,
        changes: { demoMode: { before: !next, after: next } },
      };
    },
    // Issue 20 (High): own domains are verified by their TXT record ("Check now") or by hand.
    'POST /api/dashboard/settings/domains/:domain/check': async ({ dns, rows, partnerAdmin }) => {
      const { client, usersId } = await partnerAdmin();
      const domain = `audit-check-${++consoleCounter}.demo-school.example`;
      const [row] = await rows(
        sql`INSERT INTO partner_domains (partners_id, domain) VALUES (2, ${domain}) RETURNING verification_token`,
      );
      dns.setTxt(`_kinship-verify.${domain}`, [`kinship-verify=${String(row!.verification_token)}`]);
      return {
        call: () =>
          client.post(`/api/dashboard/settings/domains/${domain}/check?partnersId=2`, {}, freshAddress()),
        written: async () =>
          (
            await rows(
              sql`SELECT 1 FROM partner_domains WHERE domain = ${domain} AND verified_at IS NOT NULL`,
            )
          ).length === 1,
        action: 'partner.domain_verified',
        entityType: 'partner',
        usersId,
        changes: { verified: { before: false, after: true } },
      };
    },
    'POST /api/dashboard/platform/partners/:id/domains/:domain/verify': async ({ rows, platformAdmin }) => {
      const { client, usersId } = await platformAdmin();
      const domain = `audit-hand-${++consoleCounter}.maple-school.example`;
      await rows(sql`INSERT INTO partner_domains (partners_id, domain) VALUES (3, ${domain})`);
      return {
        call: () =>
          client.post(
            `/api/dashboard/platform/partners/3/domains/${domain}/verify?partnersId=2`,
            {},
            freshAddress(),
          ),
        written: async () =>
          (
            await rows(
              sql`SELECT 1 FROM partner_domains WHERE domain = ${domain} AND verified_at IS NOT NULL`,
            )
          ).length === 1,
        action: 'partner.domain_verified',
        entityType: 'partner',
        usersId,
        changes: { verified: { before: false, after: true } },
      };
    },
    'POST /api/dashboard/programs': async ({ rows, partnerAdmin }) => {
      const { client, usersId } = await partnerAdmin();
      const name = `Audit program ${++catalogueCounter}`;
      return {
        call: () => client.post('/api/dashboard/programs?partnersId=2', programBody(name), freshAddress()),
        written: async () => (await rows(sql`SELECT 1 FROM entities WHERE name = ${name}`)).length === 1,
        action: 'program.created',
        entityType: 'program',
        usersId,
      };
    },
    'PUT /api/dashboard/programs/:id': async (ctx) => {
      const { rows, partnerAdmin } = ctx;
      const { client, usersId } = await partnerAdmin();
      const id = await createdProgram(ctx, client);
      return {
        call: () =>
          client.request(
            'PUT',
            `/api/dashboard/programs/${id}?partnersId=2`,
            { ...programBody('x'), name: `Renamed ${id}` },
            freshAddress(),
          ),
        written: async () =>
          (await rows(sql`SELECT 1 FROM entities WHERE name = ${`Renamed ${id}`}`)).length === 1,
        action: 'program.updated',
        entityType: 'program',
        usersId,
        changes: { name: { before: `Audit program ${id}`, after: `Renamed ${id}` } },
      };
    },
    'POST /api/dashboard/programs/:id/image': async (ctx) => {
      const { rows, partnerAdmin } = ctx;
      const { client, usersId } = await partnerAdmin();
      const id = await createdProgram(ctx, client);
      const form = new FormData();
      const png = Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
        'base64',
      );
      form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'p.png');
      const request = new Request('http://localhost/', { method: 'POST', body: form });
      const body = Buffer.from(await request.arrayBuffer());
      return {
        call: () =>
          client.request(
            'POST',
            `/api/dashboard/programs/${id}/image?partnersId=2`,
            undefined,
            { ...freshAddress(), 'content-type': request.headers.get('content-type')! },
            body,
          ),
        written: async () =>
          (await rows(sql`SELECT 1 FROM entities WHERE id = ${id} AND image_url IS NOT NULL`)).length === 1,
        action: 'program.image_changed',
        entityType: 'program',
        usersId,
      };
    },
    // Issue 14: Settings and Email templates.
    'PUT /api/dashboard/settings': async ({ rows, partnerAdmin }) => {
      const { client, usersId } = await partnerAdmin();
      const current = (await client.get('/api/dashboard/settings?partnersId=2')).json<
        Record<string, unknown>
      >();
      const { partnersId, name, subdomain, logo, headerImage, dnsTarget, payments, ...form } = current;
      void [partnersId, name, subdomain, logo, headerImage, dnsTarget, payments];
      const tagline = `Audit tagline ${++catalogueCounter}`;
      return {
        call: () =>
          client.request('PUT', '/api/dashboard/settings?partnersId=2', { ...form, tagline }, freshAddress()),
        written: async () =>
          (await rows(sql`SELECT 1 FROM partners WHERE id = 2 AND tagline = ${tagline}`)).length === 1,
        action: 'partner.settings_updated',
        entityType: 'partner',
        usersId,
        changes: { tagline: { before: current.tagline, after: tagline } },
      };
    },
    ...Object.fromEntries(
      (
        [
          ['logo', 'logo', 'partner.logo_changed'],
          ['headerimage', 'header_image', 'partner.header_image_changed'],
        ] as const
      ).map(([path, column, action]) => [
        `POST /api/dashboard/settings/${path}`,
        async ({ rows, partnerAdmin }): Promise<Prepared> => {
          const { client, usersId } = await partnerAdmin();
          const { body, contentType } = await multipartPicture();
          const [before] = await rows(sql.raw(`SELECT ${column} AS v FROM partners WHERE id = 2`));
          return {
            call: () =>
              client.request(
                'POST',
                `/api/dashboard/settings/${path}?partnersId=2`,
                undefined,
                { ...freshAddress(), 'content-type': contentType },
                body,
              ),
            written: async () =>
              (await rows(sql.raw(`SELECT ${column} AS v FROM partners WHERE id = 2`)))[0]!.v !== before!.v,
            action,
            entityType: 'partner',
            usersId,
          };
        },
      ]),
    ),
    'PUT /api/dashboard/emailtemplates/:kind': async ({ rows, partnerAdmin }) => {
      const { client, usersId } = await partnerAdmin();
      const subject = `Audit subject ${++catalogueCounter}`;
      return {
        call: () =>
          client.request(
            'PUT',
            '/api/dashboard/emailtemplates/reminder?partnersId=2',
            { subject, body: 'Hello {{donorName}}' },
            freshAddress(),
          ),
        written: async () =>
          (await rows(sql`SELECT 1 FROM email_templates WHERE partners_id = 2 AND subject = ${subject}`))
            .length === 1,
        action: 'email_template.saved',
        entityType: 'email_template',
        usersId,
      };
    },
    'DELETE /api/dashboard/emailtemplates/:kind': async ({ rows, partnerAdmin }) => {
      const { client, usersId } = await partnerAdmin();
      await rows(
        sql`INSERT INTO email_templates (partners_id, kind, locale, subject, body)
          VALUES (2, 'invitation', 'en-US', 'Join', 'Hello')
          ON CONFLICT (partners_id, kind, locale) DO NOTHING`,
      );
      return {
        call: () =>
          client.request(
            'DELETE',
            '/api/dashboard/emailtemplates/invitation?partnersId=2',
            undefined,
            freshAddress(),
          ),
        written: async () =>
          (await rows(sql`SELECT 1 FROM email_templates WHERE partners_id = 2 AND kind = 'invitation'`))
            .length === 0,
        action: 'email_template.reset',
        entityType: 'email_template',
        usersId,
        changes: { subject: { before: 'Join', after: null }, body: { before: 'Hello', after: null } },
      };
    },
    'POST /api/dashboard/emailtemplates/:kind/test': async ({ rows, partnerAdmin }) => {
      const { client, usersId } = await partnerAdmin();
      const subject = `Audit test ${++catalogueCounter}`;
      return {
        call: () =>
          client.post(
            '/api/dashboard/emailtemplates/receipt/test?partnersId=2',
            { subject, body: 'Dear {{donorName}}' },
            freshAddress(),
          ),
        written: async () =>
          (await rows(sql`SELECT 1 FROM email_outbox WHERE subject = ${`[Test] ${subject}`}`)).length === 1,
        action: 'email_template.test_sent',
        entityType: 'email_template',
        usersId,
      };
    },
    'POST /api/partners/oauthonboard': async ({ t, rows }) => {
      const admin = t.client();
      const account = DEMO_ACCOUNTS.find((a) => a.email === 'partner-admin@demo.example.org')!;
      await admin.signIn(account.email, account.password);
      const url = new URL(
        (await admin.get('/api/partners/2/onboardurl?partnersId=2')).json<{ url: string }>().url,
      );
      const [before] = await rows(sql`SELECT stripe_user_id FROM partners WHERE id = 2`);
      const [adminRow] = await rows(sql`SELECT id FROM users WHERE email = ${account.email}`);
      return {
        call: () =>
          t
            .client()
            .post(
              '/api/partners/oauthonboard?partnersId=2',
              { state: url.searchParams.get('state'), authorizationCode: url.searchParams.get('code') },
              freshAddress(),
            ),
        written: async () =>
          (await rows(sql`SELECT stripe_user_id FROM partners WHERE id = 2`))[0]!.stripe_user_id !==
          before!.stripe_user_id,
        action: 'partner.payment_account_connected',
        entityType: 'partner',
        usersId: Number(adminRow!.id),
      };
    }, // ---- W2 (issue 12 items 3 and 6)
  },
  notAudited: {
    // Issue 14: a template preview renders the draft with sample values; it writes nothing.
    'POST /api/dashboard/emailtemplates/:kind/preview': 'writes nothing',
  },
};
