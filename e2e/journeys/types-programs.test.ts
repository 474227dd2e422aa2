import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot, signIn, siteUrl } from '../support/browser.ts';
import { createProgramOnMap, createTypeWithPlan, modalSettled } from '../support/catalogue.ts';

/**
 * Dashboard › Types and plans and Programs (issue 12 items 4 and 5): a partner administrator
 * creates a sponsored type with a plan and a program placed by clicking on the map, then finds the
 * type on the public site at once. The same screens at 390 px fit a phone.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('types and plans, programs', () => {
  it('a partner administrator creates a type with a plan and a program on the map, and the site shows the type', async () => {
    const { context, page } = await newPage(browser, 1280, 900);
    await signIn(page, 'demo', 'partner-admin@demo.example.org', 'demo-admin-2026');

    await page.goto(siteUrl('demo', '/dashboard/types'));
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: 'Types and plans', level: 1 }).waitFor();
    await main
      .getByRole('cell', { name: /Teachers/ })
      .first()
      .waitFor();
    await screenshot(page, 'dashboard-types-1280');

    await createTypeWithPlan(
      page,
      {
        identifier: 'mentors',
        singular: 'Mentor',
        plural: 'Mentors',
        monthly: '25',
        customColumn: 'Favourite subject',
      },
      () => screenshot(page, 'dashboard-types-new-1280'),
    );

    // East Africa on the whole-world view.
    await createProgramOnMap(
      page,
      { name: 'Lakeview School', city: 'Jinja', longitude: 33, latitude: 9 },
      () => screenshot(page, 'dashboard-programs-new-1280'),
    );
    await page.waitForTimeout(500); // the modal's closing transition
    await screenshot(page, 'dashboard-programs-1280');

    // The public site shows the new type on the next request.
    await page.goto(siteUrl('demo', '/sponsored/board/mentors'));
    await page.getByRole('heading', { name: 'Mentors' }).first().waitFor();
    await context.close();
  });

  it('the sections fit a phone', async () => {
    const { context, page } = await newPage(browser, 390, 844);
    await signIn(page, 'demo', 'partner-admin@demo.example.org', 'demo-admin-2026');
    await page.goto(siteUrl('demo', '/dashboard/types'));
    const main = page.getByRole('main');
    await main
      .getByRole('cell', { name: /Teachers/ })
      .first()
      .waitFor();
    await screenshot(page, 'dashboard-types-390');
    await main.getByRole('button', { name: 'Edit Teachers' }).click();
    await page.getByRole('dialog', { name: 'Edit Teachers' }).getByLabel('Label (one)').waitFor();
    await modalSettled(page);
    await screenshot(page, 'dashboard-types-edit-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.goto(siteUrl('demo', '/dashboard/programs'));
    await main.getByRole('row').nth(1).waitFor();
    await screenshot(page, 'dashboard-programs-390');
    await main
      .getByRole('button', { name: /^Edit / })
      .first()
      .click();
    await page
      .getByRole('dialog')
      .getByRole('img', { name: /click to place/ })
      .waitFor();
    await modalSettled(page);
    await screenshot(page, 'dashboard-programs-edit-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
  });
});
