import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubApi, text } from '../../../test/api-stub';
import { buildUser, signedIn, signedOut } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { readCart } from '../../../shared/cart/cart-store';
import { LinkPage } from './link-page';

describe('/link/{redeemCode?}', () => {
  it('asks a visitor to sign in or sign up first', () => {
    stubApi({});
    renderWithProviders(<LinkPage />, {
      me: signedOut,
      route: '/link/GRACE7KS2H',
      path: '/link/:redeemCode?',
    });
    expect(screen.getByText('Sign in or sign up first')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/Link code/)).not.toBeInTheDocument();
  });

  it('fills the code from the address, links it and offers to pay it by card (a conversion line)', async () => {
    const api = stubApi({
      'POST /api/link': json({ id: 9, sponsoredsId: 42, name: 'Grade 3 Class', numSlots: 1 }),
      'GET /api/users/getByToken': json(buildUser()),
    });
    const { user } = renderWithProviders(<LinkPage />, {
      me: signedIn(),
      route: '/link/grace7ks2h',
      path: '/link/:redeemCode?',
    });
    expect(screen.getByLabelText(/Link code/)).toHaveValue('GRACE-7KS2H');
    await user.click(screen.getByRole('button', { name: 'Link to my account' }));
    expect(
      await screen.findByText('Your sponsorship of Grade 3 Class (1 slot) is now in your account.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /api/link')[0]!.body).toEqual({ code: 'GRACE-7KS2H' });
    await user.click(screen.getByRole('button', { name: 'Pay by card' }));
    expect(readCart()).toEqual([{ id: '42', sponsoredsId: 42, quantity: 1, isConversion: true }]);
  });

  it("shows the server's refusal, and checks the code's shape before sending it", async () => {
    const api = stubApi({ 'POST /api/link': text('This link code has already been used.', 409) });
    const { user } = renderWithProviders(<LinkPage />, {
      me: signedIn(),
      route: '/link',
      path: '/link/:redeemCode?',
    });
    await user.type(screen.getByLabelText(/Link code/), 'ABC');
    await user.click(screen.getByRole('button', { name: 'Link to my account' }));
    expect(
      await screen.findByText(
        'A link code has 10 letters and digits, like K7MQP-3XWRT. It never uses 0, 1, I, L or O: these look alike, so they are left out.',
      ),
    ).toBeInTheDocument();
    // Ten characters, but a 1 is never in a code: the message says which characters codes use.
    await user.clear(screen.getByLabelText(/Link code/));
    await user.type(screen.getByLabelText(/Link code/), 'ABCDE-12345');
    await user.click(screen.getByRole('button', { name: 'Link to my account' }));
    expect(await screen.findByText(/It never uses 0, 1, I, L or O/)).toBeInTheDocument();
    expect(api.callsTo('POST /api/link')).toHaveLength(0);
    await user.clear(screen.getByLabelText(/Link code/));
    await user.type(screen.getByLabelText(/Link code/), 'ABCDE-FGHJK');
    await user.click(screen.getByRole('button', { name: 'Link to my account' }));
    expect(await screen.findByText('This link code has already been used.')).toBeInTheDocument();
  });
});
