import { describe, it, expect } from 'vitest';
import { ageBandFor, ageFromBirthday } from './age.ts';

const on = (isoDate: string) => new Date(`${isoDate}T12:00:00Z`);

describe('ageFromBirthday', () => {
  it('counts whole years up to today', () => {
    expect(ageFromBirthday('2010-06-15', on('2024-06-14'))).toBe(13);
    expect(ageFromBirthday('2010-06-15', on('2024-06-15'))).toBe(14);
    expect(ageFromBirthday('2010-06-15', on('2024-12-31'))).toBe(14);
  });

  it('uses the UTC calendar date of today', () => {
    expect(ageFromBirthday('2010-06-15', new Date('2024-06-14T23:59:59Z'))).toBe(13);
    expect(ageFromBirthday('2010-06-15', new Date('2024-06-15T00:00:00Z'))).toBe(14);
  });

  it('reaches a 29 February birthday on 1 March in non-leap years', () => {
    expect(ageFromBirthday('2012-02-29', on('2023-02-28'))).toBe(10);
    expect(ageFromBirthday('2012-02-29', on('2023-03-01'))).toBe(11);
    expect(ageFromBirthday('2012-02-29', on('2024-02-29'))).toBe(12);
  });

  it('reads the date part of a timestamp', () => {
    expect(ageFromBirthday('2010-06-15T00:00:00.000Z', on('2024-06-15'))).toBe(14);
  });

  it('gives 0 for a birthday in the future', () => {
    expect(ageFromBirthday('2030-01-01', on('2024-01-01'))).toBe(0);
  });

  it('refuses a malformed birthday', () => {
    expect(() => ageFromBirthday('15/06/2010', on('2024-01-01'))).toThrow(RangeError);
    expect(() => ageFromBirthday('2010-02-30', on('2024-01-01'))).toThrow(RangeError);
  });
});

describe('ageBandFor', () => {
  it('places each age in exactly one band', () => {
    expect(ageBandFor(0)?.id).toBe('0-5');
    expect(ageBandFor(5)?.id).toBe('0-5');
    expect(ageBandFor(6)?.id).toBe('6-10');
    expect(ageBandFor(10)?.id).toBe('6-10');
    expect(ageBandFor(11)?.id).toBe('11-15');
    expect(ageBandFor(15)?.id).toBe('11-15');
    expect(ageBandFor(16)?.id).toBe('16-21');
    expect(ageBandFor(21)?.id).toBe('16-21');
    expect(ageBandFor(22)?.id).toBe('21+');
    expect(ageBandFor(80)?.id).toBe('21+');
  });

  it('uses whole years of a fractional age', () => {
    expect(ageBandFor(5.9)?.id).toBe('0-5');
  });

  it('gives null for a negative or non-finite age', () => {
    expect(ageBandFor(-1)).toBeNull();
    expect(ageBandFor(Number.NaN)).toBeNull();
  });
});
