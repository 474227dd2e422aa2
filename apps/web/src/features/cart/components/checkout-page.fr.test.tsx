import fs from 'node:fs';
import path from 'node:path';
import { MESSAGES } from '@kinship/domain';
import { screen, within } from '@testing-library/react';
import { createIntl } from 'react-intl';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadPart } from '../../../i18n/catalogue';
import { addToCart, clearCart } from '../../../shared/cart/cart-store';
import { json, stubApi } from '../../../test/api-stub';
import { buildUser, sandboxPaymentConfig, signedIn, buildCanadianPartner } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { cartMessages } from '../messages';
import { CheckoutPage } from './checkout-page';

const source = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../../../../../../lang/en-US.json'), 'utf8'),
) as Record<string, string>;
const english = createIntl({ locale: 'en-US', defaultLocale: 'en-US' });
const spaces = (value: string | null) => (value ?? '').replace(/[\u00a0\u202f]/g, ' ');

const maple = buildCanadianPartner();
const record = {
  id: 42,
  firstName: 'Ana',
  lastName: 'Lopez',
  title: null,
  sponsoredTypesId: 1,
  profileImagePath: null,
  monthlyAmount: 123456,
  maxSlots: 3,
  slotsFilled: 0,
  partnerSponsoredTypesId: 1,
  isSponsor: false,
};

beforeAll(async () => {
  await loadPart('fr-CA', 'public');
});

afterEach(() => {
  clearCart();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the cart’s catalogue', () => {
  it('keeps the spec’s texts (domain MESSAGES) word for word in English', () => {
    expect(source[cartMessages.empty.id]).toBe(MESSAGES.cartEmpty);
    expect(source[cartMessages.issues.id]).toBe(MESSAGES.cartIssues);
    expect(source[cartMessages.invalidItem.id]).toBe(MESSAGES.invalidCartItem);
    expect(source[cartMessages.loginRequired.id]).toBe(MESSAGES.checkoutLoginRequired);
    expect(source[cartMessages.thankYou.id]).toBe(MESSAGES.checkoutThankYou);
    expect(source[cartMessages.billingErrorTitle.id]).toBe(MESSAGES.billingErrorTitle);
    expect(english.formatMessage(cartMessages.alreadySponsor, { name: 'Ana Lopez' })).toBe(
      MESSAGES.alreadySponsor('Ana Lopez'),
    );
    expect(english.formatMessage(cartMessages.checkoutError, { message: 'Card declined' })).toBe(
      MESSAGES.checkoutError('Card declined'),
    );
    expect(english.formatMessage(cartMessages.billingErrorBody, { error: 'Card declined.' })).toBe(
      MESSAGES.billingErrorBody('Card declined.'),
    );
  });
});

describe('/checkout in French', () => {
  it('says the cart is empty', () => {
    renderWithProviders(<CheckoutPage />, { partner: maple, locale: 'fr-CA', route: '/checkout' });
    expect(screen.getByRole('heading', { name: 'Paiement' })).toBeInTheDocument();
    expect(screen.getByText('Votre panier est vide')).toBeInTheDocument();
  });

  it('prices the cart in Canadian dollars and pays it, all in French', async () => {
    addToCart({ id: '42', sponsoredsId: 42, quantity: 1 });
    const api = stubApi({
      'GET /api/sponsoreds/42': json(record),
      'GET /api/payments/config': json(sandboxPaymentConfig),
      'GET /api/payments/7/paymentmethods': json([]),
      'POST /api/sandbox/paymentmethods': json({
        id: 'pm_sandbox_fr',
        card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
      }),
      'POST /api/payments/checkout/month': json({ invoice: '/receipts/fr1' }),
      'GET /api/users/getByToken': json(buildUser()),
    });
    const { user } = renderWithProviders(<CheckoutPage />, {
      partner: maple,
      locale: 'fr-CA',
      route: '/checkout',
      me: signedIn(),
    });

    const row = await screen.findByRole('listitem', { name: 'Ana Lopez' });
    expect(within(row).getByText('1 place')).toBeInTheDocument();
    expect(
      spaces(
        within(row)
          .getByText(/par mois/)
          .closest('p')!.textContent,
      ),
    ).toBe('1 234,56 $ par mois');
    expect(within(row).getByRole('button', { name: 'Retirer Ana Lopez' })).toBeInTheDocument();
    expect(screen.getByText('Fréquence de paiement')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Mensuel' })).toBeChecked();
    expect(
      screen.getByText(
        (_, element) =>
          spaces(element?.textContent ?? null) === 'Coup de pouce (5,00 %)' && element?.tagName === 'P',
      ),
    ).toBeInTheDocument();
    expect(spaces(screen.getByTestId('cart-base').textContent)).toBe('1 234,56 $');
    expect(spaces(screen.getByTestId('cart-total').textContent)).toBe('1 296,29 $ par mois');

    await user.click(screen.getByRole('button', { name: 'Paiement' }));
    expect(await screen.findByRole('heading', { name: 'Vos coordonnées' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Courriel pour votre reçu/)).toHaveValue('sam@example.com');
    await user.type(await screen.findByLabelText('Numéro de carte'), '4242424242424242');
    await user.type(screen.getByLabelText('Expiration (MM/AA)'), '1230');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(screen.getByRole('button', { name: 'Payer maintenant' }));

    expect(await screen.findByRole('heading', { name: 'Merci de votre parrainage!' })).toBeInTheDocument();
    expect(
      screen.getByText('Votre parrainage est actif. Un reçu a été envoyé à sam@example.com.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voir votre reçu' })).toHaveAttribute('href', '/receipts/fr1');
    expect(api.callsTo('POST /api/payments/checkout/month')[0]!.body).toMatchObject({
      baseAmount: 123456,
      additionalAmount: 6173,
    });
  });
});
