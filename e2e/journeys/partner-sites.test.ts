import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot, siteUrl } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function partnerFromApi(subdomain: string): Promise<{ name: string; tagline: string }> {
  const res = await fetch(
    siteUrl(subdomain, `/api/partners/${subdomain}`).replace(`${subdomain}.localhost`, '127.0.0.1'),
  );
  return (await res.json()) as { name: string; tagline: string };
}

describe('each partner is its own branded site, found by subdomain', () => {
  for (const subdomain of ['demo', 'maple']) {
    it(`${subdomain}.localhost shows its own name and tagline`, async () => {
      const partner = await partnerFromApi(subdomain);
      const { context, page } = await newPage(browser);
      await page.goto(siteUrl(subdomain));
      await expect.poll(() => page.title()).toContain(partner.name);
      await page.getByText(partner.tagline, { exact: false }).first().waitFor();
      await screenshot(page, `landing-${subdomain}-1280`);
      await context.close();
    });
  }

  it('an unknown subdomain answers a 404 page', async () => {
    const { context, page } = await newPage(browser);
    const response = await page.goto(siteUrl('nosuchpartner'));
    expect(response?.status()).toBe(404);
    await page.getByText('No partner site is found at this address.').waitFor();
    await context.close();
  });
});
