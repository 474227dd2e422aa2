import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { linksIn, readEml } from '../../apps/server/test/eml.ts';
import { launchBrowser, newPage, screenshot, signIn, siteUrl } from '../support/browser.ts';

/**
 * Accounts (issue 4) in Chromium: a person signs up on the demo site, confirms their address from
 * the .eml file the server wrote, fills the new-user modal, logs out, logs in again through the
 * built-in form, and then through the local OpenID Connect provider (real redirect, code exchange
 * and PKCE), and is returned to the page they were on. A staff invitation's sign-up has the invited
 * address filled in, and its confirmation link returns to the invitation.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The newest mail to `to` (with a link containing `linkPart`, when given), waiting for the outbox to write it. */
async function mailTo(to: string, linkPart?: string): Promise<ReturnType<typeof readEml>> {
  const dir = inject('mailDir');
  const deadline = Date.now() + 40_000;
  while (Date.now() < deadline) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')) : [];
    const mails = files
      .map((f) => readEml(fs.readFileSync(path.join(dir, f), 'utf8')))
      .filter((mail) => mail.to.includes(to))
      .filter((mail) => !linkPart || linksIn(mail).some((l) => l.includes(linkPart)));
    if (mails.length > 0) return mails[mails.length - 1]!;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail to ${to} in ${dir}`);
}

async function openAccountMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Account menu for / }).click();
}

async function logOut(page: Page): Promise<void> {
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('button', { name: 'Login' }).waitFor();
}

describe('a new person on the demo site', () => {
  const email = `nina.${Date.now()}@example.org`;
  const password = 'nina-new-pass-2026';

  it('signs up, confirms the address from the mail, fills the new-user modal, logs out and logs in again', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(siteUrl('demo', '/signup'));
    await page.getByLabel('First name').fill('Nina');
    await page.getByLabel('Last name').fill('New');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText(email).first().waitFor();
    await screenshot(page, 'accounts-check-your-email-1280');

    const mail = await mailTo(email);
    expect(mail.subject).toContain('Bright Futures Demo');
    const link = linksIn(mail).find((l) => l.includes('/verify-email'));
    expect(link).toBeDefined();
    expect(new URL(link!).host).toBe(new URL(siteUrl('demo')).host);

    // Opening the link verifies the address and signs the person in; the new-user modal opens.
    await page.goto(link!);
    const modal = page.getByRole('dialog', { name: 'Welcome to Bright Futures Demo!' });
    await modal.waitFor();
    await screenshot(page, 'accounts-new-user-modal-1280');

    // Required fields first, then the phone rule (US by default).
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.getByText('Address is required').waitFor();
    await modal.getByRole('textbox', { name: 'Address', exact: true }).fill('12 Main Street');
    await modal.getByLabel('City').fill('Austin');
    await modal.getByLabel('State/Province').fill('TX');
    await modal.getByLabel('Zip').fill('78701');
    await modal.getByLabel('Phone').fill('12345');
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal
      .getByRole('alert')
      .filter({ hasText: /^Invalid Phone Number: / })
      .waitFor();
    await modal.getByLabel('Phone').fill('(512) 555-0142');
    await modal.getByRole('button', { name: 'Save' }).click();

    // Saving reloads the page: the modal is gone and the person's name is on the account menu.
    await modal.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Account menu for Nina New' }).waitFor();
    const me = await page.evaluate(async () => (await fetch('/api/users/getByToken?partnersId=2')).json());
    expect(me).toMatchObject({
      firstName: 'Nina',
      lastName: 'New',
      email,
      address1: '12 Main Street',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
    });

    await logOut(page);

    // The built-in form, from a page other than the root: /redirect returns there.
    await page.goto(siteUrl('demo', '/about'));
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/login/);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/about');
    await page.getByRole('button', { name: 'Account menu for Nina New' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await logOut(page);
    await context.close();
  });
});

describe('a staff invitation to a new person', () => {
  it(
    'prefills the invited address on the sign-up form, and the confirmation link returns to the invitation',
    { timeout: 180_000 },
    async () => {
      const invited = `nora.staff.${Date.now()}@example.org`;
      const admin = await newPage(browser);
      await signIn(admin.page, 'demo', 'partner-admin@demo.example.org', 'demo-admin-2026');
      const status = await admin.page.evaluate(async (email) => {
        const res = await fetch('/api/dashboard/team/invitations?partnersId=2', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, roles: [3], entityIds: [] }),
        });
        return res.status;
      }, invited);
      expect(status).toBe(201);
      await admin.context.close();
      const invitationLink = linksIn(await mailTo(invited, '/invitation/')).find((l) =>
        l.includes('/invitation/'),
      )!;

      // At 390 px the prefilled form only; at 1280 px the whole way (the invitation is used after it).
      for (const width of [390, 1280]) {
        const { context, page } = await newPage(browser, width, width === 390 ? 844 : 900);
        await page.goto(invitationLink);
        await page.getByRole('heading', { name: 'Join the team of Bright Futures Demo' }).waitFor();
        await page.getByRole('main').getByRole('link', { name: 'Sign up!' }).click();
        await page.waitForURL(/\/signup\?email=/);
        expect(await page.getByLabel('Email').inputValue()).toBe(invited);
        await screenshot(page, `invitation-sign-up-prefilled-${width}`);
        if (width === 390) {
          await context.close();
          continue;
        }
        await page.getByLabel('First name').fill('Nora');
        await page.getByLabel('Last name').fill('Staff');
        await page.getByRole('textbox', { name: 'Password', exact: true }).fill('nora-staff-pass-2026');
        await page.getByRole('button', { name: 'Create account' }).click();
        await page.getByRole('heading', { name: 'Check your email' }).waitFor();
        const verify = linksIn(await mailTo(invited, '/verify-email')).find((l) =>
          l.includes('/verify-email'),
        )!;
        expect(new URL(verify).searchParams.get('callbackURL')).toBe(new URL(invitationLink).pathname);
        await page.goto(verify);
        await page.waitForURL((url) => url.pathname === new URL(invitationLink).pathname);
        const modal = page.getByRole('dialog', { name: 'Welcome to Bright Futures Demo!' });
        await modal.waitFor();
        // Behind the dialog: the invitation, for a signed-in person.
        await page.getByRole('button', { name: 'Accept and join' }).waitFor({ state: 'attached' });
        await screenshot(page, 'invitation-dialog-1280');
        await modal.getByRole('button', { name: 'Close' }).click();
        await page.getByRole('button', { name: 'Accept and join' }).click();
        await page.getByText('You have joined the team of Bright Futures Demo.').waitFor();
        await context.close();
      }
    },
  );
});

describe('signing in through the OpenID Connect provider', () => {
  it('goes to the provider and back with a code, and opens the new-user modal for a first login', async () => {
    const oidc = inject('oidc');
    const { context, page } = await newPage(browser);
    await page.goto(siteUrl('demo', '/contact'));
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/login/);

    const authorize = page.waitForRequest((request) => new URL(request.url()).pathname === '/auth');
    await page.getByRole('button', { name: oidc.buttonLabel }).click();
    const authUrl = new URL((await authorize).url());
    expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authUrl.searchParams.get('code_challenge')).toBeTruthy();
    expect(authUrl.searchParams.get('redirect_uri')).toBe(siteUrl('demo', '/api/auth/callback/oidc'));

    // The provider's own login page.
    await page.getByLabel('Login').fill(oidc.login);
    await page.getByRole('button', { name: 'Sign in' }).click();

    // Back on the demo site, signed in, on the page the person left.
    await page.waitForURL((url) => url.host === new URL(siteUrl('demo')).host && url.pathname === '/contact');
    const modal = page.getByRole('dialog', { name: 'Welcome to Bright Futures Demo!' });
    await modal.waitFor();
    const session = await page.evaluate(async () => (await fetch('/api/auth/get-session')).json());
    expect(session.user.email).toBe(oidc.email);
    await context.close();
  });
});
