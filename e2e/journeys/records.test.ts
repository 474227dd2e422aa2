import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot, signIn, siteUrl } from '../support/browser.ts';
import { pageApi, TINY_PNG } from '../support/catalogue.ts';

/**
 * The Records section (issue 12 items 1, 2, 3, 6, 7): the partner administrator creates a student
 * with two fun facts and a rich text bio, drops three pictures at once, sets one as the profile
 * picture and drags another to the front, exports the table filtered to it, sees it on the public
 * listing and profile at once, archives it (the dialog says what happens first) and sees it leave; the program administrator sees only their program's
 * records and gets 403 from the API for another program's record.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const CODE = `E2E-${Date.now().toString(36)}`;

async function studentsType(page: Page): Promise<number> {
  const partner = await pageApi<{ partnerSponsoredTypes: { id: number; sponsoredTypesId: number }[] }>(
    page,
    '/api/partners/demo',
  );
  return partner.body.partnerSponsoredTypes.find((t) => t.sponsoredTypesId === 1)!.id;
}

/** Every id of the public listing of students born in February (all pages, as a visitor). */
async function listingIds(page: Page, type: number): Promise<number[]> {
  const ids: number[] = [];
  for (let offset = 0; ; offset += 100) {
    const res = await pageApi<{ id: number }[]>(
      page,
      `/api/partners/2/sponsoreds?partnersId=2&status=active&isFullySponsored=No&partnerSponsoredTypesId=${type}&birthMonth=2&offset=${offset}&limit=100`,
    );
    expect(res.status).toBe(200);
    ids.push(...res.body.map((r) => r.id));
    if (res.body.length < 100 || ids.length >= res.total) return ids;
  }
}

describe('the Records section', () => {
  it('a partner administrator creates a record with two fun facts, sees it public, archives it and sees it leave', async () => {
    const { context, page } = await newPage(browser, 1280, 900);
    await signIn(page, 'demo', 'partner-admin@demo.example.org', 'demo-admin-2026');
    await page.goto(siteUrl('demo', '/dashboard/records'));
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: 'Records', level: 1 }).waitFor();
    await main.locator('th', { hasText: 'Homeroom' }).waitFor();
    await page.locator('tbody tr').first().waitFor();
    await screenshot(page, 'records-table-1280');

    await main.getByRole('button', { name: /^New / }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /Code/ }).fill(CODE);
    await dialog.getByRole('textbox', { name: 'First name' }).fill('Journey');
    await dialog.getByRole('textbox', { name: 'Last name' }).fill('Tester');
    await dialog.getByLabel('Birthday', { exact: true }).fill('2014-02-14');
    await dialog.getByRole('button', { name: 'Add a fun fact' }).click();
    await dialog.getByRole('button', { name: 'Add a fun fact' }).click();
    await dialog.getByRole('textbox', { name: 'Fun fact 1: label' }).fill('Favourite sport');
    await dialog.getByRole('textbox', { name: 'Fun fact 1: value' }).fill('Netball');
    await dialog.getByRole('textbox', { name: 'Fun fact 2: label' }).fill('Wants to be');
    await dialog.getByRole('textbox', { name: 'Fun fact 2: value' }).fill('A marine biologist');
    // The bio in the rich text editor (loaded with the editor): plain words, then bold ones.
    const bio = dialog.getByRole('textbox', { name: 'Bio' });
    await bio.click();
    await page.keyboard.type('Loves ');
    await page.keyboard.press('ControlOrMeta+b');
    await page.keyboard.type('rock pools');
    await screenshot(page, 'records-editor-1280');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const type = await studentsType(page);
    const found = await pageApi<{ id: number }[]>(page, `/api/dashboard/records?type=${type}&q=${CODE}`);
    expect(found.total).toBe(1);
    const id = found.body[0]!.id;

    // Three pictures dropped at once; the second becomes the profile picture; the third is
    // dragged by its handle to the front.
    await page.goto(siteUrl('demo', `/dashboard/records/${id}/pictures`));
    const list = page.getByRole('list', { name: 'Pictures, in the order shown' });
    // A 1x1 PNG each, re-encoded by the server.
    const png = TINY_PNG;
    await page.getByText('No pictures yet.').waitFor();
    await page.locator('input[type="file"]').setInputFiles([
      { name: 'one.png', mimeType: 'image/png', buffer: png },
      { name: 'two.png', mimeType: 'image/png', buffer: png },
      { name: 'three.png', mimeType: 'image/png', buffer: png },
    ]);
    await expect.poll(() => list.locator(':scope > li').count(), { timeout: 30_000 }).toBe(3);
    type Managed = { id: number; isProfile: boolean };
    const uploaded = (await pageApi<Managed[]>(page, `/api/sponsoreds/${id}/pictures?partnersId=2`)).body;
    expect(uploaded).toHaveLength(3);
    await list.locator(':scope > li').nth(1).getByRole('button', { name: 'Set as profile' }).click();
    await list.locator(':scope > li').nth(1).getByText('Profile picture').waitFor();
    const handle = list.getByRole('button', { name: 'Drag picture 3 to a new place' });
    const target = list.locator(':scope > li').first();
    const from = (await handle.boundingBox())!;
    const to = (await target.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 - 10, from.y + from.height / 2, { steps: 3 });
    await page.mouse.move(to.x + to.width / 3, to.y + to.height / 2, { steps: 12 });
    await page.mouse.up();
    await expect
      .poll(async () =>
        (await pageApi<Managed[]>(page, `/api/sponsoreds/${id}/pictures?partnersId=2`)).body.map((p) => p.id),
      )
      .toEqual([uploaded[2]!.id, uploaded[0]!.id, uploaded[1]!.id]);
    const managed = (await pageApi<Managed[]>(page, `/api/sponsoreds/${id}/pictures?partnersId=2`)).body;
    expect(managed.filter((p) => p.isProfile).map((p) => p.id)).toEqual([uploaded[1]!.id]);
    await page.goto(siteUrl('demo', '/dashboard/records'));
    await main.locator('th', { hasText: 'Homeroom' }).waitFor();

    // The filtered table exported: the search narrows it to the new record, and the file holds it.
    await main.getByRole('textbox', { name: /Search/ }).fill(CODE);
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      main.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    const file = await download.path();
    const csv = fs.readFileSync(file, 'utf8').trim().split(/\r?\n/);
    expect(csv).toHaveLength(2);
    expect(csv[1]).toContain(CODE);
    await main.getByRole('textbox', { name: /Search/ }).fill('');

    // The public site: the profile with its fun facts, and the listing (its last page holds the newest).
    const visitor = await newPage(browser, 1280, 900);
    await visitor.page.goto(siteUrl('demo', `/sponsored/profile/${id}`));
    await visitor.page.getByText('A marine biologist').waitFor();
    await visitor.page.getByText('Netball').waitFor();
    await visitor.page.locator('strong', { hasText: 'rock pools' }).first().waitFor();
    expect(await listingIds(visitor.page, type)).toContain(id);

    // Archive from the editor: the dialog says what happens first.
    await main.getByRole('textbox', { name: /Search/ }).fill(CODE);
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    await page.locator('tbody tr').first().getByRole('button', { name: 'Edit' }).click();
    await dialog.getByRole('button', { name: 'Archive' }).click();
    const confirm = page.getByRole('dialog', { name: `Archive ${CODE}?` });
    await confirm.getByText(/leaves the public site/).waitFor();
    await page.waitForTimeout(400); // the dialog's opening transition
    await screenshot(page, 'records-archive-confirm-1280');
    await confirm.getByRole('button', { name: 'Archive' }).click();
    await confirm.waitFor({ state: 'hidden' });

    expect(await listingIds(visitor.page, type)).not.toContain(id);
    await visitor.context.close();
    // A new visitor (no browser cache of the short public max-age) no longer finds the profile.
    const next = await newPage(browser, 1280, 900);
    await next.page.goto(siteUrl('demo', `/sponsored/profile/${id}`));
    await next.page.waitForLoadState('networkidle');
    expect(await next.page.getByText('A marine biologist').count()).toBe(0);
    expect((await pageApi(next.page, `/api/sponsoreds/${id}?partnersId=2`)).status).not.toBe(200);
    await next.context.close();
    await context.close();
  });

  it('a program administrator sees only their program’s records, and 403 for another’s', async () => {
    const admin = await newPage(browser, 1280, 900);
    await signIn(admin.page, 'demo', 'partner-admin@demo.example.org', 'demo-admin-2026');
    const type = await studentsType(admin.page);
    const elsewhere = await pageApi<{ id: number; entitiesId: number }[]>(
      admin.page,
      `/api/dashboard/records?type=${type}&entitiesId=2&pageSize=1`,
    );
    const otherId = elsewhere.body[0]!.id;
    await admin.context.close();

    const { context, page } = await newPage(browser, 390, 844);
    await signIn(page, 'demo', 'program-admin@demo.example.org', 'program-admin-2026');
    await page.goto(siteUrl('demo', '/dashboard/records'));
    await page.getByRole('heading', { name: 'Records', level: 1 }).waitFor();
    await page.locator('tbody tr').first().waitFor();
    await screenshot(page, 'records-program-admin-390');
    await page.locator('tbody tr').first().getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Save changes' }).waitFor();
    await screenshot(page, 'records-editor-390');
    await page.keyboard.press('Escape');
    const mine = await pageApi<{ entitiesId: number }[]>(
      page,
      `/api/dashboard/records?type=${type}&pageSize=500`,
    );
    expect(mine.body.length).toBeGreaterThan(0);
    expect(new Set(mine.body.map((r) => r.entitiesId))).toEqual(new Set([1]));
    expect((await pageApi(page, `/api/dashboard/records/${otherId}?partnersId=2`)).status).toBe(403);
    await context.close();
  });
});
