import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot, signIn, siteUrl } from '../support/browser.ts';

/**
 * The dashboard shell (issue 11): staff open /dashboard and see the navigation their roles allow
 * (decision 022); the program administrator (Administrator and Reporting, one program) has no
 * partner-wide sections; a person staffing two partners switches between them; the first page
 * says what each section will hold; at 390 px the navigation sits behind the menu button.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PARTNER_WIDE = ['Types and plans', 'Settings', 'Team', 'Audit log'];
const PROGRAM_LEVEL = [
  'Records',
  'Pictures',
  'Programs',
  'Updates',
  'Letters',
  'Sponsors',
  'Donations',
  'Gifts and codes',
  'Reports',
];

async function navigation(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  await nav.getByRole('link', { name: 'Overview' }).waitFor();
  return (await nav.getByRole('link').allTextContents()).filter((name) => name !== 'Back to the site');
}

describe('the dashboard', () => {
  it('a partner administrator sees every partner section and what each will hold', async () => {
    const { context, page } = await newPage(browser, 1280, 900);
    await signIn(page, 'demo', 'partner-admin@demo.example.org', 'demo-admin-2026');
    await page.goto(siteUrl('demo', '/dashboard'));
    expect(await navigation(page)).toEqual(['Overview', ...PROGRAM_LEVEL, ...PARTNER_WIDE]);
    const main = page.getByRole('main');
    // Those who read reports start on the Overview (issue 13).
    await main.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Partner' }).count()).toBe(0);
    await screenshot(page, 'dashboard-partner-admin-1280');

    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Team' }).click();
    await page.waitForURL(/\/dashboard\/team$/);
    await main.getByRole('heading', { name: 'Team', level: 1 }).waitFor();
    await context.close();
  });

  it('the program administrator sees the program sections only, and is refused a partner-wide one', async () => {
    const { context, page } = await newPage(browser, 1280, 900);
    await signIn(page, 'demo', 'program-admin@demo.example.org', 'program-admin-2026');
    await page.goto(siteUrl('demo', '/dashboard'));
    expect(await navigation(page)).toEqual(['Overview', ...PROGRAM_LEVEL]);
    await screenshot(page, 'dashboard-program-admin-1280');
    await page.goto(siteUrl('demo', '/dashboard/settings'));
    await page.getByRole('alert').filter({ hasText: 'You do not have access to this section.' }).waitFor();
    await context.close();
  });

  it('on a phone the navigation opens from the menu button', async () => {
    const { context, page } = await newPage(browser, 390, 844);
    await signIn(page, 'demo', 'program-admin@demo.example.org', 'program-admin-2026');
    await page.goto(siteUrl('demo', '/dashboard'));
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    await screenshot(page, 'dashboard-program-admin-390');
    await page.getByRole('button', { name: 'Dashboard menu' }).click();
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    await nav.getByRole('link', { name: 'Reports' }).waitFor({ state: 'visible' });
    await screenshot(page, 'dashboard-program-admin-390-menu');
    await nav.getByRole('link', { name: 'Reports' }).click();
    await page.waitForURL(/\/dashboard\/reports$/);
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    await context.close();
  });

  it('a person staffing two partners switches to the other partner’s dashboard', async () => {
    const { context, page } = await newPage(browser, 1280, 900);
    await signIn(page, 'demo', 'donor-care@demo.example.org', 'donor-care-2026');
    await page.goto(siteUrl('demo', '/dashboard'));
    expect(await navigation(page)).toEqual([
      'Overview',
      'Records',
      'Sponsors',
      'Donations',
      'Gifts and codes',
    ]);
    const switcher = page.getByRole('combobox', { name: 'Partner' });
    await switcher.waitFor();
    expect(await switcher.inputValue()).toBe('Bright Futures Demo');
    await screenshot(page, 'dashboard-two-partners-1280');
    await switcher.click();
    await page.getByRole('option', { name: 'Maple Schools Network' }).click();
    await page.waitForURL((url) => url.hostname.startsWith('maple.') && url.pathname.startsWith('/'));
    expect(new URL(page.url()).hostname.startsWith('maple.')).toBe(true);
    await context.close();
  });
});
