import { MESSAGES } from '@kinship/domain';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { OnboardRoute } from './onboard';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('OnboardRoute', () => {
  it.each(['/onboard', '/onboard?code=abc', '/onboard?state=xyz'])(
    'without both code and state (%s) it says the sequence is invalid and posts nothing',
    (route) => {
      const fetchMock = vi.fn();
      vi.stubGlobal('fetch', fetchMock);
      renderWithProviders(<OnboardRoute />, { route });
      expect(screen.getByRole('alert')).toHaveTextContent('Invalid onboarding sequence');
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );

  it('posts state and code, shows processing, then goes to the URL the server returns', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderWithProviders(<OnboardRoute />, { route: '/onboard?code=ac_123&state=st_456' });

    expect(screen.getByRole('status')).toHaveTextContent('Completing your onboarding…');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/partners/oauthonboard?partnersId=2');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ state: 'st_456', authorizationCode: 'ac_123' });

    answer(
      new Response(JSON.stringify({ redirectUrl: 'https://dashboard.example/welcome' }), { status: 200 }),
    );
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://dashboard.example/welcome'));
  });

  it('shows the failure with the server error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('The onboarding link has expired.', { status: 400 })),
    );
    renderWithProviders(<OnboardRoute />, { route: '/onboard?code=ac_123&state=st_456' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed onboarding: The onboarding link has expired. Please alert support.',
    );
    expect(MESSAGES.failedOnboarding('The onboarding link has expired')).toBe(
      'Failed onboarding: The onboarding link has expired. Please alert support.',
    );
  });
});
