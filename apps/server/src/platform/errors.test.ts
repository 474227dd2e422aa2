import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INVALID_HOST_MESSAGE,
  MALFORMED_VALUE_MESSAGE,
  NUL_CHARACTER_MESSAGE,
  registerErrorHandling,
} from './errors.ts';

const app = Fastify();
beforeAll(async () => {
  registerErrorHandling(app);
  // As drizzle throws a driver error: wrapped, with the SQLSTATE on the cause.
  app.get('/out-of-range', async () => {
    throw new Error('Failed query: select ...', {
      cause: Object.assign(new Error('out of range'), { code: '22003' }),
    });
  });
  app.get('/deadlock', async () => {
    throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
  });
  app.post('/body', async () => 'stored');
  app.get('/echo/:value', async (request) => (request.params as { value: string }).value);
  await app.ready();
});
afterAll(() => app.close());

describe('error handling', () => {
  it("answers a database data exception (SQLSTATE class 22) as the client's 400, in plain text", async () => {
    const res = await app.inject('/out-of-range');
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe(MALFORMED_VALUE_MESSAGE);
  });

  it('keeps other database failures a 500 that says nothing of the inside', async () => {
    const res = await app.inject('/deadlock');
    expect(res.statusCode).toBe(500);
    expect(res.body).toBe('Something went wrong on our side. Please try again.');
  });

  it('refuses a NUL character in any string or key of a JSON body before the route runs', async () => {
    for (const payload of [{ email: 'a\u0000@b.c' }, { list: [{ deep: ['\u0000'] }] }, { ['k\u0000']: 1 }]) {
      const res = await app.inject({ method: 'POST', url: '/body', payload });
      expect(res.statusCode).toBe(400);
      expect(res.body).toBe(NUL_CHARACTER_MESSAGE);
    }
    const ok = await app.inject({ method: 'POST', url: '/body', payload: { email: 'a@b.c', n: [1, null] } });
    expect(ok.body).toBe('stored');
  });

  it('refuses a Host header that is not a valid host, and takes the usual ones', async () => {
    for (const host of ['demo.localhost:99999', 'demo localhost', 'a/b', 'x'.repeat(300), 'a@b.localhost']) {
      const res = await app.inject({ url: '/echo/ok', headers: { host } });
      expect(res.statusCode, host).toBe(400);
      expect(res.body).toBe(INVALID_HOST_MESSAGE);
    }
    for (const host of [
      'demo.localhost',
      'demo.localhost:3000',
      '127.0.0.1:3000',
      '[::1]:3000',
      'DEMO.Example.org',
    ])
      expect((await app.inject({ url: '/echo/ok', headers: { host } })).statusCode, host).toBe(200);
  });

  it('refuses a NUL character anywhere in the address before any route runs', async () => {
    for (const url of ['/echo/a%00b', '/echo/ok?q=%00', '/echo/ok?q=x%2500']) {
      const res = await app.inject(url);
      if (url.endsWith('%2500')) {
        // An encoded percent sign followed by 00 is not a NUL.
        expect(res.statusCode).toBe(200);
      } else {
        expect(res.statusCode).toBe(400);
        expect(res.body).toBe(NUL_CHARACTER_MESSAGE);
      }
    }
  });
});
