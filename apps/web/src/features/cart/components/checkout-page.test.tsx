import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useNewUserDetailsRequests } from '../../../shared/auth/new-user-details';
import { addToCart } from '../../../shared/cart/cart-store';
import { json, stubApi } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import { CheckoutPage } from './checkout-page';

function DetailsRequests() {
  return <output aria-label="Details requests">{useNewUserDetailsRequests()}</output>;
}

describe('/checkout', () => {
  it('keeps the cart for a signed-in person whose details are not saved, and offers to open the details again', async () => {
    addToCart({ id: '42', sponsoredsId: 42, quantity: 1 });
    stubApi({
      'GET /api/sponsoreds/42': json({
        id: 42,
        firstName: 'Ana',
        lastName: 'Lopez',
        title: null,
        sponsoredTypesId: 1,
        profileImagePath: null,
        monthlyAmount: 3900,
        maxSlots: 1,
        slotsFilled: 0,
        partnerSponsoredTypesId: 1,
        isSponsor: false,
      }),
    });
    const { user } = renderWithProviders(
      <>
        <CheckoutPage />
        <DetailsRequests />
      </>,
      { me: { signedIn: true, isNew: true, user: null }, route: '/checkout' },
    );
    expect(
      await screen.findByText('Please complete your profile before making a payment.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
    const before = Number(screen.getByLabelText('Details requests').textContent);
    await user.click(screen.getByRole('button', { name: 'Complete my profile' }));
    expect(Number(screen.getByLabelText('Details requests').textContent)).toBe(before + 1);
  });
});
