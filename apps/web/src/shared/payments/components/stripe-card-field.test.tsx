import { MESSAGES } from '@kinship/domain';
import { createRef, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadPart } from '../../../i18n/catalogue';
import { buildPartner } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import type { CardFieldHandle } from '../utils/payment-method-result';

const stripeState = vi.hoisted(() => ({
  stripe: null as null | { createPaymentMethod: ReturnType<typeof vi.fn> },
  card: null as null | object,
  loadStripe: vi.fn(),
  options: undefined as undefined | { locale?: string },
}));

vi.mock('@stripe/stripe-js', () => ({ loadStripe: stripeState.loadStripe }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children, options }: { children: ReactNode; options?: { locale?: string } }) => {
    stripeState.options = options;
    return children;
  },
  CardElement: () => <div data-testid="card-element" />,
  useStripe: () => stripeState.stripe,
  useElements: () => ({ getElement: () => stripeState.card }),
}));

const { StripeCardField } = await import('./stripe-card-field');

function mount() {
  const ref = createRef<CardFieldHandle>();
  renderWithProviders(
    <StripeCardField publishableKey="pk_test_kinship" stripeAccount="acct_partner" ref={ref} />,
  );
  return ref;
}

afterEach(() => {
  stripeState.stripe = null;
  stripeState.card = null;
});

describe('StripeCardField', () => {
  it('loads Stripe.js with the publishable key on the partner’s connected account', () => {
    mount();
    expect(stripeState.loadStripe).toHaveBeenCalledWith('pk_test_kinship', { stripeAccount: 'acct_partner' });
  });

  it('answers "stripe not loaded" before Stripe.js is there', async () => {
    const ref = mount();
    expect(await ref.current!.createPaymentMethod()).toEqual({
      error: MESSAGES.stripeNotLoaded,
      paymentMethod: null,
    });
    expect(MESSAGES.stripeNotLoaded).toBe('stripe not loaded');
  });

  it('answers "Could not find card element" without a card element', async () => {
    stripeState.stripe = { createPaymentMethod: vi.fn() };
    const ref = mount();
    expect(await ref.current!.createPaymentMethod()).toEqual({
      error: 'Could not find card element',
      paymentMethod: null,
    });
  });

  it('turns the card element into a payment method, or passes the provider’s card error on', async () => {
    const card = { kind: 'card-element' };
    stripeState.card = card;
    stripeState.stripe = {
      createPaymentMethod: vi
        .fn()
        .mockResolvedValueOnce({ paymentMethod: { id: 'pm_stripe_1' } })
        .mockResolvedValueOnce({ error: { message: 'Your card number is incomplete.' } }),
    };
    const ref = mount();
    expect(await ref.current!.createPaymentMethod()).toEqual({ error: null, paymentMethod: 'pm_stripe_1' });
    expect(stripeState.stripe.createPaymentMethod).toHaveBeenCalledWith({ type: 'card', card });
    expect(await ref.current!.createPaymentMethod()).toEqual({
      error: 'Your card number is incomplete.',
      paymentMethod: null,
    });
  });

  it('creates Stripe Elements in the page’s language', async () => {
    mount();
    expect(stripeState.options).toEqual({ locale: 'en' });
    await loadPart('fr-CA', 'public');
    renderWithProviders(<StripeCardField publishableKey="pk_test_kinship" stripeAccount={null} />, {
      partner: buildPartner({ currency: 'cad', defaultLocale: 'en-CA', locales: ['en-CA', 'fr-CA'] }),
      locale: 'fr-CA',
    });
    expect(stripeState.options).toEqual({ locale: 'fr-CA' });
  });
});
