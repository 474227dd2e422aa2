import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot, signIn, siteUrl } from '../support/browser.ts';

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

    await main.getByRole('button', { name: 'New type' }).click();
    const dialog = page.getByRole('dialog', { name: 'New sponsored type' });
    await dialog.getByLabel('Address on the site').fill('mentors');
    await dialog.getByLabel('Label (one)').fill('Mentor');
    await dialog.getByLabel('Label (many)').fill('Mentors');
    await dialog.getByLabel('Monthly amount').fill('25');
    await dialog.getByRole('button', { name: 'Add a custom column' }).click();
    await dialog.getByLabel('Column name').fill('Favourite subject');
    await screenshot(page, 'dashboard-types-new-1280');
    await dialog.getByRole('button', { name: 'Create the type' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = main.getByRole('row').filter({ hasText: 'Mentors' });
    await row.waitFor();
    expect(await row.textContent()).toContain('25.00');

    await page.goto(siteUrl('demo', '/dashboard/programs'));
    await main.getByRole('heading', { name: 'Programs', level: 1 }).waitFor();
    await main.getByRole('button', { name: 'New program' }).click();
    const programDialog = page.getByRole('dialog', { name: 'New program' });
    await programDialog.getByLabel('Name').fill('Lakeview School');
    await programDialog.getByLabel('City').fill('Jinja');
    const map = programDialog.getByRole('img', { name: /click to place/ });
    const box = (await map.boundingBox())!;
    // East Africa on the whole-world view (0..360 degrees across, centred on 0).
    await page.mouse.click(box.x + box.width * (0.5 + 33 / 360), box.y + box.height * 0.45);
    await programDialog.getByText(/^Placed at /).waitFor();
    await programDialog.getByTestId('map-marker').waitFor();
    await screenshot(page, 'dashboard-programs-new-1280');
    await programDialog.getByRole('button', { name: 'Create the program' }).click();
    await programDialog.waitFor({ state: 'hidden' });
    const programRow = main.getByRole('row').filter({ hasText: 'Lakeview School' });
    await programRow.waitFor();
    expect(await programRow.textContent()).toContain('Placed');
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
    await page.waitForTimeout(500); // the modal's opening transition
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
    await page.waitForTimeout(500); // the modal's opening transition
    await screenshot(page, 'dashboard-programs-edit-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
  });
});
