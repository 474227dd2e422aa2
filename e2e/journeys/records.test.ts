import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot, signIn, siteUrl } from '../support/browser.ts';

/**
 * The Records section (issue 12 items 1, 2, 7): the partner administrator creates a student with
 * two fun facts, sees it on the public listing and profile at once, archives it (the dialog says
 * what happens first) and sees it leave; the program administrator sees only their program's
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

/** A JSON call from the page, with its session (same origin). */
async function api<T>(page: Page, path: string): Promise<{ status: number; body: T; total: number }> {
  return page.evaluate(async (p) => {
    const res = await fetch(p, { headers: { accept: 'application/json' }, cache: 'no-store' });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // plain text error
    }
    return { status: res.status, body: body as never, total: Number(res.headers.get('x-total-count')) };
  }, path);
}

async function studentsType(page: Page): Promise<number> {
  const partner = await api<{ partnerSponsoredTypes: { id: number; sponsoredTypesId: number }[] }>(
    page,
    '/api/partners/demo',
  );
  return partner.body.partnerSponsoredTypes.find((t) => t.sponsoredTypesId === 1)!.id;
}

/** Every id of the public listing of students born in February (all pages, as a visitor). */
async function listingIds(page: Page, type: number): Promise<number[]> {
  const ids: number[] = [];
  for (let offset = 0; ; offset += 100) {
    const res = await api<{ id: number }[]>(
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
    await screenshot(page, 'records-editor-1280');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const type = await studentsType(page);
    const found = await api<{ id: number }[]>(page, `/api/dashboard/records?type=${type}&q=${CODE}`);
    expect(found.total).toBe(1);
    const id = found.body[0]!.id;

    // The public site: the profile with its fun facts, and the listing (its last page holds the newest).
    const visitor = await newPage(browser, 1280, 900);
    await visitor.page.goto(siteUrl('demo', `/sponsored/profile/${id}`));
    await visitor.page.getByText('A marine biologist').waitFor();
    await visitor.page.getByText('Netball').waitFor();
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
    expect((await api(next.page, `/api/sponsoreds/${id}?partnersId=2`)).status).not.toBe(200);
    await next.context.close();
    await context.close();
  });

  it('a program administrator sees only their program’s records, and 403 for another’s', async () => {
    const admin = await newPage(browser, 1280, 900);
    await signIn(admin.page, 'demo', 'partner-admin@demo.example.org', 'demo-admin-2026');
    const type = await studentsType(admin.page);
    const elsewhere = await api<{ id: number; entitiesId: number }[]>(
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
    const mine = await api<{ entitiesId: number }[]>(
      page,
      `/api/dashboard/records?type=${type}&pageSize=500`,
    );
    expect(mine.body.length).toBeGreaterThan(0);
    expect(new Set(mine.body.map((r) => r.entitiesId))).toEqual(new Set([1]));
    expect((await api(page, `/api/dashboard/records/${otherId}?partnersId=2`)).status).toBe(403);
    await context.close();
  });
});
