import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { linksIn, readEml } from '../../apps/server/test/eml.ts';
import { launchBrowser, newPage, screenshot, signIn, siteUrl } from '../support/browser.ts';

/**
 * Dashboard part 3 (issue 14 items 3 to 5): the platform administrator creates a partner, opens its
 * site by subdomain and its dashboard (the setup checklist shows); the demo partner's administrator
 * invites a teammate limited to one program, who signs up from the mailed link and sees only that
 * program's records; the audit log shows these writes with who did them.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const STAMP = Date.now().toString(36);
const SUBDOMAIN = `e2e-${STAMP}`;
const PARTNER_NAME = `Harbor Lights ${STAMP}`;
const INVITEE = `tess.${STAMP}@example.org`;
const PROGRAM = 'Antigua Community School';

/** The newest mail to `to` holding a link that contains `linkPart`, waiting for the outbox or the mailer. */
async function mailTo(to: string, linkPart: string): Promise<ReturnType<typeof readEml>> {
  const dir = inject('mailDir');
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')) : [];
    const mails = files
      .map((f) => readEml(fs.readFileSync(path.join(dir, f), 'utf8')))
      .filter((mail) => mail.to.includes(to) && linksIn(mail).some((l) => l.includes(linkPart)));
    if (mails.length > 0) return mails[mails.length - 1]!;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail to ${to} in ${dir}`);
}

async function api<T>(page: Page, p: string): Promise<{ status: number; body: T }> {
  return page.evaluate(async (url) => {
    const res = await fetch(url, { headers: { accept: 'application/json' }, cache: 'no-store' });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // plain text
    }
    return { status: res.status, body: body as never };
  }, p);
}

describe('team, audit log and platform console', () => {
  it('a platform administrator creates a partner, opens its site by subdomain and its dashboard with the checklist', async () => {
    const { context, page } = await newPage(browser, 1280, 1000);
    await signIn(page, 'kinship', 'admin@kinship.example.org', 'kinship-admin-2026');
    await page.goto(siteUrl('kinship', '/dashboard/platform'));
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: 'Platform console', level: 1 }).waitFor();
    await main.getByText('Bright Futures Demo', { exact: true }).waitFor();
    await screenshot(page, 'platform-console-1280');

    await main.getByLabel('Subdomain').fill('www');
    await main.getByRole('textbox', { name: /^Name/ }).fill(PARTNER_NAME);
    await main.getByRole('button', { name: 'Create partner' }).click();
    await main.getByText('This subdomain is reserved.').waitFor();

    await main.getByLabel('Subdomain').fill(SUBDOMAIN);
    await main.getByLabel('EIN or business number').fill('12-3456789');
    await main.getByLabel('Principal contact', { exact: true }).fill('Ada Principal');
    await main.getByLabel('Account manager', { exact: true }).fill('Sam Manager');
    await main.getByRole('button', { name: 'Create partner' }).click();
    await main.getByText(`${PARTNER_NAME} is created.`).waitFor();
    await main.getByText(PARTNER_NAME, { exact: true }).waitFor();

    // Its site answers at its subdomain at once, with an empty state.
    const site = await context.newPage();
    await site.goto(siteUrl(SUBDOMAIN, '/'));
    await site.getByText(PARTNER_NAME).first().waitFor();
    await screenshot(site, 'new-partner-site-1280');

    // Its dashboard (sessions belong to each site: the administrator signs in there) shows the checklist.
    await signIn(site, SUBDOMAIN, 'admin@kinship.example.org', 'kinship-admin-2026');
    await site.goto(siteUrl(SUBDOMAIN, '/dashboard'));
    const checklist = site.getByRole('region', { name: 'Set up your site' });
    await checklist.waitFor();
    await checklist.getByText('0 of 6 done').waitFor();
    for (const step of [
      'Add your logo or header image',
      'Create a sponsored type with a plan',
      'Invite your team',
    ])
      await checklist.getByRole('link', { name: step }).waitFor();
    await screenshot(site, 'new-partner-checklist-1280');

    // The partner's creation is in its audit log, with who did it.
    await site.goto(siteUrl(SUBDOMAIN, '/dashboard/audit'));
    const row = site.getByRole('row').filter({ hasText: 'partner.created' });
    await row.waitFor();
    // The platform administrator of the seed (Alex Rivera) with their role at partner 1.
    expect(await row.textContent()).toContain('Alex Rivera');
    await context.close();
  }, 240_000);

  it('an administrator invites a teammate limited to one program, who signs up from the mail and sees only that program', async () => {
    const admin = await newPage(browser, 1280, 1000);
    await signIn(admin.page, 'demo', 'partner-admin@demo.example.org', 'demo-admin-2026');
    await admin.page.goto(siteUrl('demo', '/dashboard/team'));
    const main = admin.page.getByRole('main');
    await main.getByRole('heading', { name: 'Team', level: 1 }).waitFor();
    await main.getByText('program-admin@demo.example.org', { exact: true }).waitFor();
    const invite = main.getByRole('region', { name: 'Invite a person' });
    await invite.getByLabel('Email').fill(INVITEE);
    await invite.getByRole('checkbox', { name: 'Management', exact: true }).check();
    await invite.getByLabel('Limit to programs').click();
    await admin.page.getByRole('option', { name: PROGRAM }).click();
    await admin.page.keyboard.press('Escape');
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await invite.getByText(`Invitation sent to ${INVITEE}.`).waitFor();
    const invitations = main.getByRole('region', { name: 'Invitations' });
    await invitations.getByRole('row').filter({ hasText: INVITEE }).getByText('pending').waitFor();
    await screenshot(admin.page, 'team-1280');

    // The invitee opens the mailed link, signs up there and comes back to the invitation.
    const mail = await mailTo(INVITEE, '/invitation/');
    expect(mail.subject).toBe('You are invited to join Bright Futures Demo');
    const link = linksIn(mail).find((l) => l.includes('/invitation/'))!;
    expect(new URL(link).host).toBe(new URL(siteUrl('demo')).host);
    const { context, page } = await newPage(browser, 390, 844);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Join the team of Bright Futures Demo' }).waitFor();
    await page.getByText(`for ${PROGRAM}`).waitFor();
    await screenshot(page, 'invitation-390');
    await page.getByRole('main').getByRole('link', { name: 'Sign up!' }).click();
    await page.getByLabel('First name').fill('Tess');
    await page.getByLabel('Last name').fill('Teammate');
    await page.getByLabel('Email').fill(INVITEE);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('tess-team-pass-2026');
    await page.getByRole('button', { name: 'Create account' }).click();
    const verify = await mailTo(INVITEE, '/verify-email');
    const verifyLink = linksIn(verify).find((l) => l.includes('/verify-email'))!;
    await page.goto(verifyLink);
    await page.waitForURL(/\/invitation\//);
    const modal = page.getByRole('dialog', { name: 'Welcome to Bright Futures Demo!' });
    await modal.waitFor();
    await modal.getByRole('textbox', { name: 'Address', exact: true }).fill('3 Harbor Road');
    await modal.getByLabel('City').fill('Austin');
    await modal.getByLabel('State/Province').fill('TX');
    await modal.getByLabel('Zip').fill('78701');
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.waitFor({ state: 'hidden' });

    // Before joining there is no Administration link; after, it is there at once (the account
    // menu is in the top bar at desktop width).
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: /^Account menu for / }).click();
    expect(await page.getByRole('menuitem', { name: 'Administration' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Accept and join' }).click();
    await page.getByText('You have joined the team of Bright Futures Demo.').waitFor();
    await page.getByRole('button', { name: /^Account menu for / }).click();
    await page.getByRole('menuitem', { name: 'Administration' }).waitFor();
    await page.keyboard.press('Escape');

    // Only the program's records, in the API and on the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(siteUrl('demo', '/dashboard/records'));
    await page.getByRole('heading', { name: 'Records', level: 1 }).waitFor();
    const partner = await api<{ partnerSponsoredTypes: { id: number; sponsoredTypesId: number }[] }>(
      page,
      '/api/partners/demo',
    );
    const students = partner.body.partnerSponsoredTypes.find((t) => t.sponsoredTypesId === 1)!.id;
    const rows = await api<{ entitiesId: number; program: string | null }[]>(
      page,
      `/api/dashboard/records?partnersId=2&type=${students}&pageSize=200`,
    );
    expect(rows.status).toBe(200);
    expect(rows.body.length).toBeGreaterThan(0);
    expect(new Set(rows.body.map((r) => r.entitiesId))).toEqual(new Set([1]));
    await screenshot(page, 'invitee-records-390');
    await context.close();

    // The invitation is accepted, and the audit log shows both writes with who did them.
    await admin.page.goto(siteUrl('demo', '/dashboard/audit'));
    const audit = admin.page.getByRole('main');
    await audit.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
    const created = audit.getByRole('row').filter({ hasText: 'invitation.created' }).first();
    await created.waitFor();
    // The demo partner's administrator of the seed.
    expect(await created.textContent()).toContain('Dana Brooks');
    const accepted = audit.getByRole('row').filter({ hasText: 'invitation.accepted' }).first();
    await accepted.waitFor();
    expect(await accepted.textContent()).toContain('Tess Teammate');
    await screenshot(admin.page, 'audit-log-1280');
    await admin.page.setViewportSize({ width: 390, height: 844 });
    await screenshot(admin.page, 'audit-log-390');
    await admin.page.goto(siteUrl('demo', '/dashboard/team'));
    await admin.page.getByRole('main').getByRole('heading', { name: 'Team', level: 1 }).waitFor();
    await screenshot(admin.page, 'team-390');
    await admin.context.close();
  }, 240_000);
});
