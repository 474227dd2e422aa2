import fs from 'node:fs';
import path from 'node:path';
import { CARD_MESSAGES, MESSAGES, PAYMENT_METHOD_DISPLAY_NAMES, paymentNotice } from '@kinship/domain';
import { renderHook, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadPart } from '../../i18n/catalogue';
import { json, stubApi } from '../../test/api-stub';
import { buildPartner, sandboxPaymentConfig, signedIn, buildCanadianPartner } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { PartnerContext } from '../partner/partner-context';
import { cardFieldMessages } from './components/card-field';
import { PaymentMethodPicker } from './components/payment-method-picker';
import { cardRuleMessages } from './components/sandbox-card-field';
import { stripeCardMessages } from './components/stripe-card-field';
import { testCardMessages } from './components/test-card-notice';
import { usePaymentNotice } from './use-payment-notice';
import { paymentMethodTypeMessages } from './utils/payment-method-label';

const source = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../../../../../lang/en-US.json'), 'utf8'),
) as Record<string, string>;

const maple = buildCanadianPartner({
  name: 'Maple Kids',
  demoMode: true,
});

beforeAll(async () => {
  await loadPart('fr-CA', 'public');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the payment texts’ catalogue', () => {
  it('keeps the domain’s English word for word', () => {
    for (const key of Object.keys(CARD_MESSAGES) as (keyof typeof CARD_MESSAGES)[]) {
      expect(source[cardRuleMessages[key].id]).toBe(CARD_MESSAGES[key]);
    }
    for (const [type, name] of Object.entries(PAYMENT_METHOD_DISPLAY_NAMES)) {
      expect(source[paymentMethodTypeMessages[type as keyof typeof paymentMethodTypeMessages].id]).toBe(name);
    }
    expect(source[cardFieldMessages.notConfigured.id]).toBe(MESSAGES.notConfiguredForPayments);
    expect(source[stripeCardMessages.notLoaded.id]).toBe(MESSAGES.stripeNotLoaded);
    expect(source[stripeCardMessages.elementMissing.id]).toBe(MESSAGES.cardElementMissing);
    expect(source[testCardMessages.notice.id]).toBe(MESSAGES.demoTestCard);
  });

  it('says the payment and tax notice as the domain does, in English', () => {
    for (const partner of [
      buildPartner(),
      buildPartner({ ein: '12-3456789', countriesId: 10 }),
      buildPartner({ ein: '123456789RR0001', countriesId: 8 }),
      buildPartner({ ein: 'X1', countriesId: 3 }),
    ]) {
      const wrapper = ({ children }: { children: ReactNode }) => (
        <PartnerContext.Provider value={partner}>
          <IntlProvider locale="en-US" defaultLocale="en-US">
            {children}
          </IntlProvider>
        </PartnerContext.Provider>
      );
      expect(renderHook(() => usePaymentNotice(), { wrapper }).result.current).toEqual(
        paymentNotice(partner),
      );
    }
  });
});

describe('the payment method picker in French', () => {
  it('names the tabs and a saved card in French, with the test cards of a demo site', async () => {
    stubApi({
      'GET /api/payments/config': json(sandboxPaymentConfig),
      'GET /api/payments/7/paymentmethods': json([
        {
          id: 'pm_visa',
          type: 'card',
          card: { brand: 'visa', last4: '4242', expMonth: 3, expYear: 2031 },
          usBankAccount: null,
          acssDebit: null,
          isDefault: true,
          lastPaymentFailed: true,
        },
      ]),
    });
    renderWithProviders(<PaymentMethodPicker usersId={7} onPaymentMethod={vi.fn()} />, {
      partner: maple,
      locale: 'fr-CA',
      me: signedIn(),
    });
    expect(await screen.findByRole('tab', { name: 'Mode de paiement enregistré' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('tab', { name: 'Nouvelle carte' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Mode de paiement enregistré' })).toHaveValue(
      'Visa •••• 4242, exp. 03/2031 (dernier paiement refusé)',
    );
    const notice = await screen.findByRole('note', { hidden: true });
    expect(within(notice).getByText('Site de démonstration')).toBeInTheDocument();
    expect(notice).toHaveTextContent('4000 0000 0000 0002 est refusée');
  });
});
