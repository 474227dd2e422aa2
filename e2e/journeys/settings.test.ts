import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage, screenshot, signIn, siteUrl } from '../support/browser.ts';

/**
 * Dashboard › Settings and Email templates (issue 14 items 1 and 2): the demo partner's
 * administrator uploads a logo, changes the brand colour and sees the site change, turns Gifts
 * off and sees the gift links leave the navigation and the landing, and edits the receipt
 * template and receives a test receipt with it. Everything changed is put back at the end (the
 * journeys share one server). The same screens at 390 px fit a phone.
 */

const ADMIN = 'partner-admin@demo.example.org';
const ADMIN_PASSWORD = 'demo-admin-2026';
const NEW_COLOUR = '#c2255c';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function sponsorMenuItems(page: Page): Promise<string[]> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sponsor' }).click();
  const menu = page.getByRole('menu');
  await menu.waitFor();
  const items = (await menu.getByRole('menuitem').allTextContents()).map((t) => t.trim());
  await page.keyboard.press('Escape');
  return items;
}

const brandShade = (page: Page) =>
  page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--mantine-color-brand-6').trim(),
  );

/** The newest mail to `to` whose subject matches, from the server's mail folder. */
async function waitForMail(to: string, subject: RegExp): Promise<string> {
  const dir = inject('mailDir');
  const deadline = Date.now() + 40_000;
  while (Date.now() < deadline) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')) : [];
    const found = files
      .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
      .filter((eml) => eml.includes(to) && subject.test(eml.replace(/=\r?\n/g, '')));
    if (found.length > 0) return found[found.length - 1]!;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`no mail to ${to} matching ${subject} in ${dir}`);
}

describe('partner settings and email templates', () => {
  it('the administrator brands the site, turns gifts off and words the receipt, then puts it all back', async () => {
    const { context, page } = await newPage(browser, 1280, 900);
    await signIn(page, 'demo', ADMIN, ADMIN_PASSWORD);
    // The API is called from the page (its session, its origin): Node cannot resolve *.localhost.
    const original = await page.evaluate(async () => {
      const res = await fetch('/api/dashboard/settings', { headers: { accept: 'application/json' } });
      return (await res.json()) as Record<string, unknown>;
    });
    const originalLogo = Buffer.from(
      await page.evaluate(
        async (logo) => [...new Uint8Array(await (await fetch(`/media/${logo}`)).arrayBuffer())],
        String(original.logo),
      ),
    );

    try {
      // The site before: gifts in the Sponsor menu and on the landing, the original colour.
      await page.goto(siteUrl('demo', '/'));
      await page.getByRole('navigation', { name: 'Main' }).waitFor();
      expect(await sponsorMenuItems(page)).toContain('Gift a Sponsorship');
      await page.getByRole('main').getByRole('link', { name: 'Gift a Sponsorship' }).waitFor();
      const shadeBefore = await brandShade(page);

      // Branding: a logo through the upload pipeline and a new brand colour with its preview.
      await page.goto(siteUrl('demo', '/dashboard/settings'));
      const main = page.getByRole('main');
      await main.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
      await main.locator('input[type=file]').first().setInputFiles({
        name: 'logo.webp',
        mimeType: 'image/webp',
        buffer: originalLogo,
      });
      await main
        .getByRole('img', { name: 'Current logo' })
        .and(page.locator('[src*="medium.webp"]'))
        .waitFor();
      const colour = main.getByLabel('Brand colour');
      await colour.fill(NEW_COLOUR);
      await colour.press('Tab');
      await screenshot(page, 'dashboard-settings-1280');
      await main.getByRole('button', { name: 'Save settings' }).click();
      await main.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();

      await page.goto(siteUrl('demo', '/'));
      await page.getByRole('navigation', { name: 'Main' }).waitFor();
      const logoSrc = await page.getByRole('banner').getByRole('img').first().getAttribute('src');
      expect(logoSrc).toMatch(/\/media\/partners\/2\/[0-9a-f-]{36}\/medium\.webp/);
      const shadeAfter = await brandShade(page);
      expect(shadeAfter).not.toBe(shadeBefore);
      expect(shadeAfter).not.toBe('');
      await screenshot(page, 'settings-site-new-colour-1280');

      // Gifts off (and Email templates on): the gift links leave the navigation and the landing.
      await page.goto(siteUrl('demo', '/dashboard/settings'));
      await main.getByRole('tab', { name: 'Site and features' }).click();
      await main.getByRole('switch', { name: /^Gifts/ }).uncheck();
      await main.getByRole('switch', { name: /^Email templates/ }).check();
      await screenshot(page, 'dashboard-settings-site-1280');
      await main.getByRole('button', { name: 'Save settings' }).click();
      await main.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();

      await page.goto(siteUrl('demo', '/'));
      await page.getByRole('navigation', { name: 'Main' }).waitFor();
      const items = await sponsorMenuItems(page);
      expect(items).not.toContain('Gift a Sponsorship');
      expect(items).not.toContain('Redeem Gift');
      expect(items).toContain('Students');
      expect(await page.getByRole('link', { name: 'Gift', exact: true }).count()).toBe(0);
      expect(await page.getByRole('main').getByRole('link', { name: 'Gift a Sponsorship' }).count()).toBe(0);

      // The receipt template: edited, previewed, and a test receipt arrives with the new words.
      await page.goto(siteUrl('demo', '/dashboard/settings'));
      await main.getByRole('tab', { name: 'Email templates' }).click();
      await main
        .getByRole('textbox', { name: 'Subject' })
        .fill('Thank you, {{donorName}}, from {{partnerName}}');
      await main
        .getByRole('textbox', { name: 'Message' })
        .fill('Dear {{donorName}},\n\nYour gift of {{amount}} gives a child a school year.');
      await main.getByRole('button', { name: 'Save the template' }).click();
      await main.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
      await main.getByRole('button', { name: 'Preview with sample data' }).click();
      await main.getByRole('document', { name: 'Preview of the message' }).waitFor();
      await screenshot(page, 'dashboard-email-templates-1280');
      await main.getByRole('button', { name: 'Send me a test' }).click();
      await main
        .getByRole('status')
        .filter({ hasText: `on its way to ${ADMIN}` })
        .waitFor();
      const mail = await waitForMail(ADMIN, /\[Test\] Thank you, Ada Lovelace, from/);
      expect(mail.replace(/=\r?\n/g, '')).toContain('gives a child a school year');

      // Phones: the same screens at 390 px.
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, 'dashboard-email-templates-390');
      await main.getByRole('tab', { name: 'Branding' }).click();
      await screenshot(page, 'dashboard-settings-390');
    } finally {
      // Put back what this journey changed (the logo keeps the original picture under a new path).
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
      } = original;
      void [partnersId, name, subdomain, logo, headerImage, dnsTarget, payments, domainVerification];
      const statuses = await page.evaluate(async (body) => {
        const put = await fetch('/api/dashboard/settings', {
          method: 'PUT',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(body),
        });
        const reset = await fetch('/api/dashboard/emailtemplates/receipt', { method: 'DELETE' });
        return [put.status, reset.status];
      }, form);
      expect(statuses).toEqual([200, 200]);
      await context.close();
    }
  });
});
