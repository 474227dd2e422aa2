import fs from 'node:fs';
import { letterQrText } from '@kinship/domain';
import type { Browser, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '../../apps/server/src/seed/demo.ts';
import { photographedReplyPage } from '../../apps/server/test/letter-photo.ts';
import { launchBrowser, newPage, screenshot, signIn, siteUrl } from '../support/browser.ts';

/**
 * Letters (issue 24, Done when): the demo sponsor writes to the student they sponsor from the
 * record's Letters tab (a phone number typed raises the live warning, removed again), sends it and
 * follows it in /profile/letters; the Messages moderator finds it in Dashboard › Letters, approves
 * it and prints the program's approved letters as letters.pdf; a phone photo of the handwritten
 * reply, carrying the printed letter's QR code, is uploaded and matched to it automatically, typed
 * and approved; the sponsor then reads the reply with its picture and saves it as message.pdf.
 * Screens are seen at 1280 and 390 px.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const SPONSOR = ['sponsor@demo.example.org', 'sponsor-2026'] as const;
const MODERATOR = ['messages@demo.example.org', 'messages-2026'] as const;
const PARTNERS_ID = 2; // demo

const TOKEN = `journey${Date.now().toString(36)}`;
const LETTER = `Dear friend, I hope school is going well. Our dog had puppies this spring and the children named one after you. (${TOKEN})`;
const REPLY = `Thank you for your letter. I am learning to read and I like the puppies. (${TOKEN} reply)`;

/** Takes the same screen at 1280 and at 390 px, and leaves the page at 1280. */
async function bothWidths(page: Page, name: string, { fullPage = false } = {}): Promise<void> {
  await screenshot(page, `${name}-1280`, { fullPage });
  await page.setViewportSize({ width: 390, height: 844 });
  // The dashboard's navigation slides away as the window narrows: the phone screen is taken once it has.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
  await screenshot(page, `${name}-390`, { fullPage });
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Clicks and returns the download it starts, checked as a PDF named `fileName`. */
async function pdfDownload(page: Page, click: () => Promise<void>, fileName: string): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  expect(download.suggestedFilename()).toBe(fileName);
  const file = await download.path();
  expect(fs.readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return download;
}

async function staffLetter(page: Page, id: number): Promise<{ programName: string | null; status: string }> {
  return page.evaluate(
    async ([letterId, partnersId]) => {
      const res = await fetch(`/api/dashboard/letters/${letterId}?partnersId=${partnersId}`, {
        headers: { accept: 'application/json' },
      });
      return (await res.json()) as { programName: string | null; status: string };
    },
    [id, PARTNERS_ID] as const,
  );
}

describe('letters', () => {
  let letterId = 0;
  let replyId = 0;

  it('the sponsor writes from the record’s Letters tab, sees the live warning, sends, and follows the letter', async () => {
    const { context, page } = await newPage(browser, 1280, 900);
    await signIn(page, 'demo', ...SPONSOR);
    await page.goto(siteUrl('demo', `/sponsored/profile/${DEMO_IDS.maskedSponsoredOfSponsor}`));
    await page.getByRole('tab', { name: 'Letters' }).click();
    await page.getByRole('button', { name: /^Write to / }).click();
    const letter = page.getByRole('textbox', { name: /^Your letter to / });

    // A phone number raises the pre-screen's warning as they type; removed, the warning goes.
    await letter.fill(`${LETTER}\nCall me on 555 123 4567 any evening.`);
    const warning = page.getByRole('alert').filter({ hasText: 'the team will check' });
    await warning.getByText('This looks like a phone number: 555 123 4567').waitFor();
    await warning.getByText('Letters with contact details are held back').waitFor();
    await bothWidths(page, 'letters-composer-warning');
    await letter.fill(LETTER);
    await warning.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Your letter is on its way to review' }).waitFor();

    await page.goto(siteUrl('demo', '/profile/letters'));
    const card = page.getByRole('article').filter({ hasText: TOKEN });
    await card.getByText('Waiting for review').waitFor();
    const steps = card.getByRole('list', { name: 'Where this letter is' });
    await steps.getByText('Sent for review').waitFor();
    expect(await steps.locator('[aria-current="step"]').textContent()).toMatch(/^Sent for review/);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'letters-sponsor-sent-1280');
    await context.close();
  });

  it('the moderator finds the letter in the queue, opens it, approves it and prints the program’s letters', async () => {
    const { context, page } = await newPage(browser, 1280, 900);
    await signIn(page, 'demo', ...MODERATOR);
    await page.goto(siteUrl('demo', '/dashboard'));
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Letters' }).click();
    await page.waitForURL(/\/dashboard\/letters$/);
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: 'Letters', level: 1 }).waitFor();
    // The queue opens on the letters waiting, the demo's among them.
    await main.locator('tbody tr').first().waitFor();
    await bothWidths(page, 'letters-queue');

    await main.getByRole('textbox', { name: 'Search record, code, sponsor or text' }).fill(TOKEN);
    const row = main.locator('tbody tr').filter({ hasText: TOKEN });
    await row.getByText('New', { exact: true }).waitFor();
    await expect.poll(() => main.locator('tbody tr').count()).toBe(1);
    await row.getByRole('link').first().click();
    await page.waitForURL(/\/dashboard\/letters\/\d+$/);
    letterId = Number(/\/(\d+)$/.exec(new URL(page.url()).pathname)![1]);
    await main.getByText(TOKEN).first().waitFor();
    await main.getByText('The automatic safety check found nothing in this letter.').waitFor();
    await bothWidths(page, 'letters-letter-page', { fullPage: true });

    await main.getByRole('button', { name: 'Approve' }).click();
    await main.getByText('Approved', { exact: true }).first().waitFor();
    const { programName, status } = await staffLetter(page, letterId);
    expect(status).toBe('approved');
    expect(programName).toBeTruthy();

    await page.goto(siteUrl('demo', '/dashboard/letters?tab=print'));
    const program = main.getByLabel('Program', { exact: true });
    if ((await program.inputValue()) !== programName) {
      await program.click();
      await page.getByRole('option', { name: programName!, exact: true }).click();
    }
    await pdfDownload(
      page,
      () => main.getByRole('button', { name: 'Print approved letters' }).click(),
      'letters.pdf',
    );
    await main.getByRole('status').filter({ hasText: 'letters.pdf is downloaded' }).waitFor();
    await screenshot(page, 'letters-printed-1280');
    expect((await staffLetter(page, letterId)).status).toBe('printed');
    await context.close();
  });

  it('a photographed reply page is matched by its QR code, typed and approved', async () => {
    const photo = await photographedReplyPage(letterQrText(PARTNERS_ID, letterId));
    const { context, page } = await newPage(browser, 1280, 900);
    await signIn(page, 'demo', ...MODERATOR);
    await page.goto(siteUrl('demo', '/dashboard/letters?tab=scans'));
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: 'Upload replies on paper' }).waitFor();
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'reply-photo.jpg', mimeType: 'image/jpeg', buffer: photo });
    const batch = main.getByRole('region', { name: 'Pages of this upload' });
    const matched = batch.getByRole('link', { name: /^Matched: reply letter \d+$/ });
    await matched.waitFor({ timeout: 60_000 });
    replyId = Number(/(\d+)$/.exec((await matched.textContent())!)![1]);
    await batch.getByRole('img', { name: 'Page 1 of reply-photo.jpg' }).waitFor();
    await bothWidths(page, 'letters-scan-matched');

    await matched.click();
    await page.waitForURL(new RegExp(`/dashboard/letters/${replyId}$`));
    await main.getByRole('link', { name: `Answers letter ${letterId}` }).waitFor();
    await main.getByRole('img', { name: 'Picture 1 of the letter' }).waitFor();

    // The handwriting is typed for the sponsor.
    await main.getByRole('button', { name: 'Edit text' }).click();
    await main.getByRole('textbox', { name: 'Text' }).fill(REPLY);
    await main.getByRole('button', { name: 'Save the text' }).click();
    await main.getByRole('button', { name: 'Edit text' }).waitFor();
    await main.getByText(REPLY).first().waitFor();
    await bothWidths(page, 'letters-reply-page', { fullPage: true });

    // An approved reply is released to its sponsor at once: it is delivered.
    await main.getByRole('button', { name: 'Approve' }).click();
    await main.getByText('Delivered', { exact: true }).first().waitFor();
    expect((await staffLetter(page, replyId)).status).toBe('delivered');
    await context.close();
  });

  it('the sponsor reads the reply with its picture and saves it as message.pdf', async () => {
    const { context, page } = await newPage(browser, 1280, 900);
    await signIn(page, 'demo', ...SPONSOR);
    await page.goto(siteUrl('demo', '/profile/letters'));
    const reply = page.getByRole('article').filter({ hasText: `${TOKEN} reply` });
    await reply.getByText(/ wrote$/).waitFor();
    // The photographed page, shown whole.
    const picture = reply.getByRole('img', { name: /’s letter on paper$/ });
    await picture.scrollIntoViewIfNeeded();
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    // Their own letter has moved on to Printed.
    await page.getByRole('article').filter({ hasText: LETTER }).getByText('Printed').first().waitFor();
    await reply.scrollIntoViewIfNeeded();
    await bothWidths(page, 'letters-sponsor-reply');
    await reply.scrollIntoViewIfNeeded();
    await pdfDownload(page, () => reply.getByRole('button', { name: 'Download PDF' }).click(), 'message.pdf');
    await context.close();
  });
});
