import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe.ts';
import { launchBrowser, newPage, screenshot, signIn, siteUrl } from '../support/browser.ts';

/**
 * axe-core on every dashboard section and every tab of it (issue 21): at 1280 and 390 px, the
 * partner administrator's dashboard (who sees every section) has no serious or critical violation.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Waits for the section's data: no request in flight and no loader left in the main region. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('main .mantine-Loader-root'));
}

/** The sections of the dashboard navigation: their names and paths. */
async function sections(page: Page): Promise<{ name: string; path: string }[]> {
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  await nav.getByRole('link', { name: 'Overview' }).waitFor({ state: 'attached' });
  return nav.getByRole('link').evaluateAll((links) =>
    links
      .map((a) => ({
        name: (a.textContent ?? '').trim(),
        path: new URL((a as HTMLAnchorElement).href).pathname,
      }))
      .filter((link) => link.path.startsWith('/dashboard')),
  );
}

/** "Gifts (2)" -> "gifts", for a screenshot's name. */
const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z]+/g, '-')
    .replace(/^-|-$/g, '');

describe.each([1280, 390] as const)('the dashboard at %i px', (width) => {
  it('has no serious or critical axe-core violation in any section or tab', async () => {
    const { context, page } = await newPage(browser, width, 900);
    await signIn(page, 'demo', 'partner-admin@demo.example.org', 'demo-admin-2026');
    await page.goto(siteUrl('demo', '/dashboard'));
    const found = await sections(page);
    expect(found.map((s) => s.name)).toContain('Donations');
    const failures: string[] = [];
    for (const section of found) {
      await page.goto(siteUrl('demo', section.path));
      const main = page.getByRole('main');
      await main.getByRole('heading', { level: 1 }).first().waitFor();
      await settled(page);
      const slug = slugOf(section.name);
      const tabs = await main.getByRole('tab').allTextContents();
      for (const [index, tab] of (tabs.length ? tabs : [null]).entries()) {
        if (tab !== null && index > 0) {
          await main.getByRole('tab', { name: tab, exact: true }).click();
          await settled(page);
        }
        const where = tab === null ? section.name : `${section.name} / ${tab}`;
        for (const violation of await axeViolations(page)) failures.push(`${where}: ${violation}`);
        const tabSlug = tab === null ? '' : `-${slugOf(tab)}`;
        await screenshot(page, `axe-${slug}${tabSlug}-${width}`);
      }
    }
    expect(failures).toEqual([]);
    await context.close();
  }, 240_000);
});
