import { describe, expect, it } from 'vitest';
import { GivingError } from '../giving/errors.ts';
import { InsightError } from '../insight/errors.ts';
import { PartnersError } from '../partners/errors.ts';
import { PeopleError } from '../people/errors.ts';
import { RecordsError } from '../records/errors.ts';
import { SponsorshipsError } from '../sponsorships/errors.ts';
import { ERRORS, ERROR_STATUS, STATUS_ERROR_CODES, isErrorCode, statusOfError } from './error-status.ts';
import { SharedError } from './errors.ts';

const AREAS = {
  shared: SharedError,
  partners: PartnersError,
  records: RecordsError,
  sponsorships: SponsorshipsError,
  giving: GivingError,
  people: PeopleError,
  insight: InsightError,
};

describe('error codes', () => {
  it('maps every code of every area to an HTTP error status', () => {
    for (const [area, codes] of Object.entries(AREAS)) {
      for (const [name, code] of Object.entries(codes)) {
        const status = (ERROR_STATUS as Record<string, number>)[code];
        expect(status, `${area}.${name}`).toBeGreaterThanOrEqual(400);
        expect(status, `${area}.${name}`).toBeLessThanOrEqual(599);
      }
    }
  });

  it('maps nothing that is not a code', () => {
    const all = new Set(Object.values(AREAS).flatMap((codes) => Object.values(codes)));
    expect(Object.keys(ERROR_STATUS).filter((code) => !all.has(code as never))).toEqual([]);
  });

  it('gives each code one name in one area, in lower_snake_case', () => {
    const seen = new Map<string, string>();
    for (const [area, codes] of Object.entries(AREAS)) {
      for (const [name, code] of Object.entries(codes)) {
        expect(code).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
        expect(seen.get(code), `${area}.${name} = ${code}`).toBeUndefined();
        seen.set(code, `${area}.${name}`);
      }
    }
    expect(Object.keys(ERRORS)).toHaveLength(seen.size);
  });

  it('keeps the codes clients already read', () => {
    expect([
      ERRORS.VALIDATION_FAILED,
      ERRORS.INVALID_ROWS,
      ERRORS.ROUTE_NOT_FOUND,
      ERRORS.BAD_ADDRESS,
      ERRORS.CODE_TOO_MANY_TRIES,
      ERRORS.CODE_WITHDRAWN,
      ERRORS.ARCHIVE_NEEDS_CONFIRMATION,
    ]).toEqual([
      'validation_failed',
      'invalid_rows',
      'route_not_found',
      'bad_address',
      'code_too_many_tries',
      'code_revoked',
      'archive_needs_confirmation',
    ]);
    expect(statusOfError(ERRORS.SLOTS_FULL)).toBe(409);
    expect(statusOfError(ERRORS.CODE_EXPIRED)).toBe(410);
    expect(statusOfError(ERRORS.PAYMENT_DECLINED)).toBe(402);
  });

  it("names each status's own code, and that code answers with that status", () => {
    for (const [status, code] of Object.entries(STATUS_ERROR_CODES)) {
      expect(statusOfError(code)).toBe(Number(status));
    }
  });

  it('tells a code from any other string', () => {
    expect(isErrorCode('slots_full')).toBe(true);
    expect(isErrorCode('Slots full')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode(null)).toBe(false);
  });
});
