import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LOCALE_COOKIE,
  type PartnerPublic,
  type PartnerSettingsAnswer,
  type RecordDetail,
  type SponsoredDetail,
  type StaffTypesAnswer,
} from '@kinship/domain';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../../../seed/demo.ts';
import { MAPLE_FRENCH } from '../../../seed/demo-content.ts';
import { rowsWhere } from '../../../../test/giving-fixtures.ts';
import type { TestClient } from '../../../../test/http-client.ts';
import { startTestApp, type TestApp } from '../../../../test/test-app.ts';

/*
 * Partner content per locale (issue 23, decision 072): maple (en-CA default, fr-CA offered) answers
 * its public reads in the request's language with the default's text where a translation is
 * missing; en-US partners answer as before; staff writes refuse translations the partner cannot use.
 */

let t: TestApp;
let mapleAdmin: TestClient;
const FR = { 'accept-language': 'fr-CA' };
const EN = { 'accept-language': 'en-CA' };
const password = (email: string) => DEMO_ACCOUNTS.find((a) => a.email === email)!.password;
const maple = () => t.client('maple.localhost');
const students = DEMO_IDS.types.maple.students;

beforeAll(async () => {
  t = await startTestApp();
  mapleAdmin = t.client().withHost('maple.localhost');
  await mapleAdmin.signIn('admin@maple.example.org', password('admin@maple.example.org'));
});
afterAll(async () => {
  await t?.close();
});

async function partnerIn(headers: Record<string, string>, client = maple()): Promise<PartnerPublic> {
  const res = await client.get('/api/partners/current', headers);
  expect(res.status, res.text).toBe(200);
  return res.json<PartnerPublic>();
}

describe('public reads in the request’s language', () => {
  it('answers maple’s tagline, description and type labels in French to a fr-CA request', async () => {
    const fr = await partnerIn(FR);
    expect(fr.tagline).toBe(MAPLE_FRENCH.tagline);
    expect(fr.description).toBe(MAPLE_FRENCH.description);
    const type = fr.partnerSponsoredTypes.find((p) => p.id === students)!;
    expect(type).toMatchObject({
      customLabelSingular: 'Élève',
      customLabelPlural: 'Élèves',
      description: MAPLE_FRENCH.types.students!.description,
    });
    const en = await partnerIn(EN);
    expect(en.tagline).toBe('Schools that welcome every learner, from Jacmel to Winnipeg.');
    expect(en.partnerSponsoredTypes.find((p) => p.id === students)!.customLabelSingular).toBe('Student');
  });

  it('follows the language switch’s cookie over Accept-Language, and by key as well as current', async () => {
    const chosen = maple().setCookie(LOCALE_COOKIE, 'fr-CA');
    expect((await partnerIn(EN, chosen)).tagline).toBe(MAPLE_FRENCH.tagline);
    const byKey = await t.client().get('/api/partners/maple', FR);
    expect(byKey.json<PartnerPublic>().tagline).toBe(MAPLE_FRENCH.tagline);
  });

  it('varies the public cache by language, so French is never served for English', async () => {
    const fr = await maple().get('/api/partners/current', FR);
    const en = await maple().get('/api/partners/current', EN);
    expect(fr.headers.vary).toBe('Cookie, Authorization, Accept-Language');
    expect(fr.headers.etag).not.toBe(en.headers.etag);
    const revalidated = await maple().get('/api/partners/current', {
      ...EN,
      'if-none-match': fr.headers.etag!,
    });
    expect(revalidated.status).toBe(200);
    expect(revalidated.json<PartnerPublic>().tagline).not.toBe(MAPLE_FRENCH.tagline);
  });

  it('leaves an en-US partner’s answers byte for byte as they were', async () => {
    const plain = await t.client().get('/api/partners/current');
    const french = await t.client().get('/api/partners/current', FR);
    expect(french.text).toBe(plain.text);
    const record = `/api/sponsoreds/${DEMO_IDS.maskedNotSponsored}`;
    expect((await t.client().get(record, FR)).text).toBe((await t.client().get(record)).text);
  });

  it('answers a profile’s bio and its program’s and country’s descriptions in French', async () => {
    const fr = (await maple().get(`/api/sponsoreds/${DEMO_IDS.mapleStudent}`, FR)).json<SponsoredDetail>();
    const en = (await maple().get(`/api/sponsoreds/${DEMO_IDS.mapleStudent}`, EN)).json<SponsoredDetail>();
    expect(fr.bio).not.toBe(en.bio);
    expect(fr.bio).toMatch(/^<p>.*(école|programme|famille)/);
    expect(fr.entities.description).toBe(MAPLE_FRENCH.programs[fr.entitiesId]);
    expect(fr.entities.countries?.description).toBe(
      MAPLE_FRENCH.countries[fr.entitiesId === 5 ? 4 : fr.entitiesId === 6 ? 9 : 8],
    );
    expect(en.entities.description).toMatch(/^<p>(Jacmel|Cusco|The Winnipeg)/);
  });

  it('falls back to the default’s text where a translation is missing, never to an empty field', async () => {
    const list = await maple().get(
      `/api/partners/3/sponsoreds?partnersId=3&status=active&partnerSponsoredTypesId=${DEMO_IDS.types.maple.teachers}`,
    );
    const teacher = list.json<{ id: number }[]>()[0]!.id;
    const fr = (await maple().get(`/api/sponsoreds/${teacher}`, FR)).json<SponsoredDetail>();
    const en = (await maple().get(`/api/sponsoreds/${teacher}`, EN)).json<SponsoredDetail>();
    expect(fr.bio).not.toBe('');
    expect(fr.bio).toBe(en.bio);
  });
});

describe('staff writes of translations', () => {
  const settings = async () =>
    (await mapleAdmin.get('/api/dashboard/settings')).json<PartnerSettingsAnswer>();
  const formOf = (s: PartnerSettingsAnswer) => {
    const {
      partnersId,
      name,
      subdomain,
      logo,
      headerImage,
      dnsTarget,
      payments,
      domainVerification,
      ...form
    } = s;
    void [partnersId, name, subdomain, logo, headerImage, dnsTarget, payments, domainVerification];
    return form;
  };

  it('answers the stored translations beside the base fields', async () => {
    const s = await settings();
    expect(s.tagline).toBe('Schools that welcome every learner, from Jacmel to Winnipeg.');
    expect(s.translations).toEqual({
      'fr-CA': { tagline: MAPLE_FRENCH.tagline, description: MAPLE_FRENCH.description },
    });
  });

  it('refuses an unoffered locale, the default locale or an unknown field with 400 and stores nothing', async () => {
    const before = await settings();
    for (const translations of [
      { 'en-US': { tagline: 'Hello' } },
      { 'en-CA': { tagline: 'Hello' } },
      { 'fr-CA': { brandColor: '#000000' } },
    ]) {
      const res = await mapleAdmin.request('PUT', '/api/dashboard/settings', {
        ...formOf(before),
        tagline: 'Changed',
        translations,
      });
      expect(res.status, res.text).toBe(400);
      const field = res.json<{ errors: { field: string; message: string }[] }>().errors[0]!;
      expect(field.field).toMatch(/^translations\./);
      expect(field.message).toMatch(/is not a language this partner offers|cannot be translated here/);
    }
    expect(await settings()).toEqual(before);
  });

  it('stores a new tagline translation, and a blank one falls back to the base text', async () => {
    const before = await settings();
    const res = await mapleAdmin.request('PUT', '/api/dashboard/settings', {
      ...formOf(before),
      translations: { 'fr-CA': { tagline: '  Nouvelle devise  ', description: '   ' } },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json<PartnerSettingsAnswer>().translations).toEqual({
      'fr-CA': { tagline: 'Nouvelle devise' },
    });
    const fr = await partnerIn(FR);
    expect(fr.tagline).toBe('Nouvelle devise');
    expect(fr.description).toBe(before.description);
    const audit = await rowsWhere<{ changes: unknown }>(
      t.database,
      'audit_log',
      `action = 'partner.settings_updated' AND partners_id = 3`,
    );
    expect(JSON.stringify(audit.at(-1)?.changes)).toContain('Nouvelle devise');
  });

  it('keeps a type’s translations when a form leaves them out, and refuses an over-long label', async () => {
    const types = (await mapleAdmin.get('/api/dashboard/types')).json<StaffTypesAnswer>();
    const type = types.types.find((x) => x.id === students)!;
    expect(type.settings.translations['fr-CA']?.customLabelSingular).toBe('Élève');
    const { translations, ...withoutTranslations } = type.settings;
    const kept = await mapleAdmin.request('PUT', `/api/dashboard/types/${students}`, withoutTranslations);
    expect(kept.status, kept.text).toBe(200);
    expect(kept.json<StaffTypesAnswer['types'][number]>().settings.translations).toEqual(translations);
    const long = await mapleAdmin.request('PUT', `/api/dashboard/types/${students}`, {
      ...type.settings,
      translations: { 'fr-CA': { customLabelSingular: 'x'.repeat(61) } },
    });
    expect(long.status).toBe(400);
    expect(long.json<{ errors: { field: string; message: string }[] }>().errors).toEqual([
      { field: 'translations.fr-CA.customLabelSingular', message: 'At most 60 characters.' },
    ]);
  });

  it('sanitises a bio translation as the base bio', async () => {
    const res = await mapleAdmin.request('PATCH', `/api/dashboard/records/${DEMO_IDS.mapleStudent}`, {
      translations: {
        'fr-CA': { bio: '<p onclick="x()">Salut <strong>toi</strong></p><script>alert(1)</script>' },
      },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json<RecordDetail>().translations).toEqual({
      'fr-CA': { bio: '<p>Salut <strong>toi</strong></p>' },
    });
    const fr = (await maple().get(`/api/sponsoreds/${DEMO_IDS.mapleStudent}`, FR)).json<SponsoredDetail>();
    expect(fr.bio).toBe('<p>Salut <strong>toi</strong></p>');
    const refused = await mapleAdmin.request('PATCH', `/api/dashboard/records/${DEMO_IDS.mapleStudent}`, {
      translations: { 'fr-CA': { firstName: 'Jean' } },
    });
    expect(refused.status).toBe(400);
  });
});

describe('a signed-in person’s saved language', () => {
  it('answers the partner by its subdomain in the saved language, as the page itself is', async () => {
    await t.database.db.execute(
      sql.raw(`UPDATE users SET locale = 'fr-CA' WHERE email = 'admin@maple.example.org'`),
    );
    const french = await partnerIn(FR);
    const res = await mapleAdmin.get('/api/partners/maple', EN);
    expect(res.status).toBe(200);
    expect(res.json<PartnerPublic>().tagline).toBe(french.tagline);
    expect(res.headers['cache-control']).toBe('private, no-store');
    // A visitor without a session and the same Accept-Language reads the default's text.
    const anonymous = (await t.client().get('/api/partners/maple', EN)).json<PartnerPublic>();
    expect(anonymous.tagline).toBe('Schools that welcome every learner, from Jacmel to Winnipeg.');
  });
});
