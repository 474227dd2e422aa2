import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { linksIn, readEml } from '../../apps/server/test/eml.ts';
import { launchBrowser, newPage, screenshot, signIn, siteUrl } from '../support/browser.ts';

/**
 * Giving in the Donations section (issue 13, item 4): staff refund half of a donation in the
 * dashboard and the donor's receipt shows the refund; a failed renewal (the demo's sponsorship
 * declined for insufficient funds) is on the delinquent list, and the reminder email reaches the
 * donor with the link to their payment settings.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The newest mail to `to` whose subject matches, waiting for the outbox to write it. */
async function mailTo(to: string, subject: RegExp): Promise<ReturnType<typeof readEml>> {
  const dir = inject('mailDir');
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')) : [];
    const mails = files
      .map((f) => readEml(fs.readFileSync(path.join(dir, f), 'utf8')))
      .filter((mail) => mail.to.includes(to) && subject.test(mail.subject));
    if (mails.length > 0) return mails[mails.length - 1]!;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail to ${to} matching ${subject} in ${dir}`);
}

/** A visitor's general donation through the public API; answers the receipt code. */
async function donate(page: Page, email: string, dollars: number): Promise<string> {
  const url = await page.evaluate(
    async ({ email, dollars }) => {
      const res = await fetch('/api/payments?partnersId=2', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          partnersId: 2,
          amount: dollars,
          firstName: 'Rosa',
          lastName: 'Refund',
          email,
          token: 'pm_card_visa',
        }),
      });
      return (await res.json()) as string;
    },
    { email, dollars },
  );
  return decodeURIComponent(new URL(url).pathname.split('/').pop()!);
}

describe('giving in the Donations section', () => {
  it('staff refund half a donation, and the donor’s receipt shows it', async () => {
    const email = `rosa.${Date.now().toString(36)}@example.org`;
    const visitor = await newPage(browser, 1280, 900);
    await visitor.page.goto(siteUrl('demo', '/'));
    const code = await donate(visitor.page, email, 60);
    await visitor.context.close();

    const { context, page } = await newPage(browser, 1280, 900);
    await signIn(page, 'demo', 'partner-admin@demo.example.org', 'demo-admin-2026');
    await page.goto(siteUrl('demo', '/dashboard/donations'));
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: 'Donations', level: 1 }).waitFor();
    await page.locator('tbody tr').first().waitFor();
    await screenshot(page, 'donations-payments-1280');
    await main.getByRole('textbox', { name: /Search donor/ }).fill(email);
    const row = page.locator('tbody tr', { hasText: email });
    await row.waitFor();
    // The search applies after its debounce: wait for the table to hold the one payment.
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1);
    await row.getByRole('button', { name: 'Refund' }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund a payment' });
    await dialog.getByText('Up to $60.00 can be refunded.').waitFor();
    await dialog.getByRole('textbox', { name: /Amount to refund/ }).fill('30');
    await dialog.getByRole('textbox', { name: /Reason/ }).fill('Gave twice by mistake');
    await screenshot(page, 'donations-refund-dialog-1280');
    // A double click refunds once: the dialog's key is the same for both.
    await dialog.getByRole('button', { name: 'Refund', exact: true }).dblclick();
    await dialog.getByText(/\$30\.00 was refunded/).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await row.getByText('Partly refunded').waitFor();
    await row.getByText('$30.00 refunded').waitFor();
    await context.close();

    const donor = await newPage(browser, 390, 844);
    await donor.page.goto(siteUrl('demo', `/receipts/${encodeURIComponent(code)}`));
    await donor.page.getByTestId('receipt-amount').filter({ hasText: '$60.00' }).waitFor();
    await donor.page.getByText(/Refunded on \d{2}\/\d{2}\/\d{4}/).waitFor();
    await donor.page.getByTestId('receipt-net-amount').filter({ hasText: '$30.00' }).waitFor();
    await screenshot(donor.page, 'donations-receipt-refunded-390');
    // The receipt number stays inside the card on a phone, and nothing scrolls the page sideways.
    const number = await donor.page.getByText(code, { exact: true }).boundingBox();
    expect(number!.x + number!.width).toBeLessThanOrEqual(390);
    expect(await donor.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const notice = await mailTo(email, /A refund from/);
    expect(notice.text).toContain('has refunded $30.00 of your payment');
    await donor.context.close();
  });

  it('a failed renewal is on the delinquent list, and the reminder email reaches the donor', async () => {
    const { context, page } = await newPage(browser, 1280, 900);
    await signIn(page, 'demo', 'partner-admin@demo.example.org', 'demo-admin-2026');
    // The overview's "failed payments" figure links here.
    await page.goto(siteUrl('demo', '/dashboard/donations?status=failed'));
    await page.locator('tbody tr', { hasText: 'dana.declined@donors.example' }).waitFor();
    await page.getByRole('tab', { name: 'Failed renewals' }).click();
    const card = page.locator('[aria-label="Failed renewal of Dana Declined"]');
    await card.getByText('Your card has insufficient funds.', { exact: false }).waitFor();
    await card.getByText(/Visa ending 9995/).waitFor();
    await screenshot(page, 'donations-delinquent-1280');
    await card.getByRole('button', { name: 'Send reminder' }).click();
    await card.getByText('Reminder sent to dana.declined@donors.example.').waitFor();
    const mail = await mailTo('dana.declined@donors.example', /Please update your card/);
    expect(mail.text).toContain('did not go through: Your card has insufficient funds.');
    const settings = linksIn(mail).find((l) => l.includes('/profile/paymentsettings'));
    expect(settings).toBeDefined();
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'donations-delinquent-390');
    await context.close();
  });
});
