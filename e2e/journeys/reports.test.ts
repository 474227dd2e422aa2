import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readEml } from '../../apps/server/test/eml.ts';
import { launchBrowser, newPage, screenshot, signIn, siteUrl } from '../support/browser.ts';

/**
 * The Overview and the Reports (issue 13 items 1 and 5) in Chromium: the partner administrator
 * opens the dashboard's Overview, follows a figure (students waiting) to the Records table behind
 * it, opens a report with its chart, downloads it as CSV, starts the year-end receipts run, sees
 * its progress bar survive a reload, and every donor of the demo year receives their statement
 * (read from the mail folder the server writes).
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const YEAR = new Date().getUTCFullYear();

async function api<T>(page: Page, p: string): Promise<{ status: number; body: T }> {
  return page.evaluate(async (url) => {
    const res = await fetch(url, { headers: { accept: 'application/json' }, cache: 'no-store' });
    return { status: res.status, body: (await res.json()) as never };
  }, p);
}

/** The subjects of the mail written to each address so far. */
function mailSubjects(): Map<string, string[]> {
  const dir = inject('mailDir');
  const byAddress = new Map<string, string[]>();
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')) : [];
  for (const f of files) {
    const mail = readEml(fs.readFileSync(path.join(dir, f), 'utf8'));
    const to = mail.to.toLowerCase().replace(/^.*<|>.*$/g, '');
    byAddress.set(to, [...(byAddress.get(to) ?? []), mail.subject]);
  }
  return byAddress;
}

describe('the Overview and the Reports', () => {
  it('an administrator follows a figure, reads a report, downloads it and sends the year-end statements', async () => {
    const { context, page } = await newPage(browser, 1280, 900);
    await signIn(page, 'demo', 'partner-admin@demo.example.org', 'demo-admin-2026');
    await page.goto(siteUrl('demo', '/dashboard'));
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    await main.getByRole('link', { name: /^Giving this year: \$/ }).waitFor();
    await main.locator('.recharts-bar-rectangle').first().waitFor();
    await screenshot(page, 'reports-overview-1280');

    // A figure is a link to its table: the students waiting for a sponsor.
    const overview = await api<{ types: { label: string; waiting: { value: number; href: string } }[] }>(
      page,
      '/api/dashboard/overview?partnersId=2',
    );
    const students = overview.body.types.find((t) => t.label === 'Students')!;
    expect(students.waiting.value).toBeGreaterThan(0);
    await main.getByRole('link', { name: `Students waiting: ${students.waiting.value}` }).click();
    await page.waitForURL(
      (url) => url.pathname === '/dashboard/records' && url.search.includes('sponsored=false'),
    );
    await main.getByRole('heading', { name: 'Records', level: 1 }).waitFor();
    await expect
      .poll(async () => main.getByLabel('Sponsored', { exact: true }).inputValue())
      .toBe('Waiting for a sponsor');
    await page.locator('tbody tr').first().waitFor();

    // A report, its chart and its CSV.
    await page.goto(siteUrl('demo', '/dashboard/reports'));
    await main.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    await main.getByRole('link', { name: 'Giving by month' }).click();
    await main.getByRole('heading', { name: 'Giving by month', level: 1 }).waitFor();
    await main.locator('.recharts-bar-rectangle').first().waitFor();
    await main.locator('tfoot th', { hasText: 'Total' }).waitFor();
    await screenshot(page, 'reports-giving-by-month-1280');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      main.getByRole('link', { name: 'Download CSV' }).click(),
    ]);
    const csv = fs.readFileSync((await download.path())!, 'utf8').replace(/^\ufeff/, '');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toBe('Month,Payments,Gross (USD),Refunded (USD),Net (USD)');
    expect(lines.length).toBeGreaterThan(3);
    expect(lines.at(-1)).toMatch(/^Total,\d+,/);

    // The year-end receipts run: every donor of the year receives their statement.
    const donors = await api<{ rows: { email: string | null }[] }>(
      page,
      `/api/dashboard/reports/year-end-totals?partnersId=2&from=${YEAR}-01-01&to=${YEAR}-12-31`,
    );
    // A payment with no donor address (an anonymous one) has nobody to mail a statement to.
    const emails = [...new Set(donors.body.rows.flatMap((r) => (r.email ? [r.email.toLowerCase()] : [])))];
    expect(emails.length).toBeGreaterThan(3);
    await page.goto(siteUrl('demo', '/dashboard/reports'));
    await main.getByRole('button', { name: 'Send year-end statements' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Send statements' }).click();
    await main
      .getByText(new RegExp(`Statements for ${YEAR}: done, ${emails.length} of ${emails.length} donors`))
      .waitFor({
        timeout: 60_000,
      });
    await page.reload();
    await main.getByText(new RegExp(`Statements for ${YEAR}: done`)).waitFor();
    await expect.poll(async () => main.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    await screenshot(page, 'reports-index-1280');

    const subject = `Your ${YEAR} giving statement from Bright Futures`;
    await expect
      .poll(
        () => {
          const mail = mailSubjects();
          return emails.filter((e) => !(mail.get(e) ?? []).some((s) => s.startsWith(subject)));
        },
        { timeout: 90_000, interval: 1000 },
      )
      .toEqual([]);
    await context.close();
  }, 240_000);

  it('reads well on a phone', async () => {
    const { context, page } = await newPage(browser, 390, 844);
    await signIn(page, 'demo', 'partner-admin@demo.example.org', 'demo-admin-2026');
    await page.goto(siteUrl('demo', '/dashboard'));
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    await main.locator('.recharts-bar-rectangle').first().waitFor();
    await screenshot(page, 'reports-overview-390');
    await page.goto(siteUrl('demo', '/dashboard/reports/giving-by-fund'));
    await main.locator('tfoot th', { hasText: 'Total' }).waitFor();
    await screenshot(page, 'reports-giving-by-fund-390');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  }, 120_000);
});
