import { describe, expect, it } from 'vitest';
import { isSafeReturnPath, RETURN_PATH_MAX } from './return-path.ts';

describe('isSafeReturnPath', () => {
  it.each([
    '/',
    '/redirect',
    '/redeem/ABCD-EFGH',
    '/redeemtrial/X?a=1#top',
    '/invitation/tok.en_1',
    '/checkout',
  ])('accepts the page %s of this site', (path) => expect(isSafeReturnPath(path)).toBe(true));

  it.each([
    'https://evil.example/x',
    'http://demo.localhost:3000/redeem/A',
    '//evil.example',
    '/\\evil.example',
    '/%2fevil.example',
    '/%5Cevil.example',
    'javascript:alert(1)',
    'redeem/A',
    '',
    ' /redeem',
    '/redeem\n/x',
    '/a\tb',
    '/api/auth/sign-out',
    '/api',
    `/${'a'.repeat(RETURN_PATH_MAX)}`,
  ])('refuses %j', (value) => expect(isSafeReturnPath(value)).toBe(false));

  it('refuses what is not a string', () => {
    expect(isSafeReturnPath(undefined)).toBe(false);
    expect(isSafeReturnPath(['/redirect'])).toBe(false);
  });
});
