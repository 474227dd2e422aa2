import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatMoney as money,
  launchBrowser,
  newPage,
  screenshot,
  signIn,
  siteUrl,
} from '../support/browser.ts';

/**
 * The public partner site (issue 3) in Chromium against the real server and the seeded demo data:
 * navigation by feature flags and settings, the listing's filters in the address and paging, a
 * masked profile as each kind of viewer (what each sees, and what the API never sends them), the
 * slot dropdown and the Sponsored! state, the picture viewer, and screenshots at two widths.
 */

const MASKED_LOCK =
  'This profile is masked to protect identity and safety. Sponsor to unlock the full name, pictures and updates.';
const MASKED_ADMIN =
  'This profile is masked to protect identity and safety. You can see it in full because you are a partner administrator.';
const MASKED_SPONSOR =
  'This profile is masked to protect identity and safety. You can see it in full because you are a sponsor.';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The page's own API call (its cookies, its host), as JSON. */
async function apiFromPage<T>(page: Page, path: string): Promise<{ status: number; body: T | string }> {
  return page.evaluate(async (p) => {
    const res = await fetch(p, { headers: { accept: 'application/json' } });
    const text = await res.text();
    try {
      return { status: res.status, body: JSON.parse(text) as T };
    } catch {
      return { status: res.status, body: text };
    }
  }, path);
}

async function sponsorMenuItems(page: Page, label: string): Promise<string[]> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: label }).click();
  const menu = page.getByRole('menu');
  await menu.waitFor();
  const items = (await menu.getByRole('menuitem').allTextContents()).map((t) => t.trim());
  await page.keyboard.press('Escape');
  return items;
}

describe('navigation follows each partner’s features and settings', () => {
  it('demo: gifts, trials and donations in the Sponsor menu; logo to home; Login and Sign up!', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(siteUrl('demo', '/'));
    const main = page.getByRole('navigation', { name: 'Main' });
    await main.waitFor();
    expect(await sponsorMenuItems(page, 'Sponsor')).toEqual([
      'Students',
      'Teachers',
      'Staff',
      'Classes',
      'Initiatives',
      'Gift a Sponsorship',
      'Redeem Gift',
      'Redeem Trial',
      'General Giving',
    ]);
    await page.getByRole('link', { name: 'Donate' }).first().waitFor();
    await page.getByRole('link', { name: 'Gift', exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await page.getByText('Sign up!', { exact: true }).first().waitFor();
    expect(await page.getByRole('button', { name: /^Account menu for / }).count()).toBe(0);
    const footer = page.getByRole('contentinfo');
    for (const name of ['About', 'Contact', 'Privacy']) await footer.getByRole('link', { name }).waitFor();
    const logoHref = await page.getByRole('banner').getByRole('link').first().getAttribute('href');
    expect(logoHref).toBe('/');
    await context.close();
  });

  it('maple: custom sponsor and program labels, no gifts or trials, logo to the partner website', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(siteUrl('maple', '/'));
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    expect(await sponsorMenuItems(page, 'Support Me')).toEqual([
      'Students',
      'Teachers',
      'Classes',
      'Initiatives',
      'General Giving',
    ]);
    expect(await page.getByRole('link', { name: 'Gift', exact: true }).count()).toBe(0);
    const logoHref = await page.getByRole('banner').getByRole('link').first().getAttribute('href');
    expect(logoHref).toBe('https://mapleschools.example');
    // The program filter carries the partner's label for programs.
    await page.goto(siteUrl('maple', '/sponsored/board/students'));
    await page.getByRole('combobox', { name: 'School' }).waitFor();
    await context.close();
  });

  it('the avatar menu shows Administration only to someone holding a role here, and Logout returns to the root', async () => {
    const donor = await newPage(browser);
    await signIn(donor.page, 'demo', 'donor@demo.example.org', 'donor-2026');
    await donor.page.goto(siteUrl('demo', '/about'));
    await donor.page.getByRole('button', { name: /^Account menu for / }).click();
    await donor.page.getByRole('menuitem', { name: 'My Profile' }).waitFor();
    expect(await donor.page.getByRole('menuitem', { name: 'Administration' }).count()).toBe(0);
    await donor.page.getByRole('menuitem', { name: 'Logout' }).click();
    await donor.page.waitForURL((url) => url.pathname === '/');
    await donor.page.getByRole('button', { name: 'Login' }).waitFor();
    await donor.context.close();

    const admin = await newPage(browser);
    await signIn(admin.page, 'demo', 'partner-admin@demo.example.org', 'demo-admin-2026');
    await admin.page.getByRole('button', { name: /^Account menu for / }).click();
    await admin.page.getByRole('menuitem', { name: 'Administration' }).click();
    await admin.page.waitForURL(/\/dashboard$/);
    await admin.page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    await admin.context.close();
  });
});

describe('the listing', () => {
  it('keeps filters in the address without new history entries, survives a reload, and pages by 25', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(siteUrl('demo', '/sponsored/board/students'));
    const cards = page.locator('a[href^="/sponsored/profile/"]');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(25);
    expect(await page.getByRole('img', { name: 'Masked profile' }).count()).toBeGreaterThan(0);
    const historyBefore = await page.evaluate(() => history.length);

    await page.getByRole('combobox', { name: 'Gender' }).selectOption('Female');
    await page.waitForURL((url) => url.searchParams.get('gender') === 'Female');
    expect(await page.evaluate(() => history.length)).toBe(historyBefore);

    await page.reload();
    expect(await page.getByRole('combobox', { name: 'Gender' }).inputValue()).toBe('Female');
    await cards.first().waitFor();

    // Back to every gender: the filter leaves the address; page 2 is shown 1-based.
    await page.getByRole('combobox', { name: 'Gender' }).selectOption('');
    await page.waitForURL((url) => !url.searchParams.has('gender'));
    await expect.poll(() => cards.count()).toBe(25);
    const firstPageLinks = await cards.evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    await page.getByRole('button', { name: 'Page 2' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    // Page 2 is shown once its own cards replace the first page's (not while it is loading).
    await expect
      .poll(async () => {
        const links = await cards.evaluateAll((all) => all.map((a) => a.getAttribute('href')));
        return links.length > 0 && links.every((href) => !firstPageLinks.includes(href));
      })
      .toBe(true);
    expect(await cards.count()).toBeLessThanOrEqual(25);
    await context.close();
  });

  it('says so when no profile matches the filters', async () => {
    const { context, page } = await newPage(browser);
    // No student of the demo data is over 21.
    await page.goto(siteUrl('demo', '/sponsored/board/students?ageBand=21%2B'));
    expect(await page.getByRole('combobox', { name: 'Age' }).inputValue()).toBe('21+');
    await page.getByText('No results. Please change your filters or check back later!').waitFor();
    await context.close();
  });
});

describe('a masked profile', () => {
  let maskedId: number;
  let sponsorContext: BrowserContext;
  let sponsorPage: Page;

  beforeAll(async () => {
    ({ context: sponsorContext, page: sponsorPage } = await newPage(browser));
    await signIn(sponsorPage, 'demo', 'sponsor@demo.example.org', 'sponsor-2026');
    const me = await apiFromPage<{ id: number }>(sponsorPage, '/api/users/getByToken?partnersId=2');
    const lines = await apiFromPage<
      { sponsoredsId: number; dateEnded: string | null; sponsoreds: { masked: boolean } }[]
    >(sponsorPage, `/api/users/${(me.body as { id: number }).id}/sponsoreds?partnersId=2`);
    const masked = (lines.body as Exclude<typeof lines.body, string>).find(
      (line) => line.dateEnded === null && line.sponsoreds.masked,
    );
    expect(masked).toBeDefined();
    maskedId = masked!.sponsoredsId;
  });
  afterAll(async () => {
    await sponsorContext?.close();
  });

  /** Records every /api/ answer the page receives while `run` goes. */
  async function apiBodies(page: Page, run: () => Promise<void>): Promise<string[]> {
    const bodies: string[] = [];
    const listener = async (response: Response) => {
      if (!new URL(response.url()).pathname.startsWith('/api/')) return;
      try {
        bodies.push(await response.text());
      } catch {
        // a redirect or an aborted request has no body
      }
    };
    page.on('response', listener);
    await run();
    await page.waitForLoadState('networkidle');
    page.off('response', listener);
    return bodies;
  }

  it('a visitor sees the lock notice and never receives its last name, birthday, pictures or updates', async () => {
    const { context, page } = await newPage(browser);
    const full = await apiFromPage<{ lastName: string | null }>(sponsorPage, `/api/sponsoreds/${maskedId}`);
    const lastName = (full.body as { lastName: string | null }).lastName;
    expect(lastName).toBeTruthy();

    const bodies = await apiBodies(page, async () => {
      await page.goto(siteUrl('demo', `/sponsored/profile/${maskedId}`));
      await page.getByText(MASKED_LOCK).waitFor();
    });
    const all = bodies.join('\n');
    expect(all).not.toContain(lastName!);
    expect(all).not.toMatch(/"birthday"\s*:\s*"/);
    expect(all).not.toMatch(/"imagePath"\s*:\s*"/);
    expect(all).not.toContain('updateMessage');
    expect(await page.getByRole('tab', { name: 'Sponsor Updates' }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Pictures' }).count()).toBe(0);
    const updates = await apiFromPage(page, `/api/sponsoreds/${maskedId}/updates?partnersId=2`);
    expect(updates.status).toBe(401);
    await screenshot(page, 'profile-masked-visitor-1280');
    await context.close();
  });

  it('a signed-in donor who does not sponsor it is treated as a visitor', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'demo', 'donor@demo.example.org', 'donor-2026');
    await page.goto(siteUrl('demo', `/sponsored/profile/${maskedId}`));
    await page.getByText(MASKED_LOCK).waitFor();
    const record = await apiFromPage<Record<string, unknown>>(
      page,
      `/api/sponsoreds/${maskedId}?partnersId=2`,
    );
    expect(record.status).toBe(200);
    expect((record.body as Record<string, unknown>).lastName ?? null).toBeNull();
    expect((record.body as Record<string, unknown>).birthday ?? null).toBeNull();
    const images = await apiFromPage<unknown[]>(page, `/api/sponsoreds/${maskedId}/images?partnersId=2`);
    expect(images.body).toEqual([]);
    const updates = await apiFromPage(page, `/api/sponsoreds/${maskedId}/updates?partnersId=2`);
    expect(updates.status).toBe(403);
    await context.close();
  });

  it('its sponsor sees the sponsor notice, the pictures, the updates and the Sponsored! state', async () => {
    await sponsorPage.goto(siteUrl('demo', `/sponsored/profile/${maskedId}`));
    await sponsorPage.getByText(MASKED_SPONSOR).waitFor();
    const sponsored = sponsorPage.getByRole('button', { name: 'Sponsored!' });
    await sponsored.waitFor();
    expect(await sponsored.isDisabled()).toBe(true);
    await sponsorPage.getByRole('heading', { name: 'Pictures' }).waitFor();

    // The picture viewer: a modal at most 750px high with the description or 'No description.'.
    await sponsorPage.getByRole('button', { name: /^Open picture 1 of / }).click();
    const viewer = sponsorPage.getByRole('dialog', { name: /^Picture of / });
    await viewer.waitFor();
    const img = viewer.getByTestId('picture-viewer-image');
    await img.waitFor();
    expect(await img.evaluate((el) => getComputedStyle(el).maxHeight)).toBe('750px');
    // The picture's description under it, or 'No description.' when it has none.
    const description = (await img.getAttribute('alt'))?.trim() || 'No description.';
    await viewer.getByText(description, { exact: true }).waitFor();
    await screenshot(sponsorPage, 'profile-picture-viewer-1280');
    await sponsorPage.keyboard.press('Escape');
    await viewer.waitFor({ state: 'hidden' });

    await sponsorPage.getByRole('tab', { name: 'Sponsor Updates' }).click();
    await sponsorPage.getByRole('tabpanel').getByRole('heading').first().waitFor();
  });

  it('a partner administrator sees the admin notice and the updates', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'demo', 'partner-admin@demo.example.org', 'demo-admin-2026');
    await page.goto(siteUrl('demo', `/sponsored/profile/${maskedId}`));
    await page.getByText(MASKED_ADMIN).waitFor();
    await page.getByRole('tab', { name: 'Sponsor Updates' }).waitFor();
    const updates = await apiFromPage<unknown[]>(page, `/api/sponsoreds/${maskedId}/updates?partnersId=2`);
    expect(updates.status).toBe(200);
    await context.close();
  });
});

describe('the sponsor button', () => {
  it('offers 1 to min(remaining, visible) slots with their totals, and adds the choice to the cart', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(siteUrl('demo', '/'));
    const listed = await apiFromPage<
      { id: number; maxSlots: number; slotsFilled: number; monthlyAmount: number }[]
    >(
      page,
      '/api/partners/2/sponsoreds?partnersId=2&partnerSponsoredTypesId=2&offset=0&limit=100&status=active&isFullySponsored=No',
    );
    // Teachers show 3 visible slots of 5.
    const record = (listed.body as Exclude<typeof listed.body, string>).find(
      (r) => r.maxSlots - r.slotsFilled >= 3,
    )!;
    expect(record).toBeDefined();
    await page.goto(siteUrl('demo', `/sponsored/profile/${record.id}`));
    await page.getByRole('button', { name: /from \$/ }).click();
    await page.getByRole('menuitem').first().waitFor();
    const items = (await page.getByRole('menuitem').allTextContents()).map((t) => t.trim());
    expect(items).toEqual([
      `1 Slot – ${money(record.monthlyAmount)}/month`,
      `2 Slots – ${money(2 * record.monthlyAmount)}/month`,
      `3 Slots – ${money(3 * record.monthlyAmount)}/month`,
    ]);
    await page.getByRole('menuitem', { name: /^2 Slots/ }).click();
    await page.waitForURL(/\/checkout$/);
    const cart = await page.evaluate(() => JSON.parse(window.localStorage.getItem('kinship.cart') ?? '[]'));
    expect(cart).toEqual([{ id: String(record.id), sponsoredsId: record.id, quantity: 2 }]);
    await context.close();
  });
});

/** Waits for the page to settle, writes its screenshot, and checks nothing overflows sideways. */
async function shootWithoutOverflow(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await screenshot(page, name);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} is wider than the viewport`).toBeLessThanOrEqual(0);
}

describe('screenshots for two partners at two widths', () => {
  for (const partner of ['demo', 'maple']) {
    for (const width of [1280, 390]) {
      it(`${partner} at ${width}px: landing, listing and profile`, async () => {
        const { context, page } = await newPage(browser, width, 900);
        await page.goto(siteUrl(partner, '/'));
        await page.getByRole('banner').waitFor();
        await shootWithoutOverflow(page, `landing-${partner}-${width}`);

        await page.goto(siteUrl(partner, '/sponsored/board/students'));
        const card = page.locator('a[href^="/sponsored/profile/"]').first();
        await card.waitFor();
        await shootWithoutOverflow(page, `listing-${partner}-${width}`);

        await card.click();
        await page.getByRole('tab', { name: 'Profile' }).waitFor();
        await shootWithoutOverflow(page, `profile-${partner}-${width}`);
        await context.close();
      });
    }
  }
});
