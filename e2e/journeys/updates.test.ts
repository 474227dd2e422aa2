import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { linksIn, readEml } from '../../apps/server/test/eml.ts';
import { DEMO_IDS } from '../../apps/server/src/seed/demo.ts';
import { launchBrowser, newPage, screenshot, signIn, siteUrl } from '../support/browser.ts';

/**
 * Updates to sponsors (issue 13 item 2, Done when): the partner administrator writes an update to
 * two records with a picture and sends it; the demo sponsor of one receives the email, opens its
 * link and reads it with the picture; a visitor opening the same link is refused and asked to sign in.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const TITLE = `Journey update ${Date.now().toString(36)}`;
// A 64 x 48 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAAAwCAIAAAAuKetIAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAfUlEQVRoge2SAQkAURSD1slw63QpL4Y8/sAAOha+nia6AQuoviK7UO8S3YAFVF+RXah3iW7AAqqvyC7Uu0Q3YAHVV2QX6l2iG7CA6iuyC/Uu0Q1YQPUV2YV6l+gGLKD6iuxCvUt0AxZQfUV2od4lugELqL4iu1DvEt2AxwN+WoTw4pxw+xcAAAAASUVORK5CYII=',
  'base64',
);

async function mailWithSubject(to: string, subjectPart: string): Promise<ReturnType<typeof readEml>> {
  const dir = inject('mailDir');
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')) : [];
    const mail = files
      .map((f) => readEml(fs.readFileSync(path.join(dir, f), 'utf8')))
      .find((m) => m.to.includes(to) && m.subject.includes(subjectPart));
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`no mail to ${to} about ${subjectPart} in ${dir}`);
}

async function recordCode(page: Page, id: number): Promise<string> {
  return page.evaluate(async (recordId) => {
    const res = await fetch(`/api/dashboard/records/${recordId}?partnersId=2`, {
      headers: { accept: 'application/json' },
    });
    return ((await res.json()) as { code: string }).code;
  }, id);
}

async function chooseRecord(page: Page, code: string): Promise<void> {
  const input = page.getByRole('main').getByLabel('Records', { exact: true });
  await input.fill(code);
  await page.getByRole('option', { name: new RegExp(code) }).click();
}

describe('updates to sponsors', () => {
  let link = '';

  it('an administrator writes an update to two records with a picture and sends it', async () => {
    const { context, page } = await newPage(browser, 1280, 900);
    await signIn(page, 'demo', 'partner-admin@demo.example.org', 'demo-admin-2026');
    await page.goto(siteUrl('demo', '/dashboard/updates'));
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: 'Updates', level: 1 }).waitFor();
    await page.locator('tbody tr').first().waitFor();
    await screenshot(page, 'updates-list-1280');

    const sponsored = await recordCode(page, DEMO_IDS.maskedSponsoredOfSponsor);
    const other = await recordCode(page, DEMO_IDS.maskedNotSponsoredOtherEntity);
    await main.getByRole('button', { name: 'New update' }).click();
    await main.getByRole('heading', { name: 'New update' }).waitFor();
    await main.getByLabel('Title').fill(TITLE);
    await main
      .getByLabel('Message')
      .fill('The whole school planted a garden this week.\n\nEvery class has its own bed of **beans**.');
    await chooseRecord(page, sponsored);
    await chooseRecord(page, other);
    await main.getByRole('button', { name: 'Save draft' }).click();
    await main.getByRole('heading', { name: 'Edit update' }).waitFor();

    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'garden.png', mimeType: 'image/png', buffer: PNG });
    await main.getByRole('img', { name: 'Picture 1' }).waitFor();
    await screenshot(page, 'updates-editor-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'updates-editor-390');
    await page.setViewportSize({ width: 1280, height: 900 });

    await main.getByRole('button', { name: 'Send now' }).click();
    await main.getByRole('heading', { name: 'Updates', level: 1 }).waitFor();
    await main.getByRole('button', { name: TITLE }).waitFor();
    await context.close();
  });

  it('the sponsor of one record receives the email, opens the link and reads the update with its picture', async () => {
    const mail = await mailWithSubject('sponsor@demo.example.org', TITLE);
    link = linksIn(mail).find((l) => l.includes('/sponsored/update/'))!;
    expect(link).toMatch(/\/sponsored\/update\/[A-Za-z0-9_-]{24}$/);

    const { context, page } = await newPage(browser, 1280, 900);
    await signIn(page, 'demo', 'sponsor@demo.example.org', 'sponsor-2026');
    await page.goto(link);
    await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
    await page.getByText('Every class has its own bed of').waitFor();
    const picture = page.locator('article img');
    await picture.waitFor();
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await screenshot(page, 'update-page-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'update-page-390');
    await context.close();
  });

  it('a visitor opening the same link is refused and asked to sign in', async () => {
    const { context, page } = await newPage(browser, 390, 844);
    await page.goto(link);
    await page.getByRole('alert').filter({ hasText: 'Sign in to read this update' }).waitFor();
    expect(await page.getByText(TITLE).count()).toBe(0);
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await screenshot(page, 'update-page-visitor-390');
    await context.close();
  });
});
