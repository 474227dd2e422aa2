import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Feature,
  WEB_LINK_MESSAGE,
  type EmailPreview,
  type EmailTemplatesAnswer,
  type PartnerPublic,
  type PartnerSettingsAnswer,
} from '@kinship/domain';
import { DEMO_ACCOUNTS } from '../../../seed/demo.ts';
import { rowsWhere } from '../../../../test/giving-fixtures.ts';
import type { TestClient } from '../../../../test/http-client.ts';
import { startTestApp, type TestApp } from '../../../../test/test-app.ts';
import { createMailer } from '../../../platform/messaging/mail.ts';
import { dispatchOutbox } from '../../../platform/messaging/outbox.ts';
import {
  partnerEmail,
  renderTemplate,
  TEST_SUBJECT_PREFIX,
} from '../email-templates/email-templates.service.ts';
import { DOMAIN_OF_PLATFORM, DOMAIN_TAKEN } from './partner-settings.service.ts';
import { findPartnerById } from '../site/partners.repository.ts';

/*
 * Dashboard › Settings and Email templates through the whole server: field errors in the problem
 * shape, http(s)-only links, sanitised description, domains unique across partners, the public
 * site following on its next load, and templates that cannot inject markup or reach other data.
 */

let t: TestApp;
let admin: TestClient;
let mapleAdmin: TestClient;
const ADMIN = 'partner-admin@demo.example.org';
const password = (email: string) => DEMO_ACCOUNTS.find((a) => a.email === email)!.password;

beforeAll(async () => {
  t = await startTestApp();
  admin = t.client();
  await admin.signIn(ADMIN, password(ADMIN));
  mapleAdmin = t.client().withHost('maple.localhost');
  await mapleAdmin.signIn('admin@maple.example.org', password('admin@maple.example.org'));
});
afterAll(async () => {
  await t?.close();
});

type Problem = { errors: { field: string; message: string }[] };

async function currentSettings(client = admin): Promise<PartnerSettingsAnswer> {
  const res = await client.get('/api/dashboard/settings');
  expect(res.status, res.text).toBe(200);
  return res.json<PartnerSettingsAnswer>();
}

/** The form as the web sends it: the answer without its read-only parts. */
function formOf(s: PartnerSettingsAnswer): Record<string, unknown> {
  const { partnersId, name, subdomain, logo, headerImage, dnsTarget, payments, domainVerification, ...form } =
    s;
  void [partnersId, name, subdomain, logo, headerImage, dnsTarget, payments, domainVerification];
  return form;
}

describe('Settings', () => {
  it('answers the partner’s settings with the DNS record its own domains need', async () => {
    const s = await currentSettings();
    expect(s).toMatchObject({ partnersId: 2, subdomain: 'demo', dnsTarget: 'demo.localhost' });
    expect(s.domains).toEqual(['demo.kinship.example']);
    expect(s.features).toContain(Feature.Gifts);
    expect(s.payments.connected).toBe(true);
  });

  it('refuses bad fields one by one as problem+json and stores nothing', async () => {
    const before = await currentSettings();
    const res = await admin.request('PUT', '/api/dashboard/settings', {
      ...formOf(before),
      brandColor: 'red',
      website: 'javascript:alert(1)',
      facebook: 'ftp://files.example.org',
      instagram: '/relative',
      supportEmail: 'not an email',
      landingPageTemplatesId: 5,
      features: [0, 13],
      domains: ['https://sponsor.example.org/path'],
      sponsorProcFee: -1,
      applicationFeeModel: 'free',
      currency: 'xyz',
    });
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.headers['x-error-code']).toBeTruthy();
    const fields = res.json<Problem>().errors.map((e) => e.field);
    for (const field of [
      'brandColor',
      'website',
      'facebook',
      'instagram',
      'supportEmail',
      'landingPageTemplatesId',
      'features.0',
      'features.1',
      'domains.0',
      'sponsorProcFee',
      'applicationFeeModel',
      'currency',
    ])
      expect(fields).toContain(field);
    expect(res.json<Problem>().errors.find((e) => e.field === 'website')!.message).toBe(WEB_LINK_MESSAGE);
    expect(await currentSettings()).toEqual(before);
  });

  it('keeps domains unique across partners and refuses the platform’s own hosts', async () => {
    const maple = await currentSettings(mapleAdmin);
    const taken = await mapleAdmin.request('PUT', '/api/dashboard/settings', {
      ...formOf(maple),
      domains: ['give.mapleschools.example', 'Demo.Kinship.Example', 'demo.localhost'],
    });
    expect(taken.status).toBe(400);
    expect(taken.json<Problem>().errors).toEqual([
      { field: 'domains.2', message: DOMAIN_OF_PLATFORM('demo.localhost') },
      { field: 'domains.1', message: DOMAIN_TAKEN('demo.kinship.example') },
    ]);
    const ok = await mapleAdmin.request('PUT', '/api/dashboard/settings', {
      ...formOf(maple),
      domains: ['give.mapleschools.example'],
    });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json<PartnerSettingsAnswer>().domains).toEqual(['give.mapleschools.example']);
    // The new domain answers as maple's site only once verified (partner-domains.test.ts).
    const viaDomain = await t.client().withHost('give.mapleschools.example').get('/api/partners/current');
    expect(viaDomain.status).toBe(404);
  });

  it('sanitises the description and the public site follows on its next load', async () => {
    const anonymous = t.client();
    const first = await anonymous.get('/api/partners/current');
    expect(first.headers['cache-control']).toMatch(/max-age=(\d|10)\b/);
    const before = await currentSettings();
    const res = await admin.request('PUT', '/api/dashboard/settings', {
      ...formOf(before),
      brandColor: '#AA3300',
      tagline: 'Every child a future',
      description: '<p>Our <b>story</b></p><script>alert(1)</script><img src=x onerror="alert(1)">',
      features: before.features.filter((f) => f !== Feature.Gifts),
      settings: { ...before.settings, programLabel: 'School' },
      website: 'https://demo.example.org',
    });
    expect(res.status, res.text).toBe(200);
    const saved = res.json<PartnerSettingsAnswer>();
    expect(saved.brandColor).toBe('#aa3300');
    expect(saved.description).toContain('<b>story</b>');
    expect(saved.description).not.toMatch(/script|onerror/);

    const next = (await anonymous.get('/api/partners/current')).json<PartnerPublic>();
    expect(next.brandColor).toBe('#aa3300');
    expect(next.tagline).toBe('Every child a future');
    expect(next.partnerFeatures.map((f) => f.featuresId)).not.toContain(Feature.Gifts);
    expect(next.partnerSettings).toContainEqual({ partnerSettingTypesId: 3, value: 'School' });
    // The landing sections' settings (5 to 8) are not the form's and stay as they were.
    const audit = await rowsWhere<{ action: string; users_id: number }>(
      t.database,
      'audit_log',
      "action = 'partner.settings_updated' AND partners_id = 2",
    );
    expect(audit.length).toBeGreaterThan(0);

    // Put it back for the tests below.
    expect((await admin.request('PUT', '/api/dashboard/settings', formOf(before))).status).toBe(200);
  });

  it('takes a logo through the image pipeline and the site shows it', async () => {
    const png = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#aa3300' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'logo.png');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const res = await admin.request(
      'POST',
      '/api/dashboard/settings/logo',
      undefined,
      { 'content-type': request.headers.get('content-type')! },
      Buffer.from(await request.arrayBuffer()),
    );
    expect(res.status, res.text).toBe(200);
    const logo = res.json<PartnerSettingsAnswer>().logo!;
    expect(logo).toMatch(/^partners\/2\/[0-9a-f-]{36}\/medium\.webp$/);
    expect((await t.client().get(`/media/${logo}`)).headers['content-type']).toBe('image/webp');
    expect((await t.client().get('/api/partners/current')).json<PartnerPublic>().logo).toBe(logo);
    const notAPicture = await admin.request(
      'POST',
      '/api/dashboard/settings/headerimage',
      undefined,
      { 'content-type': 'application/json' },
      Buffer.from('{}'),
    );
    expect(notAPicture.status).toBe(415);
  });

  it('answers and keeps the partner’s languages, the default always among those offered', async () => {
    const before = await currentSettings(mapleAdmin);
    expect(before).toMatchObject({ defaultLocale: 'en-CA', locales: ['en-CA', 'fr-CA'] });
    const { defaultLocale, locales, ...withoutLanguages } = formOf(before);
    void [defaultLocale, locales];

    // A caller that does not know about languages keeps the stored ones.
    const kept = await mapleAdmin.request('PUT', '/api/dashboard/settings', withoutLanguages);
    expect(kept.status, kept.text).toBe(200);
    expect(kept.json<PartnerSettingsAnswer>()).toMatchObject({
      defaultLocale: 'en-CA',
      locales: ['en-CA', 'fr-CA'],
    });

    // French by default; the offered list comes back in the platform's order, once each.
    const french = await mapleAdmin.request('PUT', '/api/dashboard/settings', {
      ...withoutLanguages,
      defaultLocale: 'fr-CA',
      locales: ['fr-CA', 'en-CA', 'fr-CA'],
    });
    expect(french.status, french.text).toBe(200);
    expect(french.json<PartnerSettingsAnswer>()).toMatchObject({
      defaultLocale: 'fr-CA',
      locales: ['en-CA', 'fr-CA'],
    });
    expect(await currentSettings(mapleAdmin)).toMatchObject({ defaultLocale: 'fr-CA' });
    const site = (await t.client('maple.localhost').get('/api/partners/current')).json<PartnerPublic>();
    expect(site).toMatchObject({ defaultLocale: 'fr-CA', locales: ['en-CA', 'fr-CA'] });
    const [audit] = (
      await rowsWhere<{ changes: unknown }>(
        t.database,
        'audit_log',
        "action = 'partner.settings_updated' AND partners_id = 3",
      )
    ).slice(-1);
    expect(JSON.stringify(audit!.changes)).toContain('fr-CA');

    // Refused: a default not offered (also when only the offered list changes), an unknown locale,
    // no locale at all. Nothing is stored.
    for (const [body, field] of [
      [{ locales: ['en-CA'] }, 'defaultLocale'],
      [{ defaultLocale: 'en-US', locales: ['en-CA', 'fr-CA'] }, 'defaultLocale'],
      [{ locales: ['de-DE'] }, 'locales.0'],
      [{ defaultLocale: 'fr' }, 'defaultLocale'],
      [{ locales: [] }, 'locales'],
    ] as const) {
      const res = await mapleAdmin.request('PUT', '/api/dashboard/settings', {
        ...withoutLanguages,
        ...body,
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json<Problem>().errors.map((e) => e.field)).toContain(field);
    }
    expect(await currentSettings(mapleAdmin)).toMatchObject({
      defaultLocale: 'fr-CA',
      locales: ['en-CA', 'fr-CA'],
    });

    expect((await mapleAdmin.request('PUT', '/api/dashboard/settings', formOf(before))).status).toBe(200);
    expect(await currentSettings(mapleAdmin)).toMatchObject({
      defaultLocale: 'en-CA',
      locales: ['en-CA', 'fr-CA'],
    });
  });

  it('is for the Administrator only', async () => {
    expect((await t.client().get('/api/dashboard/settings')).status).toBe(401);
    const programAdmin = t.client();
    await programAdmin.signIn('program-admin@demo.example.org', password('program-admin@demo.example.org'));
    expect((await programAdmin.get('/api/dashboard/settings')).status).toBe(403);
  });
});

describe('Email templates', () => {
  const draft = { subject: 'Thanks from {{partnerName}}', body: 'Dear {{donorName}},\n\nWe got {{amount}}.' };

  it('lists every kind with the default wording and its placeholders', async () => {
    const res = await admin.get('/api/dashboard/emailtemplates');
    expect(res.status, res.text).toBe(200);
    const answer = res.json<EmailTemplatesAnswer>();
    expect(answer.templates.map((x) => x.kind)).toEqual([
      'receipt',
      'update_notice',
      'invitation',
      'reminder',
      'letter_notice',
    ]);
    expect(answer.templates.every((x) => !x.custom)).toBe(true);
    expect(answer.templates[0]!.placeholders.map((p) => p.name)).toContain('donorName');
  });

  it('refuses anything but the kind’s own placeholders: no sections, partials, raw tags or other names', async () => {
    for (const body of [
      'Hi {{{donorName}}}',
      'Hi {{&donorName}}',
      '{{#donorName}}x{{/donorName}}',
      '{{^donorName}}x{{/donorName}}',
      '{{> other}}',
      '{{=<% %>=}}<%donorName%>',
      '{{constructor}}',
      '{{donorName.constructor}}',
      '{{stripeUserId}}',
      '{{invitationUrl}}',
      'Unclosed {{donorName',
    ]) {
      const res = await admin.request('PUT', '/api/dashboard/emailtemplates/receipt', {
        subject: 'Hi',
        body,
      });
      expect(res.status, body).toBe(400);
      expect(res.json<Problem>().errors[0]!.field).toBe('body');
    }
    expect((await admin.request('PUT', '/api/dashboard/emailtemplates/nosuchkind', draft)).status).toBe(404);
  });

  it('escapes the staff’s words and every value in the HTML part', () => {
    const partner = { name: 'Demo <Org>', brandColor: '#112233', supportEmail: null };
    const email = renderTemplate(
      'receipt',
      {
        subject: 'For {{donorName}}',
        body: '<script>alert(1)</script> Dear {{donorName}}, see {{receiptUrl}}',
      },
      { donorName: '<img src=x onerror=alert(1)>', receiptUrl: 'https://demo.localhost/receipts/A"B' },
      { partner, logoUrl: null },
    );
    expect(email.html).not.toMatch(/<script|<img src=x/);
    expect(email.html).toContain('&lt;script&gt;');
    expect(email.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(email.html).toContain('Demo &lt;Org&gt;');
    expect(email.html).toContain('<a href="https://demo.localhost/receipts/A&quot;B">');
    expect(email.subject).toBe('For <img src=x onerror=alert(1)>');
  });

  it('previews a draft with sample data in the partner’s colours, storing nothing', async () => {
    const res = await admin.post('/api/dashboard/emailtemplates/receipt/preview', draft);
    expect(res.status, res.text).toBe(200);
    const preview = res.json<EmailPreview>();
    expect(preview.subject).toMatch(/^Thanks from \S/);
    expect(preview.text).toContain('Dear Ada Lovelace');
    expect(preview.html).toContain('background:#');
    const list = (await admin.get('/api/dashboard/emailtemplates')).json<EmailTemplatesAnswer>();
    expect(list.templates[0]!.custom).toBe(false);
  });

  it('uses the partner’s wording only while feature 12 is on, and never another partner’s', async () => {
    const saved = await admin.request('PUT', '/api/dashboard/emailtemplates/receipt', draft);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json<EmailTemplatesAnswer>().templates[0]).toMatchObject({ custom: true, body: draft.body });
    const demo = (await findPartnerById(t.database.db, 2))!;
    const maple = (await findPartnerById(t.database.db, 3))!;
    const brand = (p: typeof demo) => ({ partner: p, logoUrl: null });
    // Off: the default is used (null).
    expect(await partnerEmail(t.database.db, demo, 'receipt', { donorName: 'Ada' }, brand(demo))).toBeNull();
    const settings = await currentSettings();
    const on = await admin.request('PUT', '/api/dashboard/settings', {
      ...formOf(settings),
      features: [...settings.features, Feature.EmailTemplates],
    });
    expect(on.status, on.text).toBe(200);
    const email = await partnerEmail(
      t.database.db,
      demo,
      'receipt',
      { donorName: 'Ada', amount: '$5.00' },
      brand(demo),
    );
    expect(email!.text).toContain('Dear Ada,\n\nWe got $5.00.');
    // Maple has no template of its own: demo's is never used for it.
    expect(
      await partnerEmail(t.database.db, maple, 'receipt', { donorName: 'Ada' }, brand(maple)),
    ).toBeNull();
    expect(
      (await mapleAdmin.get('/api/dashboard/emailtemplates')).json<EmailTemplatesAnswer>().templates[0]!
        .custom,
    ).toBe(false);
  });

  it('sends a test to the person asking, which arrives over SMTP on loopback', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push(data);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const res = await admin.post('/api/dashboard/emailtemplates/receipt/test', draft);
      expect(res.status, res.text).toBe(202);
      expect(res.json<{ to: string }>().to).toBe(ADMIN);
      const port = (server.server.address() as AddressInfo).port;
      const mailer = createMailer({
        from: 'kinship@example.org',
        mailDir: t.mailDir,
        smtpUrl: `smtp://127.0.0.1:${port}`,
      });
      await dispatchOutbox({ db: t.database.db, mailer, composers: {} });
      const mail = received.find((m) => m.includes(`${TEST_SUBJECT_PREFIX}Thanks from`));
      expect(mail).toBeDefined();
      expect(mail).toContain(ADMIN);
      expect(mail).toContain('Ada Lovelace');
      const audit = await rowsWhere(t.database, 'audit_log', "action = 'email_template.test_sent'");
      expect(audit.length).toBe(1);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('resets a kind to its default', async () => {
    const res = await admin.request('DELETE', '/api/dashboard/emailtemplates/receipt');
    expect(res.status, res.text).toBe(200);
    expect(res.json<EmailTemplatesAnswer>().templates[0]).toMatchObject({ custom: false });
    const demo = (await findPartnerById(t.database.db, 2))!;
    expect(
      await partnerEmail(t.database.db, demo, 'receipt', {}, { partner: demo, logoUrl: null }),
    ).toBeNull();
  });
});
