import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { linksIn, readEml } from '../../apps/server/test/eml.ts';
import { launchBrowser, newPage, screenshot, signIn, siteUrl } from '../support/browser.ts';

/**
 * The Sponsors section (issue 13 item 3, "Done when"): the partner administrator records a manual
 * sponsorship for a new person by name and email; the link code reaches the person by email; they
 * sign up, type the code at /link, and pay the sponsorship by card (sandbox 4242) through the
 * cart's conversion line; staff then see it paid on the person's page. Screenshots at 1280 and 390.
 */

const CARD_OK = '4242 4242 4242 4242';
/** Per action: the shared machine may be slow while the server still draws the demo pictures. */
const SLOW = 60_000;

async function slowPage(width = 1280, height = 900) {
  const opened = await newPage(browser, width, height);
  opened.page.setDefaultTimeout(SLOW);
  return opened;
}

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

/** An open class of the demo partner with two slots or more free (the Records list, as staff). */
async function openClass(page: Page): Promise<{ id: number; code: string; title: string }> {
  return page.evaluate(async () => {
    const partner = (await (await fetch('/api/partners/demo')).json()) as {
      partnerSponsoredTypes: { id: number; sponsoredTypesId: number }[];
    };
    const classes = partner.partnerSponsoredTypes.find((t) => t.sponsoredTypesId === 5)!.id;
    const rows = (await (
      await fetch(`/api/dashboard/records?partnersId=2&type=${classes}&status=active&pageSize=200`)
    ).json()) as { id: number; code: string; title: string; maxSlots: number; slotsFilled: number }[];
    const open = rows.filter((r) => r.maxSlots - r.slotsFilled >= 2);
    return open[open.length - 1]!;
  });
}

async function chooseNewCard(page: Page): Promise<void> {
  const tab = page.getByRole('tab', { name: 'New Card' });
  await page.getByLabel('Card number').or(tab).first().waitFor();
  if (await tab.count()) await tab.click();
}

async function signUp(page: Page, email: string, password: string): Promise<void> {
  await page.goto(siteUrl('demo', '/signup'));
  await page.getByLabel('First name').fill('Lena');
  await page.getByLabel('Last name').fill('Linker');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByText(email).first().waitFor();
  const mail = await mailTo(email, /^(?!.*your sponsorship).*Bright Futures Demo/);
  const link = linksIn(mail).find((l) => l.includes('/verify-email'))!;
  await page.goto(link);
  const modal = page.getByRole('dialog', { name: 'Welcome to Bright Futures Demo!' });
  await modal.waitFor();
  await modal.getByRole('textbox', { name: 'Address', exact: true }).fill('12 Main Street');
  await modal.getByLabel('City').fill('Austin');
  await modal.getByLabel('State/Province').fill('TX');
  await modal.getByLabel('Zip').fill('78701');
  await modal.getByLabel('Phone').fill('(512) 555-0142');
  await modal.getByRole('button', { name: 'Save' }).click();
  await modal.waitFor({ state: 'hidden' });
}

describe('manual sponsorships', () => {
  it('staff record one, the sponsor links it with the emailed code and pays it by card', async () => {
    const email = `lena.linker.${Date.now()}@example.org`;
    // Staff: Sponsors, Record a manual sponsorship, for a new person by name and email.
    const staff = await slowPage();
    await signIn(staff.page, 'demo', 'partner-admin@demo.example.org', 'demo-admin-2026');
    const record = await openClass(staff.page);
    await staff.page.goto(siteUrl('demo', '/dashboard/sponsors'));
    await staff.page.getByRole('heading', { name: 'Sponsors', level: 1 }).waitFor();
    await staff.page.getByRole('link', { name: 'Grace Offline' }).waitFor();
    await screenshot(staff.page, 'sponsors-list-1280');
    await staff.page.getByRole('button', { name: 'Record a manual sponsorship' }).click();
    const dialog = staff.page.getByRole('dialog', { name: 'Record a manual sponsorship' });
    await dialog.getByLabel('First name').fill('Lena');
    await dialog.getByLabel('Last name').fill('Linker');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Sponsored type', { exact: true }).click();
    await staff.page.getByRole('option', { name: 'Class', exact: true }).click();
    await dialog.getByPlaceholder('Search by name or code').fill(record.code);
    await staff.page.getByRole('option', { name: new RegExp(record.code) }).click();
    await screenshot(staff.page, 'sponsors-manual-form-1280');
    await dialog.getByRole('button', { name: 'Record sponsorship' }).click();
    const code = (await dialog.getByTestId('link-code').textContent())!.trim();
    expect(code).toMatch(/^[A-HJKMNP-Z2-9]{5}-[A-HJKMNP-Z2-9]{5}$/);
    await screenshot(staff.page, 'sponsors-manual-recorded-1280');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await staff.page.getByRole('heading', { name: 'Lena Linker', level: 1 }).waitFor();
    await staff.page.getByText(code).waitFor();
    await screenshot(staff.page, 'sponsors-person-manual-1280');

    // The sponsor: the email carries the code and the link; they sign up and open it.
    const mail = await mailTo(email, /your sponsorship of/);
    expect(mail.text).toContain(code);
    const link = linksIn(mail).find((l) => l.includes('/link/'))!;
    expect(link).toContain(`/link/${code}`);
    const sponsor = await slowPage();
    await signUp(sponsor.page, email, 'lena-linker-pass-2026');
    await sponsor.page.goto(link);
    await sponsor.page.getByRole('heading', { name: 'Link your sponsorship' }).waitFor();
    expect(await sponsor.page.getByLabel('Link code').inputValue()).toBe(code);
    await screenshot(sponsor.page, 'link-page-1280');
    await sponsor.page.getByRole('button', { name: 'Link to my account' }).click();
    await sponsor.page
      .getByText(`Your sponsorship of ${record.title} (1 slot) is now in your account.`)
      .waitFor();
    await screenshot(sponsor.page, 'link-page-linked-1280');

    // A second use of the code is refused.
    const again = await sponsor.page.evaluate(
      async (c) =>
        (await fetch('/api/link?partnersId=2', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ code: c }),
        }).then((r) => r.text())) as string,
      code,
    );
    expect(again).toBe('This link code has already been used.');

    // Pay by card: the cart's conversion line, the sandbox card.
    await sponsor.page.getByRole('button', { name: 'Pay by card' }).click();
    await sponsor.page.waitForURL(/\/checkout$/);
    await sponsor.page.getByText(/converting your existing sponsorship to card payments/).waitFor();
    await sponsor.page.getByRole('button', { name: 'Checkout', exact: true }).click();
    await chooseNewCard(sponsor.page);
    await sponsor.page.getByLabel('Card number').fill(CARD_OK);
    await sponsor.page.getByLabel('Expiry (MM/YY)').fill('12/34');
    await sponsor.page.getByLabel('CVC').fill('123');
    await sponsor.page.getByLabel('ZIP / Postal code').fill('78701');
    await sponsor.page.getByRole('button', { name: 'Pay Now' }).click();
    await sponsor.page.getByText('Thank you for your sponsorship!').waitFor();
    await sponsor.context.close();

    // Staff see it paid by card now, with the payment on the timeline.
    // The sponsorship now belongs to the account the person signed up with (the temp one holds nothing).
    await staff.page.goto(siteUrl('demo', '/dashboard/sponsors'));
    await staff.page.getByLabel('Search name, email and phone').fill(email);
    await staff.page.getByRole('link', { name: 'Lena Linker' }).click();
    await staff.page.getByRole('heading', { name: 'Lena Linker', level: 1 }).waitFor();
    await staff.page.getByText('Sponsorship payment').first().waitFor();
    expect(await staff.page.getByText('paid offline', { exact: true }).count()).toBe(0);
    await screenshot(staff.page, 'sponsors-person-paid-1280');
    await staff.context.close();
  }, 600_000);

  it('the section, a person and /link read well on a phone', async () => {
    const { context, page } = await slowPage(390, 844);
    await signIn(page, 'demo', 'partner-admin@demo.example.org', 'demo-admin-2026');
    await page.goto(siteUrl('demo', '/dashboard/sponsors'));
    await page.getByRole('link', { name: 'Grace Offline' }).waitFor();
    await screenshot(page, 'sponsors-list-390');
    await page.getByRole('link', { name: 'Grace Offline' }).click();
    await page.getByRole('heading', { name: 'Grace Offline', level: 1 }).waitFor();
    await page.getByText('GRACE-7KS2H').waitFor();
    await screenshot(page, 'sponsors-person-390');
    await page.getByRole('button', { name: 'Move' }).first().click();
    await page.getByRole('dialog').waitFor();
    await screenshot(page, 'sponsors-move-dialog-390');
    await context.close();

    const visitor = await slowPage(390, 844);
    await visitor.page.goto(siteUrl('demo', '/link'));
    await visitor.page.getByText('Sign in or sign up first').waitFor();
    await screenshot(visitor.page, 'link-page-visitor-390');
    await visitor.context.close();
  }, 300_000);
});
