import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PartnerPublic } from '@kinship/domain';
import { startTestApp, type TestApp } from '../test/test-app.ts';
import { embeddedPartnerScript } from './platform/web-shell.ts';

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kinship-dist-'));
fs.mkdirSync(path.join(dist, 'assets'));
fs.writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><html><head><meta name="description" content="Sponsor and give" />\n<title>Kinship</title></head><body><div id="root"></div></body></html>',
);
fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
fs.mkdirSync(path.join(dist, '.vite'));
fs.writeFileSync(
  path.join(dist, '.vite', 'manifest.json'),
  JSON.stringify({
    'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_Box-1.js'] },
    '_Box-1.js': { file: 'assets/Box-1.js', css: ['assets/index-1.css'] },
    '_Select-1.js': { file: 'assets/Select-1.js', imports: ['_Box-1.js'] },
    'src/features/listing/components/listing-page.tsx': {
      file: 'assets/listing-page-1.js',
      imports: ['_Select-1.js', '_Box-1.js'],
      css: ['assets/listing-page-1.css'],
    },
  }),
);

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { WEB_DIST: dist } });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('addresses the router cannot read', () => {
  it('a page address with a stray "%" is sent again escaped, so the site answers it (not raw JSON)', async () => {
    const page = await t.client('demo.localhost').get('/link/%%%?x=1');
    expect(page.status).toBe(308);
    expect(page.headers.location).toBe('/link/%25%25%25?x=1');
    const followed = await t.client('demo.localhost').get(page.headers.location as string);
    expect(followed.status).toBe(200);
    expect(followed.headers['content-type']).toMatch(/^text\/html/);
  });

  it('an API address with a stray "%" is a plain-text 400 with its code', async () => {
    const res = await t.client('demo.localhost').get('/api/gifts/redeem/%%%');
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['x-error-code']).toBe('bad_address');
    expect(res.text).toBe(
      'This address is not valid: a "%" in it must be followed by two hexadecimal digits.',
    );
  });

  it('a 300-character code reaches its route instead of "No route for GET"', async () => {
    const res = await t.client('demo.localhost').get(`/api/gifts/redeem/${'A'.repeat(300)}?partnersId=2`);
    expect(res.status).toBe(404);
    expect(res.text).toBe('We do not know this code. Please check it and try again.');
  });
});

describe('serving the web app', () => {
  it('answers a page of a feature the partner has off with 404 (the app shows its not-found page)', async () => {
    const maple = t.client('maple.localhost');
    for (const page of [
      '/gift',
      '/gift/manage/ABC',
      '/redeem/ABC',
      '/redeemtrial',
      '/lightning/students/X',
      '/profile/letters',
    ]) {
      const res = await maple.get(page);
      expect(res.status, page).toBe(404);
      expect(res.text, page).toContain('<title>Maple Schools Network</title>');
    }
    expect((await maple.get('/donate')).status).toBe(200);
    expect((await maple.get('/giftcards')).status).toBe(200);
    for (const page of ['/gift', '/redeem/ABC', '/redeemtrial/ABC', '/lightning', '/profile/letters'])
      expect((await t.client('demo.localhost').get(page)).status, page).toBe(200);
  });

  it('answers every page path with the app shell titled with the partner name', async () => {
    const demo = await t.client('demo.localhost').get('/sponsored/board/students?gender=Female');
    expect(demo.status).toBe(200);
    expect(demo.headers['content-type']).toMatch(/^text\/html/);
    expect(demo.text).toContain('<title>Bright Futures Demo</title>');
    expect(demo.text).toContain('<meta property="og:site_name" content="Bright Futures Demo" />');
    const maple = await t.client('maple.localhost').get('/');
    expect(maple.text).toContain('<title>Maple Schools Network</title>');
  });

  it('writes the visitor’s language into <html lang>: choice, then Accept-Language, then the partner’s default, only among those offered', async () => {
    const maple = t.client('maple.localhost');
    const byDefault = await maple.get('/');
    expect(byDefault.text).toContain('<html lang="en-CA"');
    expect(byDefault.headers['content-language']).toBe('en-CA');
    const french = await maple.get('/', { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.5' });
    expect(french.text).toContain('<html lang="fr-CA"');
    expect(french.headers['content-language']).toBe('fr-CA');
    const chosen = await maple.get('/about', { 'accept-language': 'fr', cookie: 'kinship_locale=en-CA' });
    expect(chosen.text).toContain('<html lang="en-CA"');
    // The demo partner offers American English only: French asked for is not offered.
    const demo = await t
      .client('demo.localhost')
      .get('/', { 'accept-language': 'fr-CA', cookie: 'kinship_locale=fr-CA' });
    expect(demo.text).toContain('<html lang="en-US"');
    const api = await maple.get('/api/partners/current');
    expect(api.json()).toMatchObject({
      defaultLocale: 'en-CA',
      locales: ['en-CA', 'fr-CA'],
      currency: 'cad',
    });
  });

  it('embeds the partner as GET partners/current answers it, so the app starts without that call', async () => {
    const shell = await t.client('maple.localhost').get('/about');
    const api = await t.client('maple.localhost').get('/api/partners/current');
    const match = /<script id="kinship-partner" type="application\/json">(.*?)<\/script>/s.exec(shell.text);
    expect(match).not.toBeNull();
    expect(JSON.parse(match![1]!)).toEqual(api.json());
    expect(match![0]).not.toMatch(/<(?!script|\/script)/);
  });

  it('escapes "<" in the embedded partner so no value can end its script element', async () => {
    const partner = (await t.client('demo.localhost').get('/api/partners/current')).json<PartnerPublic>();
    const script = embeddedPartnerScript({ ...partner, name: '</script><script>alert(1)</script>' });
    expect(script).not.toContain('</script><script>');
    expect(script).toContain('\\u003c/script>');
    const json = /<script[^>]*>(.*)<\/script>$/s.exec(script)![1]!;
    expect((JSON.parse(json) as PartnerPublic).name).toBe('</script><script>alert(1)</script>');
  });

  it("hints a listing's lazy chunks and styles in its page, leaving out what the entry loads", async () => {
    const listing = await t.client('demo.localhost').get('/sponsored/board/students?page=2');
    expect(listing.text).toContain('<link rel="modulepreload" crossorigin href="/assets/listing-page-1.js">');
    expect(listing.text).toContain('<link rel="modulepreload" crossorigin href="/assets/Select-1.js">');
    expect(listing.text).toContain(
      '<link rel="preload" as="style" crossorigin href="/assets/listing-page-1.css">',
    );
    expect(listing.text).not.toContain('/assets/Box-1.js');
    expect(listing.text).not.toContain('/assets/index-1.css');
    const landing = await t.client('demo.localhost').get('/');
    expect(landing.text).not.toContain('modulepreload');
  });

  it("hints the partner's header image where it is the largest paint, and uses its logo as the tab icon", async () => {
    const listing = await t.client('demo.localhost').get('/sponsored/board/students');
    expect(listing.text).toContain(
      '<link rel="preload" as="image" fetchpriority="high" href="/media/partners/2/header.webp">',
    );
    expect(listing.text).toContain('<link rel="icon" href="/media/partners/2/logo.webp">');
    const about = await t.client('demo.localhost').get('/about');
    expect(about.text).not.toContain('as="image"');
  });

  it('serves the app shell with a Content-Security-Policy that allows scripts from this site only (and Stripe.js)', async () => {
    const res = await t.client('demo.localhost').get('/');
    const policy = String(res.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self' https://js.stripe.com https://*.js.stripe.com");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  });

  it('answers a missing file with a 404, not the app shell', async () => {
    for (const file of ['/favicon.ico', '/robots.txt', '/assets/gone-123.js', '/wp-login.php']) {
      const res = await t.client('demo.localhost').get(file);
      expect(res.status, file).toBe(404);
      expect(res.text).not.toContain('<div id="root">');
    }
    expect((await t.client('demo.localhost').get('/sponsored/profile/12')).status).toBe(200);
  });

  it('does not serve the build manifest', async () => {
    expect((await t.client().get('/.vite/manifest.json')).text).not.toContain('listing-page-1.js');
  });

  it('serves built assets as long-lived immutable files', async () => {
    const res = await t.client().get('/assets/app-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers an unknown partner with a 404 page', async () => {
    const res = await t.client('nobody.localhost').get('/');
    expect(res.status).toBe(404);
    expect(res.text).toContain('No partner site is found at this address.');
  });

  it('answers an unknown API path with a plain-text 404, not the app shell', async () => {
    const res = await t.client().get('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toBe('No route for GET /api/nothing-here');
  });

  it('sets protective headers on every answer', async () => {
    const res = await t.client().get('/api/partners/demo');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});
