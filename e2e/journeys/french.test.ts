import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { attachedPdf, decodeMimeWords, readEml } from '../../apps/server/test/eml.ts';
import { pdfText } from '../../apps/server/test/pdf-text.ts';
import { launchBrowser, screenshot, siteUrl } from '../support/browser.ts';

/**
 * Issue 23 in Chromium: the Canadian demo partner (maple, offering en-CA and fr-CA) seen by a
 * browser asking for French, on a phone: the page is French from its first byte (`lang="fr-CA"`),
 * the navigation, the empty cart and the donate page speak French, a donation of 1 234,56 $ goes
 * through, and its receipt mail and the PDF attached to it are French with Canadian French amounts. The language switch then
 * takes the visitor back to English.
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;
const DONOR = 'lea.fournier@example.ca';
const spaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'fr-CA' });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/** The newest mail to `to`, read, with its raw text (for its attachment). */
async function mailTo(to: string): Promise<ReturnType<typeof readEml> & { raw: string }> {
  const dir = inject('mailDir');
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')) : [];
    const mails = files
      .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
      .map((raw) => ({ ...readEml(raw), raw }))
      .filter((mail) => mail.to.includes(to));
    if (mails.length > 0) return mails[mails.length - 1]!;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail to ${to} in ${dir}`);
}

describe('a French-speaking donor on a phone', () => {
  it('gets the site in French from the first byte, with the navigation in French', async () => {
    const response = await page.goto(siteUrl('maple', '/'));
    expect(await response!.text()).toContain('<html lang="fr-CA">');
    expect(await page.locator('html').getAttribute('lang')).toBe('fr-CA');
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Principal' });
    for (const name of ['À propos', 'Contact', 'Faire un don', 'Se connecter']) {
      await menu
        .getByRole(name === 'Se connecter' ? 'button' : 'link', { name, exact: true })
        .first()
        .waitFor();
    }
    await screenshot(page, 'french-menu-390');
    await page.getByRole('dialog').getByRole('button', { name: 'Fermer le menu' }).click();
  });

  it('lists the students with French labels and Canadian French prices', async () => {
    await page.goto(siteUrl('maple', '/sponsored/board/students'));
    const main = page.getByRole('main');
    await main
      .getByText(/\/mois/)
      .first()
      .waitFor();
    expect(spaces(await main.innerText())).toMatch(/\d+,\d{2} \$\/mois/);
    await screenshot(page, 'french-listing-390');
  });

  it('shows the empty cart in French', async () => {
    await page.goto(siteUrl('maple', '/checkout'));
    await page.getByText('Votre panier est vide').waitFor();
    await screenshot(page, 'french-empty-cart-390');
  });

  it('donates 1 234,56 $ in French and gets a French receipt', async () => {
    await page.goto(siteUrl('maple', '/donate'));
    const amount = page.getByRole('spinbutton', { name: 'Montant' });
    await amount.fill('1234.56');
    await page.getByLabel('Prénom').fill('Léa');
    await page.getByLabel('Nom de famille').fill('Fournier');
    await page.getByLabel('Courriel').fill(DONOR);
    await page.getByLabel('Numéro de carte').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiration (MM/AA)').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await page.getByLabel('Code postal').fill('H2X 1Y4');
    await screenshot(page, 'french-donate-390', { fullPage: true });
    const submit = page.getByRole('button', { name: /^Donner / });
    expect(spaces(await submit.innerText())).toBe('Donner 1 234,56 $');
    await submit.click();
    await page.getByRole('heading', { name: 'Merci de votre don!' }).waitFor({ timeout: 30_000 });
    expect(spaces(await page.getByRole('main').innerText())).toContain('1 234,56 $');
    await screenshot(page, 'french-donation-thanks-390');

    const mail = await mailTo(DONOR);
    expect(spaces(mail.text)).toContain('1 234,56 $');
    expect(decodeMimeWords(mail.subject)).toBe('Votre reçu de Maple Schools Network');
    expect(spaces(mail.text)).toContain('Merci pour votre don à Maple Schools Network.');
    // The receipt PDF attached to it is French too, with the amount in Canadian French form.
    const pdf = attachedPdf(mail.raw);
    expect(pdf, 'the receipt PDF').not.toBeNull();
    const text = spaces(pdfText(pdf!)).replace(/\s+/g, ' ');
    expect(text).toContain('Reçu de paiement');
    expect(text).toContain('1 234,56 $');
    expect(text).not.toMatch(/Payment receipt/);
  });

  it('shows the landing page in French on a wide screen, with the switch in the navigation', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(siteUrl('maple', '/'));
    const nav = page.getByRole('navigation', { name: 'Principal' });
    await nav.getByRole('link', { name: 'À propos', exact: true }).waitFor();
    await page.getByRole('banner').getByRole('button', { name: 'English' }).waitFor();
    await screenshot(page, 'french-landing-1280');
    await page.setViewportSize({ width: 390, height: 844 });
  });

  it('switches back to English with the language switch', async () => {
    await page.goto(siteUrl('maple', '/'));
    await page.getByRole('contentinfo').getByRole('button', { name: 'English' }).click();
    await page.waitForFunction(() => document.documentElement.lang === 'en-CA');
    await page.getByRole('contentinfo').getByRole('link', { name: 'About', exact: true }).waitFor();
    // The choice is remembered: the next page is English from its first byte.
    const response = await page.goto(siteUrl('maple', '/about'));
    expect(await response!.text()).toContain('<html lang="en-CA">');
  });
});
