import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../../app/app';
import { createQueryClient } from '../../../app/provider';
import { ApiError } from '../../../lib/api-client';
import { buildPartner, buildUser } from '../../../test/fixtures';
import { getMe, meQueryOptions } from './get-me';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

const session = { user: { id: 'a1', email: 'sam@example.com', name: 'Sam', emailVerified: true } };

/** fetch answering the session and the person through the given functions, the partner always. */
function stubAuth(answers: { session: () => Response | Promise<Response>; person?: () => Response }) {
  const fetchMock = vi.fn(async (url: string) => {
    if (url.startsWith('/api/partners/'))
      return new Response(JSON.stringify(buildPartner({ landingPageTemplatesId: 2 })), { status: 200 });
    if (url === '/api/auth/get-session') return answers.session();
    if (url.startsWith('/api/users/getByToken'))
      return answers.person?.() ?? new Response(JSON.stringify(buildUser()), { status: 200 });
    return new Response('No route', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('the signed-in person (getMe)', () => {
  it('is signed out only when the server says so: no session, or a 401', async () => {
    stubAuth({ session: () => new Response('null', { status: 200 }) });
    expect(await getMe()).toEqual({ signedIn: false, isNew: false, user: null });
    stubAuth({
      session: () => new Response(JSON.stringify(session), { status: 200 }),
      person: () => new Response('You must be logged in to do this.', { status: 401 }),
    });
    expect(await getMe()).toEqual({ signedIn: false, isNew: false, user: null });
  });

  it('fails (to be tried again) on a 429 or a 5xx from either call, or no answer, instead of reading "signed out"', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubAuth({ session: () => new Response('{"message":"Too many requests."}', { status: 429 }) });
    await expect(getMe()).rejects.toEqual(expect.objectContaining({ status: 429 }));
    stubAuth({
      session: () => new Response(JSON.stringify(session), { status: 200 }),
      person: () => new Response('Too many requests.', { status: 429 }),
    });
    await expect(getMe()).rejects.toBeInstanceOf(ApiError);
    stubAuth({ session: () => new Response('Bad gateway', { status: 502 }) });
    await expect(getMe()).rejects.toEqual(expect.objectContaining({ status: 502 }));
    stubAuth({ session: () => Promise.reject(new TypeError('Failed to fetch')) });
    await expect(getMe()).rejects.toBeInstanceOf(TypeError);
  });

  it('keeps the last known person while the session cannot be read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const queryClient = createQueryClient();
    const known = { signedIn: true, isNew: false, user: buildUser() };
    queryClient.setQueryData(meQueryOptions().queryKey, known);
    const fetchMock = stubAuth({ session: () => new Response('Too many requests.', { status: 429 }) });
    void queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 }).catch(() => undefined);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/auth/get-session', expect.anything()));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(queryClient.getQueryData(meQueryOptions().queryKey)).toEqual(known);
    expect(queryClient.getQueryState(meQueryOptions().queryKey)?.fetchStatus).toBe('fetching');
    await queryClient.cancelQueries();
  });
});

describe('a rate-limited session read in the app', () => {
  it('never shows the signed-out header: the app waits, asks again and shows the person', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let sessionCalls = 0;
    const fetchMock = stubAuth({
      session: () => {
        sessionCalls += 1;
        return sessionCalls === 1
          ? new Response('{"message":"Too many requests. Please try again later."}', { status: 429 })
          : new Response(JSON.stringify(session), { status: 200 });
      },
    });
    render(<App />);
    await waitFor(() => expect(sessionCalls).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: 'Account menu for Sam Sponsor' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(sessionCalls).toBe(2);
    expect(screen.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/users/getByToken?partnersId=2', expect.anything());
  });
});
