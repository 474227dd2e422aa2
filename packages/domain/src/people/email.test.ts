import { describe, it, expect } from 'vitest';
import { isEmptyOrValidEmail, isValidEmail } from './email.ts';

describe('isValidEmail', () => {
  it.each([
    'jane@example.com',
    'jane.doe@example.org',
    'j_d+tag@mail.example.co.uk',
    'a-b@my-school.ca',
    'x@y.io',
  ])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each([
    ['an empty string', ''],
    ['no @ sign', 'jane.example.com'],
    ['no domain', 'jane@.com'],
    ['no ending', 'jane@example'],
    ['a one-letter ending', 'jane@example.c'],
    ['a four-letter ending', 'jane@example.info'],
    ['a digit ending', 'jane@example.c0m'],
    ['a space', 'jane doe@example.com'],
    ['two @ signs', 'jane@doe@example.com'],
    ['surrounding spaces', ' jane@example.com '],
  ])('rejects %s', (_case, email) => {
    expect(isValidEmail(email)).toBe(false);
  });

  it('rejects null and undefined', () => {
    expect(isValidEmail(null)).toBe(false);
    expect(isValidEmail(undefined)).toBe(false);
  });
});

describe('isEmptyOrValidEmail', () => {
  it('accepts an empty value', () => {
    expect(isEmptyOrValidEmail('')).toBe(true);
    expect(isEmptyOrValidEmail('   ')).toBe(true);
    expect(isEmptyOrValidEmail(null)).toBe(true);
    expect(isEmptyOrValidEmail(undefined)).toBe(true);
  });

  it('accepts a valid email and rejects an invalid one', () => {
    expect(isEmptyOrValidEmail('jane@example.com')).toBe(true);
    expect(isEmptyOrValidEmail('jane@example')).toBe(false);
  });
});
