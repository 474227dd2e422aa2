import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot, signIn, siteUrl } from '../support/browser.ts';

/**
 * The navigation shows a spinner while the signed-in person loads (SPEC section 2, issue 21): the
 * session answer is held back, the bar shows "Loading your account" at 1280 and 390 px, and once the
 * answer arrives the spinner gives way to the account controls.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each([1280, 390] as const)('the navigation at %i px', (width) => {
  it('shows a spinner while the signed-in person loads', async () => {
    const { context, page } = await newPage(browser, width, 900);
    await signIn(page, 'demo', 'donor@demo.example.org', 'donor-2026');

    // The session answer waits until the spinner has been seen.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held = 0;
    await page.route('**/api/auth/get-session*', async (route) => {
      held += 1;
      await released;
      await route.continue();
    });
    await page.goto(siteUrl('demo', '/about'));
    const spinner = page.getByRole('banner').getByRole('status', { name: 'Loading your account' });
    await spinner.waitFor({ state: 'visible' });
    expect(held).toBeGreaterThan(0);
    await screenshot(page, `navigation-loading-${width}`);

    release();
    await spinner.waitFor({ state: 'detached' });
    if (width === 1280) {
      await page.getByRole('button', { name: /^Account menu for / }).waitFor();
    } else {
      // On a phone the account controls are in the menu.
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('button', { name: 'Logout' }).waitFor();
    }
    await screenshot(page, `navigation-loaded-${width}`);
    await context.close();
  });
});
