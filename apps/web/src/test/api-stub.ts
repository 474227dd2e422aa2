import { vi } from 'vitest';

export interface ApiCall {
  method: string;
  /** The path without the query, e.g. '/api/payments/checkout/month'. */
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  /** A JSON body parsed; a multipart body as its FormData. */
  body: unknown;
}

export type ApiAnswer = Response | ((call: ApiCall) => Response | Promise<Response>);

export const json = (data: unknown, status = 200) =>
  new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });

/** A page of a server-paged list: the rows, and the total in x-total-count (all of them by default). */
export const paged = (rows: unknown[], total = rows.length) =>
  new Response(JSON.stringify(rows), {
    status: 200,
    headers: { 'content-type': 'application/json', 'x-total-count': String(total) },
  });

/** A plain-text error answer, as the server sends every non-OK response. */
export const text = (message: string, status: number) =>
  new Response(message, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } });

const SESSION_ANSWER = json({
  user: { id: 'test-account', email: 'sam@example.org', name: 'Sam', emailVerified: true },
});

/**
 * Stubs `fetch` with answers per 'METHOD /path' (query ignored). An answer may be a function of the
 * call; Responses are cloned so an answer can be given many times. Unknown calls answer 404 and are
 * recorded like the others, so a test can assert exactly what was sent.
 */
export function stubApi(routes: Record<string, ApiAnswer>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://demo.localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => (headers[key] = value));
    const body =
      typeof init.body === 'string'
        ? (JSON.parse(init.body) as unknown)
        : init.body instanceof FormData
          ? init.body
          : undefined;
    const call: ApiCall = { method, path: url.pathname, query: url.searchParams, headers, body };
    calls.push(call);
    let answer = routes[`${method} ${url.pathname}`];
    // The app asks for the session before the person: a stubbed person implies a session.
    if (!answer && method === 'GET' && url.pathname === '/api/auth/get-session')
      answer = routes['GET /api/users/getByToken'] ? SESSION_ANSWER : json(null);
    if (!answer) return text(`No route for ${method} ${url.pathname}`, 404);
    return typeof answer === 'function' ? answer(call) : answer.clone();
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    /** The calls made to one route. */
    callsTo: (route: string) => calls.filter((call) => `${call.method} ${call.path}` === route),
  };
}
