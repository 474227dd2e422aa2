import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import { PlatformSection } from './components/platform-section';

afterEach(() => vi.unstubAllGlobals());

describe('the platform console', () => {
  it('asks for the Kinship plan by a readable name, says it is not a Stripe product, and sends its number', async () => {
    const api = stubApi({
      'GET /api/dashboard/platform/partners': json([]),
      'POST /api/dashboard/platform/partners': json({}, 400),
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderWithProviders(<PlatformSection />);
    const form = screen.getByRole('region', { name: 'Create a partner' });
    expect(within(form).queryByText(/by id/)).not.toBeInTheDocument();
    const plan = within(form).getByRole('textbox', { name: 'Kinship plan number (optional)' });
    expect(plan).toHaveAccessibleDescription(/It is not a Stripe product/);
    await user.type(within(form).getByRole('textbox', { name: /Subdomain/ }), 'hope');
    await user.type(within(form).getByRole('textbox', { name: /Name/ }), 'Hope');
    await user.type(plan, '3');
    await user.click(within(form).getByRole('button', { name: 'Create partner' }));
    await waitFor(() => expect(api.callsTo('POST /api/dashboard/platform/partners')).toHaveLength(1));
    expect(api.callsTo('POST /api/dashboard/platform/partners')[0]!.body).toMatchObject({
      subdomain: 'hope',
      name: 'Hope',
      productsId: 3,
    });
  });
});
