import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readEml } from '../../apps/server/test/eml.ts';
import { launchBrowser, newPage, screenshot, signIn, siteUrl } from '../support/browser.ts';

/**
 * Issue 21, items 8 and 9 and the audit log, in Chromium: a donor's receipt after a checkout is
 * from the partner's name with Reply-To the partner's support address; a refund and a dispute
 * made at the payment provider (the sandbox gateway's signed webhook events, as the provider
 * delivers them) show in the staff Donations section; the audit log reads names and money
 * ("Lightning sponsorships", "$19.50", role names), not ids and cents.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const ADMIN = ['partner-admin@demo.example.org', 'demo-admin-2026'] as const;
/** The demo partner's sandbox account and two of its seeded card payments (apps/server/src/seed/demo-giving.ts). */
const DEMO_ACCOUNT = 'acct_sandbox_demo';
const MARCUS = { email: 'marcus.gift@donors.example', charge: 'ch_sbx_demo_marcus' };
const OLIVIA = { email: 'olivia.refund@donors.example', charge: 'ch_sbx_demo_olivia' };

/** The newest mail to `to` that `has`, waiting for the outbox to write it. */
async function mailTo(
  to: string,
  has: (mail: ReturnType<typeof readEml>) => boolean,
): Promise<ReturnType<typeof readEml>> {
  const dir = inject('mailDir');
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')) : [];
    const mails = files
      .map((f) => readEml(fs.readFileSync(path.join(dir, f), 'utf8')))
      .filter((mail) => mail.to.includes(to) && has(mail));
    if (mails.length > 0) return mails[mails.length - 1]!;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no such mail to ${to} in ${dir}`);
}

/**
 * Delivers an event as the payment provider does: signed with the sandbox's webhook secret (derived
 * from the server's AUTH_SECRET as in sandbox-gateway.ts, written out here so the journey checks it).
 */
async function deliver(event: Record<string, unknown>): Promise<void> {
  const secret = `whsec_${createHmac('sha256', inject('authSecret')).update('kinship:sandbox-webhook:v1').digest('base64url')}`;
  const body = JSON.stringify(event);
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  const res = await fetch(`http://127.0.0.1:${inject('port')}/api/payments/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': `t=${t},v1=${v1}` },
    body,
  });
  expect(res.status, await res.text()).toBe(200);
}

const eventId = () => `evt_sbx_${randomBytes(12).toString('hex')}`;

/** The staff Donations row of a donor, found by the search. */
async function donationRow(page: Page, email: string) {
  await page.goto(siteUrl('demo', '/dashboard/donations'));
  const main = page.getByRole('main');
  await main.getByRole('heading', { name: 'Donations', level: 1 }).waitFor();
  await main.getByRole('textbox', { name: /Search donor/ }).fill(email);
  const row = page.locator('tbody tr', { hasText: email });
  await row.waitFor();
  await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1);
  return row;
}

describe('partner mail, outside refunds and disputes, and the audit log', () => {
  it('a donor’s receipt is from the partner’s name, with Reply-To the partner’s support address', async () => {
    const email = `mail.${Date.now().toString(36)}@example.org`;
    const { context, page } = await newPage(browser, 390, 844);
    await page.goto(siteUrl('demo', '/donate'));
    await page.getByRole('group', { name: 'Quick amounts' }).getByRole('button', { name: '$25' }).click();
    await page.getByLabel('First name').fill('Mae');
    await page.getByLabel('Last name').fill('Mailer');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await page.getByLabel('ZIP / Postal code').fill('78701');
    await page.getByRole('button', { name: 'Donate $25.00' }).click();
    await page.getByRole('heading', { name: 'Thank you for your donation!' }).waitFor({ timeout: 30_000 });
    await screenshot(page, 'partner-mail-donation-done-390');
    await context.close();

    const receipt = await mailTo(email, (m) => m.text.includes('/receipts/'));
    expect(receipt.from.name).toBe('Bright Futures Demo');
    expect(receipt.from.address).toMatch(/^no-reply@/);
    expect(receipt.replyTo).toBe('hello@brightfutures.example');
  });

  it('a refund made at the payment provider shows in the staff Donations section, once', async () => {
    const refund = {
      refundId: `re_sbx_${randomBytes(12).toString('hex')}`,
      paymentRefs: [MARCUS.charge],
      amount: 1950,
      status: 'succeeded',
      kinshipKey: null,
    };
    const created = new Date().toISOString();
    const events = [
      { id: eventId(), type: 'refund.updated', refund, accountId: DEMO_ACCOUNT, created },
      {
        id: eventId(),
        type: 'charge.refunded',
        paymentRefs: [MARCUS.charge],
        refunds: [refund],
        accountId: DEMO_ACCOUNT,
        created,
      },
    ];
    // In either order, and twice: the refund is counted once.
    for (const event of [events[1]!, events[0]!, events[1]!]) await deliver(event);

    for (const width of [1280, 390]) {
      const { context, page } = await newPage(browser, width, 900);
      await signIn(page, 'demo', ...ADMIN);
      const row = await donationRow(page, MARCUS.email);
      await row.getByText('Partly refunded').waitFor();
      await row.getByText('$19.50 refunded').waitFor();
      await row.getByText('Refunded at the payment provider').waitFor();
      // On a phone the table scrolls sideways: the status cell is brought into view.
      await row.getByText('Refunded at the payment provider').scrollIntoViewIfNeeded();
      await screenshot(page, `donations-outside-refund-${width}`);
      await context.close();
    }
  });

  it('a dispute at the payment provider shows its stage in the staff Donations section', async () => {
    const dispute = (status: string) => ({
      id: eventId(),
      type: 'dispute.updated',
      dispute: {
        disputeId: `dp_${OLIVIA.charge}`,
        paymentRefs: [OLIVIA.charge],
        amount: 2500,
        status,
        reason: 'fraudulent',
      },
      accountId: DEMO_ACCOUNT,
      created: new Date().toISOString(),
    });
    await deliver(dispute('needs_response'));

    const { context, page } = await newPage(browser, 1280, 900);
    await signIn(page, 'demo', ...ADMIN);
    const row = await donationRow(page, OLIVIA.email);
    await row.getByText('Disputed: a response is needed · $25.00').waitFor();
    await screenshot(page, 'donations-outside-dispute-1280');
    await context.close();

    await deliver(dispute('under_review'));
    const phone = await newPage(browser, 390, 844);
    await signIn(phone.page, 'demo', ...ADMIN);
    const again = await donationRow(phone.page, OLIVIA.email);
    await again.getByText('Dispute under review · $25.00').scrollIntoViewIfNeeded();
    await screenshot(phone.page, 'donations-outside-dispute-390');
    await phone.context.close();
  });

  it('the audit log reads features, money and roles by name', async () => {
    const { context, page } = await newPage(browser, 1280, 900);
    await signIn(page, 'demo', ...ADMIN);
    const main = page.getByRole('main');

    // Lightning sponsorships off and on again in Settings (the demo keeps the feature).
    for (const on of [false, true]) {
      await page.goto(siteUrl('demo', '/dashboard/settings'));
      await main.getByRole('tab', { name: 'Site and features' }).click();
      const lightning = main.getByRole('switch', { name: /^Lightning sponsorships/ });
      if (on) await lightning.check();
      else await lightning.uncheck();
      await main.getByRole('button', { name: 'Save settings' }).click();
      await main.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    }

    // A role given to a staff member and taken back, as the Team screen does it.
    const changed = await page.evaluate(async () => {
      const team = (await (await fetch('/api/dashboard/team?partnersId=2')).json()) as {
        usersId: number;
        email: string | null;
        roles: number[];
        entityIds: number[];
      }[];
      const member = team.find((m) => m.email === 'messages@demo.example.org')!;
      const put = (roles: number[]) =>
        fetch(`/api/dashboard/team/${member.usersId}?partnersId=2`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ roles, entityIds: member.entityIds }),
        }).then((res) => res.status);
      return [await put([...member.roles, 3]), await put(member.roles)];
    });
    expect(changed).toEqual([200, 200]);

    await page.goto(siteUrl('demo', '/dashboard/audit'));
    await main.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
    const rows = main.getByRole('row');
    await rows.filter({ hasText: 'Lightning sponsorships' }).first().waitFor();
    await rows.filter({ hasText: '$19.50' }).first().waitFor();
    await rows.filter({ hasText: 'Reporting' }).filter({ hasText: 'Messages' }).first().waitFor();
    const text = (await main.getByRole('table').innerText()).replace(/\s+/g, ' ');
    // Ids and cents stay out of what staff read.
    expect(text).not.toMatch(/Features: \[|Roles: \[|→ 1950|LightningSponsorships|DonorManagement/);
    await screenshot(page, 'audit-readable-1280');
    await context.close();

    const phone = await newPage(browser, 390, 844);
    await signIn(phone.page, 'demo', ...ADMIN);
    await phone.page.goto(siteUrl('demo', '/dashboard/audit'));
    const change = phone.page.getByRole('cell').filter({ hasText: 'Lightning sponsorships' }).first();
    await change.waitFor();
    // The table has loaded (no fetch in flight), and its Changes column is scrolled into view.
    await phone.page.waitForLoadState('networkidle');
    await change.scrollIntoViewIfNeeded();
    await screenshot(phone.page, 'audit-readable-390');
    await phone.context.close();
  });
});
