import { partnerPublicSchema, userSchema } from '@kinship/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../test/api-stub';
import { buildPartner, buildUser } from '../test/fixtures';
import { AnswerDriftError, apiPaged, apiRequest } from './api-client';

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
