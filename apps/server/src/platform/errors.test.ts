import { ERRORS, problemSchema } from '@kinship/domain';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  conflict,
  fieldErrors,
  INVALID_HOST_MESSAGE,
  MALFORMED_VALUE_MESSAGE,
  notFound,
  NUL_CHARACTER_MESSAGE,
  refuse,
  registerErrorHandling,
  rowErrors,
} from './errors.ts';

const app = Fastify().withTypeProvider<ZodTypeProvider>();
beforeAll(async () => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  const planBody = z.object({ name: z.string().min(1), monthlyAmount: z.number().int().positive() });
  // A spec call keeps its plain-text errors; a staff call opts into the problem shape.
  app.post('/spec-call', { schema: { body: planBody } }, async () => 'stored');
  app.post('/staff-call', { schema: { body: planBody }, config: { problemErrors: true } }, async () => {
    throw fieldErrors({ name: 'This name is already used by another plan.' });
  });
  app.post('/staff-import', async () => {
    throw rowErrors([
      { row: 2, field: 'email', message: 'The email is not valid.' },
      { row: 5, message: 'The row has 3 columns; 7 were expected.' },
    ]);
  });
  app.get('/missing', async () => {
    throw notFound('Receipt not found.');
  });
  app.get('/taken', async () => {
    throw conflict('There are issues with your cart.');
  });
  app.get('/full', async () => {
    throw refuse(ERRORS.SLOTS_FULL, 'Every sponsorship of this person is taken.', { 'Retry-After': '60' });
  });
  app.post('/domain', async () => {
    throw fieldErrors({ 'domains.0': 'This domain is taken.' }, undefined, ERRORS.DOMAIN_TAKEN);
  });
  // As the auth library answers: a reply written directly, not thrown.
  app.get('/direct-401', async (_request, reply) => reply.code(401).send({ message: 'Unauthorized' }));
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

describe('error codes', () => {
  it('keeps plain-text bodies on the spec calls and adds a stable code in x-error-code', async () => {
    const cases: [string, number, string, string][] = [
      ['/missing', 404, 'not_found', 'Receipt not found.'],
      ['/taken', 409, 'conflict', 'There are issues with your cart.'],
      ['/deadlock', 500, 'internal_error', 'Something went wrong on our side. Please try again.'],
      ['/out-of-range', 400, 'malformed_value', MALFORMED_VALUE_MESSAGE],
      ['/echo/a%00b', 400, 'nul_character', NUL_CHARACTER_MESSAGE],
      ['/no/such/route', 404, 'route_not_found', 'No route for GET /no/such/route'],
    ];
    for (const [url, status, code, body] of cases) {
      const res = await app.inject(url);
      expect([res.statusCode, res.headers['x-error-code'], res.body], url).toEqual([status, code, body]);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
    }
    const invalid = await app.inject({
      method: 'POST',
      url: '/spec-call',
      payload: { name: '', monthlyAmount: -1 },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.headers['x-error-code']).toBe('validation_failed');
    expect(invalid.headers['content-type']).toMatch(/^text\/plain/);
    expect(invalid.body).toMatch(/^Invalid body: name: .+; monthlyAmount: .+$/);
  });

  it('gives a code to an error answer written by someone else (the auth library)', async () => {
    const res = await app.inject('/direct-401');
    expect(res.statusCode).toBe(401);
    expect(res.headers['x-error-code']).toBe('unauthenticated');
  });

  it('puts no code on a successful answer', async () => {
    const res = await app.inject('/echo/ok');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-error-code']).toBeUndefined();
  });

  it("answers a staff call's invalid fields as the problem shape, one entry per field", async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/staff-call',
      payload: { name: '', monthlyAmount: 'ten' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.headers['x-error-code']).toBe('validation_failed');
    const problem = problemSchema.parse(res.json());
    expect(problem).toMatchObject({
      type: 'about:blank',
      title: 'Some fields are not valid.',
      status: 400,
      code: 'validation_failed',
    });
    expect(problem.errors.map((e) => e.field)).toEqual(['name', 'monthlyAmount']);
    expect(problem.errors.every((e) => e.message.length > 0)).toBe(true);
  });

  it("answers a staff call's rule failure on a field with fieldErrors", async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/staff-call',
      payload: { name: 'Gold', monthlyAmount: 3000 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      type: 'about:blank',
      title: 'Some fields are not valid.',
      status: 400,
      code: 'validation_failed',
      errors: [{ field: 'name', message: 'This name is already used by another plan.' }],
    });
  });

  it("answers an import's rejected rows with rowErrors", async () => {
    const res = await app.inject({ method: 'POST', url: '/staff-import' });
    expect(res.statusCode).toBe(422);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.headers['x-error-code']).toBe('invalid_rows');
    expect(problemSchema.parse(res.json()).errors).toEqual([
      { row: 2, field: 'email', message: 'The email is not valid.' },
      { row: 5, message: 'The row has 3 columns; 7 were expected.' },
    ]);
  });
});

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

describe('the codes of the areas (decision 065)', () => {
  it("answers refuse(code, message) with the code's status from the one map, the code and the text", async () => {
    const res = await app.inject('/full');
    expect([res.statusCode, res.headers['x-error-code'], res.headers['retry-after'], res.body]).toEqual([
      409,
      'slots_full',
      '60',
      'Every sponsorship of this person is taken.',
    ]);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('names a field refusal by its own code in the header and the problem', async () => {
    const res = await app.inject({ method: 'POST', url: '/domain' });
    expect([res.statusCode, res.headers['x-error-code']]).toEqual([400, 'domain_taken']);
    expect(problemSchema.parse(res.json())).toMatchObject({ status: 400, code: 'domain_taken' });
  });
});
