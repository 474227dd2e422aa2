import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatMoney as money,
  launchBrowser,
  newPage,
  screenshot,
  signIn,
  siteUrl,
} from '../support/browser.ts';
import { openRecords } from '../support/public-api.ts';

/**
 * Giving on the sandbox gateway (issue 5): a signed-in donor sponsors two slots monthly with a new
 * card and the default boost, sponsors another record annually with the saved card, sees a declined
 * card's message, opens the receipts and finds the sponsorships in their profile; a visitor donates
 * once and sees the failure modal for a declined card; the cart's own states.
 */

const CARD_OK = '4242 4242 4242 4242';
const CARD_DECLINED = '4000 0000 0000 0002';
const CART_ISSUE_ITEM =
  'Invalid cart item. Please remove this item from your cart and attempt to re-add. This may happen when another donor has sponsored this item in the time since it was added to your cart';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function fillCard(page: Page, number: string): Promise<void> {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('ZIP / Postal code').fill('78701');
}

async function setCart(page: Page, items: { sponsoredsId: number; quantity: number }[]): Promise<void> {
  await page.evaluate((cart) => {
    window.localStorage.setItem(
      'kinship.cart',
      JSON.stringify(cart.map((item, i) => ({ id: `e2e-${i}-${item.sponsoredsId}`, ...item }))),
    );
  }, items);
}

/** Opens the receipt linked from a success screen and checks its PDF download answers a PDF. */
async function openReceipt(page: Page, shot: string): Promise<void> {
  await page.getByRole('link', { name: 'View your receipt' }).click();
  await page.waitForURL(/\/receipts\//);
  const pdf = page.getByRole('link', { name: 'Download PDF' });
  await pdf.waitFor();
  const href = await pdf.getAttribute('href');
  expect(href).toBeTruthy();
  // Fetched by the page itself: its cookies, and Node cannot resolve *.localhost.
  const pdfHead = await page.evaluate(async (url) => {
    const res = await fetch(url);
    const bytes = new Uint8Array(await res.arrayBuffer()).subarray(0, 5);
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      magic: String.fromCharCode(...bytes),
    };
  }, href!);
  expect(pdfHead).toEqual({ status: 200, type: 'application/pdf', magic: '%PDF-' });
  await screenshot(page, shot);
}

describe('the cart before signing in', () => {
  it('says the cart is empty, then asks a visitor to register or sign in before checking out', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(siteUrl('demo', '/checkout'));
    await page.getByText('Your cart is empty').waitFor();

    const [record] = await openRecords(4, 1);
    await setCart(page, [{ sponsoredsId: record!.id, quantity: 1 }]);
    await page.reload();
    await page.getByText('Please register or sign in to check out.').waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Login' }).count()).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: 'Checkout', exact: true }).count()).toBe(0);
    await context.close();
  });
});

describe('a signed-in donor sponsors with the sandbox gateway', () => {
  let context: BrowserContext;
  let page: Page;
  const sponsoredNames: string[] = [];

  beforeAll(async () => {
    ({ context, page } = await newPage(browser));
    await signIn(page, 'demo', 'donor@demo.example.org', 'donor-2026');
  });
  afterAll(async () => {
    await context?.close();
  });

  it('flags an item whose slots ran out and blocks checkout', async () => {
    const [record] = await openRecords(4, 1);
    const remaining = record!.maxSlots - record!.slotsFilled;
    await page.goto(siteUrl('demo', '/'));
    await setCart(page, [{ sponsoredsId: record!.id, quantity: remaining + 1 }]);
    await page.goto(siteUrl('demo', '/checkout'));
    await page.getByText('There are issues with your cart.').waitFor();
    await page.getByText(CART_ISSUE_ITEM).waitFor();
    expect(await page.getByRole('button', { name: 'Checkout', exact: true }).isDisabled()).toBe(true);
    await screenshot(page, 'giving-cart-issue-1280');
    await setCart(page, []);
  });

  it('sponsors two slots monthly with a new card and the default 5% boost, then opens the receipt', async () => {
    const [record] = await openRecords(4, 2);
    await page.goto(siteUrl('demo', `/sponsored/profile/${record!.id}`));
    const name = (await page.getByRole('heading', { level: 1 }).first().textContent())!.trim();
    sponsoredNames.push(name);
    // More than one slot is selectable: the dropdown offers 1..min(remaining, visible) slots.
    await page.getByRole('button', { name: /from \$/ }).click();
    await page.getByRole('menuitem', { name: `2 Slots – ${money(2 * record!.monthlyAmount)}/month` }).click();
    await page.waitForURL(/\/checkout$/);

    const base = 2 * record!.monthlyAmount;
    const boost = Math.round(base * 0.05);
    await expect.poll(() => page.getByTestId('cart-base').textContent()).toBe(money(base));
    expect(await page.getByTestId('cart-boost').textContent()).toBe(money(boost));
    expect(await page.getByTestId('cart-total').textContent()).toBe(`${money(base + boost)} per month`);
    await screenshot(page, 'giving-cart-1280');

    await page.getByRole('button', { name: 'Checkout', exact: true }).click();
    // No saved method yet: only the card form.
    await page.getByLabel('Card number').waitFor();
    expect(await page.getByRole('tab', { name: 'Existing Method' }).count()).toBe(0);
    await fillCard(page, CARD_OK);
    await screenshot(page, 'giving-payment-step-1280');
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await page.getByRole('heading', { name: 'Thank you for your sponsorship!' }).waitFor({ timeout: 30_000 });
    await screenshot(page, 'giving-success-1280');
    // The cart is emptied.
    expect(await page.evaluate(() => window.localStorage.getItem('kinship.cart'))).toBe('[]');
    await openReceipt(page, 'giving-receipt-1280');
  });

  it('shows a declined card as the red checkout alert', async () => {
    const [record] = await openRecords(5, 1);
    await page.goto(siteUrl('demo', '/'));
    await setCart(page, [{ sponsoredsId: record!.id, quantity: 1 }]);
    await page.goto(siteUrl('demo', '/checkout'));
    await page.getByRole('button', { name: 'Checkout', exact: true }).click();
    // A saved method exists now, so Existing Method is preselected; the declined card is a new one.
    await page.getByRole('tab', { name: 'New Card' }).click();
    await fillCard(page, CARD_DECLINED);
    await page.getByRole('button', { name: 'Pay Now' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Error: Your card was declined.' });
    await alert.waitFor({ timeout: 30_000 });
    expect((await alert.textContent())!.trim()).toBe('Error: Your card was declined.');
    await screenshot(page, 'giving-declined-1280');
    // Cancel returns to the cart step.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Checkout', exact: true }).waitFor();
  });

  it('sponsors another record annually with the saved card', async () => {
    const [record] = await openRecords(5, 1);
    await page.goto(siteUrl('demo', `/sponsored/profile/${record!.id}`));
    sponsoredNames.push((await page.getByRole('heading', { level: 1 }).first().textContent())!.trim());
    await page.goto(siteUrl('demo', '/'));
    await setCart(page, [{ sponsoredsId: record!.id, quantity: 1 }]);
    await page.goto(siteUrl('demo', '/checkout'));
    await page.getByText('Annual', { exact: true }).click();
    const base = 12 * record!.monthlyAmount;
    const boost = Math.round(base * 0.05);
    await expect
      .poll(() => page.getByTestId('cart-total').textContent())
      .toBe(`${money(base + boost)} per year`);

    await page.getByRole('button', { name: 'Checkout', exact: true }).click();
    const existing = page.getByRole('tab', { name: 'Existing Method' });
    await existing.waitFor();
    expect(await existing.getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('combobox', { name: 'Saved payment method' }).inputValue()).toMatch(/4242/);
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await page.getByRole('heading', { name: 'Thank you for your sponsorship!' }).waitFor({ timeout: 30_000 });
    await openReceipt(page, 'giving-receipt-annual-1280');
  });

  it('lists both new sponsorships in the profile', async () => {
    await page.goto(siteUrl('demo', '/profile/sponsorships'));
    const active = page.getByRole('region', { name: 'Your sponsorships' });
    await active.waitFor();
    for (const name of sponsoredNames) await active.getByRole('link', { name }).first().waitFor();
    await active
      .getByText(/2 slots · \$[\d,.]+ per month/)
      .first()
      .waitFor();
    await active
      .getByText(/1 slot · \$[\d,.]+ per year/)
      .first()
      .waitFor();
    await screenshot(page, 'giving-profile-sponsorships-1280');
  });
});

describe('a visitor gives once', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await newPage(browser));
  });
  afterAll(async () => {
    await context?.close();
  });

  async function fillDonation(card: string): Promise<void> {
    await page.goto(siteUrl('demo', '/donate'));
    const amount = page.getByRole('spinbutton', { name: 'Amount' });
    await amount.waitFor();
    expect(await amount.inputValue()).toBe('10');
    const quick = page.getByRole('group', { name: 'Quick amounts' });
    expect((await quick.getByRole('button').allTextContents()).map((t) => t.trim())).toEqual([
      '$10',
      '$25',
      '$50',
      '$75',
      '$100',
    ]);
    await quick.getByRole('button', { name: '$25' }).click();
    expect(await amount.inputValue()).toBe('25');
    await page.getByLabel('First name').fill('Vera');
    await page.getByLabel('Last name').fill('Visitor');
    await page.getByLabel('Email').fill('vera.visitor@example.org');
    await fillCard(page, card);
  }

  it('donates $25 with a card and opens the receipt', async () => {
    await fillDonation(CARD_OK);
    await screenshot(page, 'giving-donate-form-1280');
    await page.getByRole('button', { name: 'Donate $25.00' }).click();
    await page.getByRole('heading', { name: 'Thank you for your donation!' }).waitFor({ timeout: 30_000 });
    await openReceipt(page, 'giving-donation-receipt-1280');
  });

  it('shows the donation failure modal for a declined card', async () => {
    await fillDonation(CARD_DECLINED);
    await page.getByRole('button', { name: 'Donate $25.00' }).click();
    const modal = page.getByRole('dialog', { name: 'Error submitting donation!' });
    await modal.waitFor({ timeout: 30_000 });
    await modal.getByText('Payment failed. Please check your information and try again.').waitFor();
    await modal.getByText('Your card was declined.').waitFor();
    // Let the processing modal's exit and this one's entrance finish before the picture.
    await page.waitForTimeout(400);
    await screenshot(page, 'giving-donation-error-1280');
  });
});
