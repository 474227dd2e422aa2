import { ERRORS, partnerPublicSchema, userSchema } from '@kinship/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../test/api-stub';
import { buildPartner, buildUser } from '../test/fixtures';
import { AnswerDriftError, ApiError, apiPaged, apiRequest } from './api-client';

afterEach(() => vi.unstubAllGlobals());

const partner = buildPartner();

describe('answers checked against the domain schemas (development and tests)', () => {
  it('returns an answer that matches its schema unchanged', async () => {
    stubApi({ 'GET /api/partners/demo': json(partner) });
    expect(await apiRequest('partners/demo', { schema: partnerPublicSchema })).toEqual(partner);
  });

  it('fails a call whose answer drifted from its schema', async () => {
    const { name: _name, ...withoutName } = partner;
    stubApi({ 'GET /api/partners/demo': json(withoutName) });
    await expect(apiRequest('partners/demo', { schema: partnerPublicSchema })).rejects.toThrow(
      AnswerDriftError,
    );
    await expect(apiRequest('partners/demo', { schema: partnerPublicSchema })).rejects.toThrow(/name/);
  });

  it('checks every item of a paged answer', async () => {
    stubApi({ 'GET /api/users': json([buildUser(), { ...buildUser(), id: 'seven' }]) });
    await expect(apiPaged('users', { itemSchema: userSchema })).rejects.toThrow(/1\.id/);
  });

  it('leaves a call without a schema unchecked', async () => {
    stubApi({ 'GET /api/anything': json({ whatever: true }) });
    expect(await apiRequest('anything')).toEqual({ whatever: true });
  });
});

describe('error answers', () => {
  it("carry the answer's x-error-code, beside its plain-text message", async () => {
    stubApi({
      'POST /api/checkout': new Response('There are issues with your cart.', {
        status: 409,
        headers: { 'content-type': 'text/plain', 'x-error-code': ERRORS.SLOTS_FULL },
      }),
    });
    const error = await apiRequest('checkout', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      code: 'slots_full',
      message: 'There are issues with your cart.',
    });
  });

  it("take a problem's code when the header is missing", async () => {
    const problem = {
      type: 'about:blank',
      title: 'Some fields are not valid.',
      status: 400,
      code: 'domain_taken',
      errors: [],
    };
    stubApi({
      'PUT /api/dashboard/settings': new Response(JSON.stringify(problem), {
        status: 400,
        headers: { 'content-type': 'application/problem+json' },
      }),
    });
    const error = await apiRequest('dashboard/settings', { method: 'PUT', body: {} }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ status: 400, code: ERRORS.DOMAIN_TAKEN });
  });
});
