import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMBEDDED_PARTNER_ID } from '@kinship/domain';
import { buildPartner } from '../test/fixtures';
import { App } from './app';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

function stubApi(partnerAnswer: () => Response) {
  const fetchMock = vi.fn(async (url: string) => {
    if (url.startsWith('/api/partners/')) return partnerAnswer();
    if (url === '/api/auth/get-session') return new Response('null', { status: 200 });
    if (url.startsWith('/api/users/getByToken'))
      return new Response('You must be logged in to do this.', { status: 401 });
    return new Response('No route', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('App', () => {
  it('loads the partner of this host, asks for the person only with a session (no 401 for a visitor), and brands the page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const partner = buildPartner({
      landingPageTemplatesId: 2,
      name: 'Bright Futures',
      tagline: 'Schools for all.',
    });
    const fetchMock = stubApi(() => new Response(JSON.stringify(partner), { status: 200 }));
    render(<App />);
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Schools for all.', level: 1 })).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/partners/current');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/get-session', expect.anything());
    expect(fetchMock.mock.calls.map(([url]) => url)).not.toContain('/api/users/getByToken?partnersId=2');
    expect(document.title).toBe('Bright Futures');
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute('content', 'Schools for all.');
    expect(document.querySelector('meta[property="og:title"]')).toHaveAttribute('content', 'Bright Futures');
    expect(document.querySelector('meta[property="og:site_name"]')).toHaveAttribute(
      'content',
      'Bright Futures',
    );
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it('renders at once from the partner the server embedded in the page, and still asks for it in the background', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const partner = buildPartner({ landingPageTemplatesId: 2, tagline: 'Embedded tagline.' });
    const script = document.createElement('script');
    script.id = EMBEDDED_PARTNER_ID;
    script.type = 'application/json';
    script.textContent = JSON.stringify(partner);
    document.head.append(script);
    try {
      const fetchMock = stubApi(
        () => new Response(JSON.stringify({ ...partner, tagline: 'Fresh tagline.' }), { status: 200 }),
      );
      render(<App />);
      // No loading state: the embedded partner is on screen in the first render.
      expect(screen.getByRole('heading', { name: 'Embedded tagline.', level: 1 })).toBeInTheDocument();
      expect(await screen.findByRole('heading', { name: 'Fresh tagline.', level: 1 })).toBeInTheDocument();
      expect(fetchMock.mock.calls.map((call) => String(call[0]))).toContainEqual(
        expect.stringMatching(/^\/api\/partners\/current/),
      );
    } finally {
      script.remove();
    }
  });

  it('a page appends its own name to the title', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubApi(() => new Response(JSON.stringify(buildPartner()), { status: 200 }));
    window.history.replaceState(null, '', '/contact');
    render(<App />);
    expect(await screen.findByRole('heading', { name: 'Contact Hope Schools' })).toBeInTheDocument();
    await vi.waitFor(() => expect(document.title).toBe('Contact · Hope Schools'));
  });

  it('an unknown site shows Site not found', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubApi(() => new Response('No partner is served at this address.', { status: 404 }));
    render(<App />);
    expect(await screen.findByRole('heading', { name: 'Site not found' })).toBeInTheDocument();
  });

  it('a failing server offers to try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubApi(() => new Response('Something went wrong on our side. Please try again.', { status: 500 }));
    render(<App />);
    expect(await screen.findByRole('button', { name: 'Try again' }, { timeout: 5000 })).toBeInTheDocument();
  });
});
