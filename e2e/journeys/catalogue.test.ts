import fs from 'node:fs';
import ExcelJS from 'exceljs';
import type { Browser, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot, signIn, siteUrl } from '../support/browser.ts';
import {
  createProgramOnMap,
  createTypeWithPlan,
  managedPictures,
  modalSettled,
  pageApi,
  uploadPictures,
} from '../support/catalogue.ts';

/**
 * Issue 12's catalogue in one flow, as the demo partner's administrator: a new type with its plan,
 * a new program placed by clicking on the map, a record of that type in that program with two fun
 * facts and three pictures (the second chosen as the profile picture), seen on the public listing
 * and profile with that picture; the Records table filtered and exported by the server as CSV and
 * .xlsx (only the filter's rows; a cell that looks like a formula neutralised); archived, it leaves
 * the public listing and only the Archived filter exports it.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const STAMP = Date.now().toString(36);
const TYPE = {
  identifier: `apprentices-${STAMP}`,
  singular: 'Apprentice',
  plural: `Apprentices ${STAMP}`,
  monthly: '42',
};
const PROGRAM = { name: `Riverside Workshop ${STAMP}`, city: 'Kisumu', longitude: 34.8, latitude: -0.1 };
const CODE = `CAT-${STAMP}`;
/** The homeroom as typed: a spreadsheet would run it as a formula unless the export neutralises it. */
const FORMULA = '=1+2';

/** The export's rows: the CSV downloaded through the link, split into cells (no cell here holds a comma or quote). */
async function csvRows(download: Download): Promise<string[][]> {
  const text = fs.readFileSync(await download.path(), 'utf8').replace(/^\ufeff/, '');
  return text
    .trimEnd()
    .split(/\r?\n/)
    .map((line) => line.split(','));
}

async function xlsxRows(download: Download): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** Clicks an export link of the Records table and answers the file the browser saved. */
async function exportTable(page: Page, name: 'Export CSV' | 'Export Excel'): Promise<Download> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('main').getByRole('link', { name }).click(),
  ]);
  expect(await download.failure()).toBeNull();
  return download;
}

/** Chooses an option of one of the table's filters (a Mantine select) and waits for the table to follow. */
async function chooseFilter(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('main').getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'hidden' });
}

describe('the catalogue, end to end', () => {
  it('a partner administrator creates a type, a program on the map and a record with pictures; sees it public; exports it; archives it and sees it leave', async () => {
    const { context, page } = await newPage(browser, 1280, 900);
    await signIn(page, 'demo', 'partner-admin@demo.example.org', 'demo-admin-2026');
    const main = page.getByRole('main');

    // 1. A new type with its plan, then a program placed by clicking on the map.
    await createTypeWithPlan(page, TYPE);
    await createProgramOnMap(page, PROGRAM);

    // 2. A record of the new type in the new program, with two fun facts (the partner's
    //    settings are read on load: the new type's tab and the new program are offered).
    await page.goto(siteUrl('demo', '/dashboard/records'));
    await main.getByRole('heading', { name: 'Records', level: 1 }).waitFor();
    await main.getByRole('tab', { name: TYPE.plural }).click();
    await main.getByText(`No ${TYPE.plural.toLowerCase()} here.`).waitFor();
    await main.getByRole('button', { name: `New ${TYPE.singular.toLowerCase()}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /Code/ }).fill(CODE);
    await dialog.getByLabel(/^Program/).click();
    await page.getByRole('option', { name: PROGRAM.name }).click();
    await dialog.getByRole('textbox', { name: 'First name' }).fill('Catalina');
    await dialog.getByRole('textbox', { name: 'Last name' }).fill('Journey');
    await dialog.getByLabel('Birthday', { exact: true }).fill('2013-05-20');
    await dialog.getByRole('textbox', { name: 'Homeroom' }).fill(FORMULA);
    await dialog.getByRole('button', { name: 'Add a fun fact' }).click();
    await dialog.getByRole('button', { name: 'Add a fun fact' }).click();
    await dialog.getByRole('textbox', { name: 'Fun fact 1: label' }).fill('Favourite tool');
    await dialog.getByRole('textbox', { name: 'Fun fact 1: value' }).fill('A spirit level');
    await dialog.getByRole('textbox', { name: 'Fun fact 2: label' }).fill('Dream');
    await dialog.getByRole('textbox', { name: 'Fun fact 2: value' }).fill('To build a bridge');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await main.getByRole('row').filter({ hasText: CODE }).waitFor();

    const partner = await pageApi<{ partnerSponsoredTypes: { id: number; identifier: string }[] }>(
      page,
      '/api/partners/demo',
    );
    const typeId = partner.body.partnerSponsoredTypes.find((t) => t.identifier === TYPE.identifier)!.id;
    const found = await pageApi<{ id: number; monthlyAmount: number }[]>(
      page,
      `/api/dashboard/records?type=${typeId}&q=${CODE}`,
    );
    expect(found.total).toBe(1);
    const id = found.body[0]!.id;
    // The type's plan prices the record.
    expect(found.body[0]!.monthlyAmount).toBe(4200);

    // 3. Three pictures dropped at once; the second becomes the profile picture.
    const pictures = await uploadPictures(page, id, 3);
    const list = page.getByRole('list', { name: 'Pictures, in the order shown' });
    const second = list.locator(':scope > li').nth(1);
    await second.getByRole('button', { name: 'Set as profile' }).click();
    await second.getByText('Profile picture').waitFor();
    const profile = pictures[1]!;
    expect((await managedPictures(page, id)).filter((p) => p.isProfile).map((p) => p.id)).toEqual([
      profile.id,
    ]);

    // 4. The public site at once: the listing of the new type shows the card with the profile
    //    picture, and the profile its fun facts and that picture.
    const visitor = await newPage(browser, 1280, 900);
    await visitor.page.goto(siteUrl('demo', `/sponsored/board/${TYPE.identifier}`));
    const card = visitor.page.locator(`a[href="/sponsored/profile/${id}"]`);
    await card.waitFor();
    expect(await card.locator('img').getAttribute('src')).toContain(profile.imagePath);
    await card.click();
    await visitor.page.getByText('To build a bridge').waitFor();
    await visitor.page.getByText('A spirit level').waitFor();
    const picture = visitor.page.getByRole('img', { name: /^Picture of Catalina/ });
    await expect.poll(() => picture.getAttribute('src')).toContain(profile.imagePath);
    await visitor.context.close();

    // 5. The Records table filtered to the new program and Active, exported by the server: the
    //    CSV and the workbook hold that row only, its homeroom neutralised.
    await page.goto(siteUrl('demo', '/dashboard/records'));
    await main.getByRole('tab', { name: TYPE.plural }).click();
    await main.getByRole('row').filter({ hasText: CODE }).waitFor();
    await chooseFilter(page, 'Program', PROGRAM.name);
    await chooseFilter(page, 'Status', 'active');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    const csvLink = main.getByRole('link', { name: 'Export CSV' });
    await expect.poll(() => csvLink.getAttribute('href')).toContain('status=active');
    expect(await csvLink.getAttribute('href')).toMatch(/[?&]entitiesId=\d+/);
    const csv = await csvRows(await exportTable(page, 'Export CSV'));
    const header = csv[0]!;
    expect(header.slice(0, 3)).toEqual(['Code', 'First name', 'Last name']);
    expect(csv).toHaveLength(2);
    const row = Object.fromEntries(header.map((h, i) => [h, csv[1]![i]]));
    expect(row).toMatchObject({
      Code: CODE,
      Program: PROGRAM.name,
      Status: 'active',
      Homeroom: `'${FORMULA}`,
    });
    const sheet = await xlsxRows(await exportTable(page, 'Export Excel'));
    expect(sheet).toHaveLength(2);
    expect(sheet[0]).toEqual(header);
    expect(sheet[1]![0]).toBe(CODE);
    expect(sheet[1]![header.indexOf('Homeroom')]).toBe(`'${FORMULA}`);

    // 6. Archive from the editor (the dialog says what happens first).
    await page.locator('tbody tr').first().getByRole('button', { name: 'Edit' }).click();
    await dialog.getByRole('button', { name: 'Archive' }).click();
    const confirm = page.getByRole('dialog', { name: `Archive ${CODE}?` });
    await confirm.getByText(/leaves the public site/).waitFor();
    await confirm.getByRole('button', { name: 'Archive' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await dialog.waitFor({ state: 'hidden' });
    // Filtered to Active, the table and its export no longer hold it; filtered to Archived, they do.
    await main.getByText('No rows match this search.').waitFor();
    expect(await main.getByRole('row').filter({ hasText: CODE }).count()).toBe(0);
    expect(await csvRows(await exportTable(page, 'Export CSV'))).toHaveLength(1);
    await chooseFilter(page, 'Status', 'archived');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    await expect.poll(() => csvLink.getAttribute('href')).toContain('status=archived');
    const archived = await csvRows(await exportTable(page, 'Export CSV'));
    expect(archived).toHaveLength(2);
    expect(archived[1]![0]).toBe(CODE);
    expect(archived[1]![header.indexOf('Status')]).toBe('archived');

    // 7. A new visitor (no browser cache of the short public max-age): the listing has left it.
    const next = await newPage(browser, 1280, 900);
    await next.page.goto(siteUrl('demo', `/sponsored/board/${TYPE.identifier}`));
    await next.page.getByText('No results. Please change your filters or check back later!').waitFor();
    expect(await next.page.locator(`a[href="/sponsored/profile/${id}"]`).count()).toBe(0);
    await next.page.goto(siteUrl('demo', `/sponsored/profile/${id}`));
    await next.page.waitForLoadState('networkidle');
    expect(await next.page.getByText('To build a bridge').count()).toBe(0);
    await next.context.close();
    await context.close();
  }, 180_000);
});

/** The catalogue's screens, at a desktop's and a phone's width: a screenshot each, none scrolling sideways. */
describe('the catalogue’s screens', () => {
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    it(`fit ${width} px`, async () => {
      const { context, page } = await newPage(browser, width, height);
      await signIn(page, 'demo', 'partner-admin@demo.example.org', 'demo-admin-2026');
      const main = page.getByRole('main');
      const shot = async (name: string, fullPage = false) => {
        // Pictures drawn, not blank boxes.
        await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
        await screenshot(page, `catalogue-${name}-${width}`, { fullPage });
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth),
          `${name} scrolls sideways`,
        ).toBeLessThanOrEqual(width);
      };

      await page.goto(siteUrl('demo', '/dashboard/records'));
      await page.locator('tbody tr').first().waitFor();
      await shot('records', true);
      await page.locator('tbody tr').first().getByRole('button', { name: 'Edit' }).click();
      const editor = page.getByRole('dialog');
      // The bio's rich text editor comes in a chunk of its own.
      await editor.getByRole('textbox', { name: 'Bio' }).waitFor();
      await modalSettled(page);
      await shot('record-editor');
      // Its fun facts (each a row of fields and buttons) and the Archive button, further down.
      await editor.getByRole('button', { name: 'Archive' }).scrollIntoViewIfNeeded();
      await shot('record-editor-end');
      const pictures = editor.getByRole('link', { name: /Manage pictures/ });
      await pictures.click();
      await main.getByRole('heading', { name: 'Pictures', level: 2 }).waitFor();
      await main
        .getByRole('list', { name: 'Pictures, in the order shown' })
        .or(main.getByText('No pictures yet.'))
        .waitFor();
      await shot('record-pictures', true);

      await page.goto(siteUrl('demo', '/dashboard/records/import'));
      await main.getByRole('heading', { name: 'Import records', level: 1 }).waitFor();
      await shot('import');
      // The dry run's report: a row with errors, by row, column, value and reason.
      await page
        .locator('input[type="file"]')
        .first()
        .setInputFiles({
          name: 'two.csv',
          mimeType: 'text/csv',
          buffer: Buffer.from(
            'Code,First Name,Last Name,Birthday,Program\nSHOT-1,Ana,Ok,2015-01-02,Antigua Community School\nSHOT-2,Bea,Bad,2015-02-31,Antigua Community School\n',
          ),
        });
      await main.getByRole('button', { name: 'Check the file' }).click();
      await main.getByRole('table', { name: 'Rows with errors' }).waitFor();
      await main.getByRole('button', { name: 'Import 1 row', exact: true }).waitFor();
      await shot('import-check', true);

      await page.goto(siteUrl('demo', '/dashboard/types'));
      await main
        .getByRole('cell', { name: /Teachers/ })
        .first()
        .waitFor();
      await shot('types');
      await main.getByRole('button', { name: 'New type' }).click();
      await page.getByRole('dialog', { name: 'New sponsored type' }).getByLabel('Label (one)').waitFor();
      await modalSettled(page);
      await shot('type-new');

      await page.goto(siteUrl('demo', '/dashboard/programs'));
      await main.getByRole('row').nth(1).waitFor();
      await shot('programs');
      await main.getByRole('button', { name: 'New program' }).click();
      await page
        .getByRole('dialog', { name: 'New program' })
        .getByRole('img', { name: /click to place/ })
        .waitFor();
      await modalSettled(page);
      await shot('program-new');
      await context.close();
    }, 120_000);
  }
});
