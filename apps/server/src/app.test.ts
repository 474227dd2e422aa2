import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app.ts';

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kinship-dist-'));
fs.mkdirSync(path.join(dist, 'assets'));
fs.writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><html><head><meta name="description" content="Sponsor and give" />\n<title>Kinship</title></head><body><div id="root"></div></body></html>',
);
fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { WEB_DIST: dist } });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('answers every page path with the app shell titled with the partner name', async () => {
    const demo = await t.client('demo.localhost').get('/sponsored/board/students?gender=Female');
    expect(demo.status).toBe(200);
    expect(demo.headers['content-type']).toMatch(/^text\/html/);
    expect(demo.text).toContain('<title>Bright Futures Demo</title>');
    expect(demo.text).toContain('<meta property="og:site_name" content="Bright Futures Demo" />');
    const maple = await t.client('maple.localhost').get('/');
    expect(maple.text).toContain('<title>Maple Schools Network</title>');
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
