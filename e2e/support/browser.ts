import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export const SCREENSHOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

/** The site of a partner by subdomain, e.g. siteUrl('demo', '/about'). */
export function siteUrl(partner: string, pathname = '/'): string {
  return inject('baseUrlFor').replace('{partner}', partner) + pathname;
}

/**
 * Each browser context is a visitor of its own address (the journeys' server trusts the proxy
 * header), as real visitors are: the per-address limits of sign-in and giving then count each
 * journey's visitor apart instead of every journey of the run as one address.
 */
let contexts = 0;
function visitorAddress(): string {
  contexts += 1;
  return `10.${process.pid % 250}.${(contexts >> 8) & 255}.${contexts & 255}`;
}

export async function newPage(
  browser: Browser,
  width = 1280,
  height = 900,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width, height },
    extraHTTPHeaders: { 'x-forwarded-for': visitorAddress() },
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const violations: string[] = [];
  cspViolations.set(page, violations);
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(`${page.url()}: ${message.text()}`);
  });
  return { context, page };
}

/** What the browser refused under the app's Content-Security-Policy, per page (checked by `screenshot`). */
const cspViolations = new WeakMap<Page, string[]>();

/**
 * Writes a screenshot to the git-ignored e2e/screenshots folder and prints its path: the viewport,
 * or the whole page with `fullPage` (a long screen seen at once).
 */
export async function screenshot(page: Page, name: string, { fullPage = false } = {}): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage });
  console.log(`screenshot: ${file}`);
  // Every journey that takes a screenshot also proves the page ran within its Content-Security-Policy.
  const violations = cspViolations.get(page) ?? [];
  if (violations.length) throw new Error(`Content-Security-Policy violations:\n${violations.join('\n')}`);
  return file;
}

export async function signIn(page: Page, partner: string, email: string, password: string): Promise<void> {
  await page.goto(siteUrl(partner, '/login'));
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login') && !url.pathname.startsWith('/redirect'));
}

/** Cents as the site shows money: $, thousands separators, 2 decimals (written here, not imported, so the journeys check the app's formatting). */
export const formatMoney = (cents: number): string =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
