import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage, screenshot, signIn, siteUrl } from '../support/browser.ts';
import { openRecords, type ListedRecord } from '../support/public-api.ts';

/**
 * The donor's path as a new user tries it (issue 9), at 1280 and 390 px: a declined card is not
 * kept, thank-you pages are scrolled and focused into view, manual sponsorships can be paid by card,
 * an already-sponsored record is flagged in the cart, percentages have 2 decimals, the sponsor label
 * never clips, no 401 for visitors, persons named by name, help tips, the landing sections, and
 * axe-core finds no serious or critical violation on any public page.
 */

const CARD_OK = '4242 4242 4242 4242';
const CARD_DECLINED = '4000 0000 0000 0002';
const VIEWPORTS = [1280, 390] as const;
const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

let browser: Browser;
let typeIds: { id: number; identifier: string }[] = [];
let slotTypeIds: number[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
  const res = await fetch(`http://127.0.0.1:${inject('port')}/api/partners/2?partnersId=2`);
  const partner = (await res.json()) as {
    partnerSponsoredTypes: { id: number; identifier: string; active: boolean; visibleSlots: number }[];
  };
  typeIds = partner.partnerSponsoredTypes.filter((t) => t.active);
  slotTypeIds = partner.partnerSponsoredTypes.filter((t) => t.active && t.visibleSlots > 1).map((t) => t.id);
});
afterAll(async () => {
  await browser?.close();
});

const used = new Set<number>();

async function freshRecord(typeId: number): Promise<ListedRecord> {
  const [record] = (await openRecords(typeId, 1, used)).slice(-1);
  used.add(record!.id);
  return record!;
}

async function fillCard(page: Page, number: string): Promise<void> {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('ZIP / Postal code').fill('78701');
}

/** The payment method picker, once loaded: the New Card tab when saved methods exist. */
async function chooseNewCard(page: Page): Promise<void> {
  const tab = page.getByRole('tab', { name: 'New Card' });
  await page.getByLabel('Card number').or(tab).first().waitFor();
  if (await tab.count()) await tab.click();
}

async function setCart(page: Page, items: { sponsoredsId: number; quantity: number }[]): Promise<void> {
  await page.evaluate((cart) => {
    window.localStorage.setItem(
      'kinship.cart',
      JSON.stringify(cart.map((item) => ({ id: String(item.sponsoredsId), ...item }))),
    );
  }, items);
}

/** The heading is inside the viewport (below the sticky bar) and holds the focus. */
async function expectInViewAndFocused(page: Page, name: string): Promise<void> {
  const heading = page.getByRole('heading', { name, level: 1 });
  await heading.waitFor({ timeout: 30_000 });
  const state = await heading.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return {
      top: box.top,
      bottom: box.bottom,
      height: window.innerHeight,
      focused: document.activeElement === element,
    };
  });
  expect(state.top).toBeGreaterThanOrEqual(0);
  expect(state.bottom).toBeLessThanOrEqual(state.height);
  expect(state.focused).toBe(true);
}

/** Serious and critical axe-core violations on the page as it is now. */
async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated by the browser's debugging protocol: the page's Content-Security-Policy stays on (an
  // injected <script> would be refused by it, as it should be).
  await page.evaluate(fs.readFileSync(AXE_SOURCE, 'utf8'));
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            opts: object,
          ) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    // WCAG 2.5.3 (label in name) is an experimental rule in axe-core: turned on here.
    const result = await axe.run(document, {
      resultTypes: ['violations'],
      rules: { 'label-content-name-mismatch': { enabled: true } },
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.targets.slice(0, 3).join(', ')}`);
}

describe.each(VIEWPORTS)('public pages at %i px', (width) => {
  it('log no 401 and no console error, and axe-core finds no serious or critical violation', async () => {
    const { context, page } = await newPage(browser, width, 900);
    const errors: string[] = [];
    const personCalls: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
    page.on('request', (request) => {
      if (request.url().includes('/api/users/getByToken')) personCalls.push(request.url());
    });
    const [masked] = (await Promise.all(typeIds.map((type) => openRecords(type.id, 0, used))))
      .flat()
      .filter((r) => r.masked);
    const [open] = await openRecords(typeIds[0]!.id, 1, used);
    const pages = [
      '/',
      `/sponsored/board/${typeIds[0]!.identifier}`,
      `/sponsored/profile/${open!.id}`,
      ...(masked ? [`/sponsored/profile/${masked.id}`] : []),
      '/about',
      '/about/partner',
      '/contact',
      '/privacy',
      '/donate',
      '/checkout',
      '/login',
      '/signup',
    ];
    const failures: string[] = [];
    for (const path of pages) {
      await page.goto(siteUrl('demo', path));
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      for (const violation of await axeViolations(page)) failures.push(`${path}: ${violation}`);
    }
    expect(failures).toEqual([]);
    expect(errors).toEqual([]);
    expect(personCalls).toEqual([]);
    await context.close();
  });

  it('shows the landing sections below the template: three steps, waiting longest, impact, donate', async () => {
    const { context, page } = await newPage(browser, width, 900);
    await page.goto(siteUrl('demo', '/'));
    await page.getByRole('heading', { name: 'How sponsorship works' }).waitFor();
    const steps = page.getByRole('region', { name: 'How sponsorship works' }).getByRole('listitem');
    expect(await steps.count()).toBe(3);
    const waiting = page.getByRole('region', { name: 'Waiting longest for a sponsor' });
    await waiting.waitFor();
    expect(await waiting.getByRole('link').count()).toBe(4);
    await page
      .getByRole('region', { name: 'Our impact together' })
      .getByText('active sponsorships')
      .waitFor();
    await page
      .getByRole('region', { name: 'Not ready to sponsor?' })
      .getByRole('link', { name: 'Make a donation' })
      .waitFor();
    await page.getByRole('region', { name: 'How sponsorship works' }).scrollIntoViewIfNeeded();
    await screenshot(page, `donor-landing-steps-${width}`);
    await waiting.scrollIntoViewIfNeeded();
    await screenshot(page, `donor-landing-waiting-${width}`);
    await page.getByRole('region', { name: 'Not ready to sponsor?' }).scrollIntoViewIfNeeded();
    await screenshot(page, `donor-landing-impact-donate-${width}`);
    await context.close();
  });

  it('explains a masked profile with the help icon', async () => {
    const [masked] = (await Promise.all(typeIds.map((type) => openRecords(type.id, 0, used))))
      .flat()
      .filter((r) => r.masked);
    expect(masked).toBeTruthy();
    const { context, page } = await newPage(browser, width, 900);
    await page.goto(siteUrl('demo', `/sponsored/profile/${masked!.id}`));
    await page.getByRole('button', { name: 'Help: Why is this profile masked?' }).click();
    await page.getByText(/shown only to their sponsors/).waitFor();
    await page.waitForTimeout(300); // the popover's fade-in, for the screenshot
    await screenshot(page, `donor-masked-help-${width}`);
    await context.close();
  });
});

describe('the sponsor button on a phone', () => {
  it.each([320, 390, 430])('is never clipped at %i px, and its slot help opens', async (width) => {
    const [record] = (await Promise.all(slotTypeIds.map((id) => openRecords(id, 2, used)))).flat();
    expect(record).toBeTruthy();
    const { context, page } = await newPage(browser, width, 800);
    await page.goto(siteUrl('demo', `/sponsored/profile/${record!.id}`));
    const button = page.getByRole('button', { name: /from \$/ });
    await button.waitFor();
    const fit = await button.evaluate((element) => {
      const label = element.querySelector('.mantine-Button-label') as HTMLElement;
      return {
        text: label.textContent,
        labelFits: label.scrollWidth <= label.clientWidth + 1,
        buttonFits: element.scrollWidth <= element.clientWidth + 1,
        inViewport: element.getBoundingClientRect().right <= window.innerWidth,
      };
    });
    expect(fit.text).toMatch(/ – from \$\d+\.\d{2}\/month$/);
    expect(fit).toMatchObject({ labelFits: true, buttonFits: true, inViewport: true });
    await button.scrollIntoViewIfNeeded();
    await screenshot(page, `donor-sponsor-button-${width}`);
    if (width === 390) {
      await page.getByRole('button', { name: /^Help: What is a/ }).click();
      await page.getByText(/Several sponsors can share one profile/).waitFor();
      await page.waitForTimeout(300); // the popover's fade-in, for the screenshot
      await screenshot(page, `donor-slot-help-${width}`);
    }
    await context.close();
  });
});

describe.each(VIEWPORTS)('a donor at %i px', (width) => {
  it('a declined new card is not kept; the thank-you is in view and focused; boost shows 5.00%', async () => {
    const { context, page } = await newPage(browser, width, 900);
    await signIn(page, 'demo', 'second-donor@demo.example.org', 'second-donor-2026');
    const record = await freshRecord(typeIds[0]!.id);
    await setCart(page, [{ sponsoredsId: record.id, quantity: 1 }]);
    await page.goto(siteUrl('demo', '/checkout'));
    await page.getByText('Boost (5.00%)').waitFor();
    expect(await page.getByRole('radio', { name: '10.00%' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Help: What is a boost?' }).click();
    await page.getByText(/An optional extra gift/).waitFor();
    await page.waitForTimeout(300); // the popover's fade-in, for the screenshot
    await screenshot(page, `donor-cart-boost-help-${width}`);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Checkout', exact: true }).click();
    await expectInViewAndFocused(page, 'Checkout');
    await chooseNewCard(page);
    await fillCard(page, CARD_DECLINED);
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Error: Your card was declined.' })
      .waitFor({ timeout: 30_000 });
    await chooseNewCard(page);
    await fillCard(page, CARD_OK);
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await expectInViewAndFocused(page, 'Thank you for your sponsorship!');
    await page.getByRole('link', { name: 'View your receipt' }).waitFor();
    await screenshot(page, `donor-checkout-thank-you-${width}`);

    await page.goto(siteUrl('demo', '/profile/paymentsettings'));
    const methods = page.getByRole('region', { name: 'Saved payment methods' });
    await methods
      .getByText(/•••• 4242/)
      .first()
      .waitFor();
    expect(await methods.getByText(/0002/).count()).toBe(0);
    await screenshot(page, `donor-payment-settings-${width}`);

    // The record just sponsored, back in the cart: flagged at once, before any card.
    await setCart(page, [{ sponsoredsId: record.id, quantity: 1 }]);
    await page.goto(siteUrl('demo', '/checkout'));
    await page.getByText('There are issues with your cart.').waitFor();
    await page.getByText(/^You already sponsor .+\. You can manage it from your profile\.$/).waitFor();
    expect(await page.getByRole('button', { name: 'Checkout', exact: true }).isDisabled()).toBe(true);
    await screenshot(page, `donor-cart-already-sponsor-${width}`);
    await setCart(page, []);
    await context.close();
  });

  it('the billing page moves the view and focus to its result', async () => {
    const { context, page } = await newPage(browser, width, 900);
    await signIn(page, 'demo', 'second-donor@demo.example.org', 'second-donor-2026');
    const record = await freshRecord(typeIds[1]!.id);
    await page.goto(siteUrl('demo', `/checkout/billing?sponsored=${record.id}&slots=1`));
    await page.getByText('Boost (3.00%)').waitFor();
    await chooseNewCard(page);
    await fillCard(page, CARD_OK);
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await expectInViewAndFocused(page, 'Payment complete');
    await screenshot(page, `donor-billing-complete-${width}`);
    await context.close();
  });

  it('a visitor’s donation thank-you is in view and focused', async () => {
    const { context, page } = await newPage(browser, width, 900);
    await page.goto(siteUrl('demo', '/donate'));
    await page.getByLabel('First name').fill('Vera');
    await page.getByLabel('Last name').fill('Visitor');
    await page.getByLabel('Email').fill('vera.visitor@example.org');
    await fillCard(page, CARD_OK);
    await page.getByRole('button', { name: /^Donate/ }).click();
    await expectInViewAndFocused(page, 'Thank you for your donation!');
    await screenshot(page, `donor-donate-thank-you-${width}`);
    await context.close();
  });
});

describe('a sponsor with manual sponsorships', () => {
  it.each(VIEWPORTS)(
    'at %i px sees them named by name and pays one by card (a conversion)',
    async (width) => {
      const { context, page } = await newPage(browser, width, 900);
      await signIn(page, 'demo', 'sponsor@demo.example.org', 'sponsor-2026');
      const me = await page.evaluate(async () => (await fetch('/api/users/getByToken?partnersId=2')).json());
      const lines = (await page.evaluate(
        async (id) => (await fetch(`/api/users/${id}/sponsoreds?partnersId=2`)).json(),
        (me as { id: number }).id,
      )) as {
        sponsoredsId: number;
        dateEnded: string | null;
        isManual: boolean;
        sponsoreds: {
          firstName: string;
          lastName: string | null;
          title: string | null;
          sponsoredTypesId: number;
        };
      }[];

      await page.goto(siteUrl('demo', '/profile/sponsorships'));
      const active = page.getByRole('region', { name: 'Your sponsorships' });
      await active.getByRole('link').first().waitFor();
      for (const line of lines.filter((l) => l.dateEnded === null && l.sponsoreds.sponsoredTypesId <= 3)) {
        const name = [line.sponsoreds.firstName, line.sponsoreds.lastName].filter(Boolean).join(' ');
        await active.getByRole('link', { name, exact: true }).waitFor();
        if (line.sponsoreds.title)
          expect(await active.getByRole('link', { name: line.sponsoreds.title, exact: true }).count()).toBe(
            0,
          );
      }
      const offline = page.getByRole('region', { name: 'Sponsorships paid offline' });
      await offline.waitFor();
      await screenshot(page, `donor-sponsorships-tab-${width}`);

      await page.goto(siteUrl('demo', '/profile/paymentsettings'));
      await offline.waitFor();
      await offline.scrollIntoViewIfNeeded();
      await screenshot(page, `donor-payment-settings-manual-${width}`);
      const manual = lines.filter((l) => l.dateEnded === null && l.isManual);
      expect(manual.length).toBeGreaterThan(0);
      await offline
        .getByRole('button', { name: /^Pay by card for / })
        .first()
        .click();
      await page.waitForURL(/\/checkout$/);
      await page.getByText(/converting your existing sponsorship to card payments/).waitFor();
      await page.getByText('Boost (5.00%)').waitFor();
      await screenshot(page, `donor-conversion-cart-${width}`);
      await page.getByRole('button', { name: 'Checkout', exact: true }).click();
      await chooseNewCard(page);
      await fillCard(page, CARD_OK);
      await page.getByRole('button', { name: 'Pay Now' }).click();
      await expectInViewAndFocused(page, 'Thank you for your sponsorship!');
      await screenshot(page, `donor-conversion-thank-you-${width}`);
      await context.close();
    },
  );
});
