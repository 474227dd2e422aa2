import { describe, expect, it } from 'vitest';
import {
  chooseLocale,
  formatCentsIn,
  formatDateIn,
  formatMoneyIn,
  formatPercentIn,
  localeChain,
  matchLocale,
  parseAcceptLanguage,
  partnerLocales,
} from './locale.ts';
import { formatCurrency, formatDate, formatPercent } from './format.ts';

const NBSP = /[\u00a0\u202f]/g;

describe('formats through Intl', () => {
  it('keeps the spec formats exactly in en-US', () => {
    for (const amount of [0, 1234.56, 1.005, -5, 1_000_000, 0.1 + 0.2, 19.5]) {
      expect(formatMoneyIn('en-US', 'usd', amount)).toBe(formatCurrency(amount));
    }
    for (const percent of [5, 0, 2.9, 12.345, -1]) {
      expect(formatPercentIn('en-US', percent)).toBe(formatPercent(percent));
    }
    for (const date of [
      '2026-11-27',
      '2024-02-29',
      new Date('2026-01-05T23:59:00Z'),
      '2026-03-17T04:00:00Z',
    ]) {
      expect(formatDateIn('en-US', date)).toBe(formatDate(date));
    }
  });

  it('shows Canadian French and English as Canadians write them', () => {
    expect(formatMoneyIn('fr-CA', 'cad', 1234.56).replace(NBSP, ' ')).toBe('1 234,56 $');
    expect(formatCentsIn('fr-CA', 'cad', 123456).replace(NBSP, ' ')).toBe('1 234,56 $');
    expect(formatMoneyIn('en-CA', 'cad', 1234.56)).toBe('$1,234.56');
    expect(formatMoneyIn('en-CA', 'usd', 10)).toBe('US$10.00');
    expect(formatDateIn('fr-CA', '2026-11-27')).toBe('2026-11-27');
    expect(formatDateIn('en-CA', '2026-11-27')).toBe('2026-11-27');
    expect(formatPercentIn('fr-CA', 5).replace(NBSP, ' ')).toBe('5,00 %');
  });

  it('refuses what is not a number or a date', () => {
    expect(() => formatMoneyIn('fr-CA', 'cad', Number.NaN)).toThrow(RangeError);
    expect(() => formatDateIn('fr-CA', '2026-02-30')).toThrow(RangeError);
    expect(() => formatDateIn('en-US', 'soon')).toThrow(RangeError);
  });
});

describe('choosing a locale', () => {
  const maple = { offered: ['en-CA', 'fr-CA'] as const, fallback: 'en-CA' as const };

  it('reads Accept-Language by weight and drops refused or malformed tags', () => {
    expect(parseAcceptLanguage('fr-CA,fr;q=0.9,en;q=0.8')).toEqual(['fr-CA', 'fr', 'en']);
    expect(parseAcceptLanguage('en;q=0.5, fr;q=0.9, de;q=0')).toEqual(['fr', 'en']);
    expect(parseAcceptLanguage('<script>, fr')).toEqual(['fr']);
    expect(parseAcceptLanguage(undefined)).toEqual([]);
  });

  it('matches a language to the offered locale of that language', () => {
    expect(matchLocale('fr', maple.offered, 'en-CA')).toBe('fr-CA');
    expect(matchLocale('fr-FR', maple.offered, 'en-CA')).toBe('fr-CA');
    expect(matchLocale('en-US', maple.offered, 'en-CA')).toBe('en-CA');
    expect(matchLocale('de', maple.offered, 'en-CA')).toBeNull();
  });

  it('takes the choice, then the saved preference, then Accept-Language, then the default', () => {
    expect(chooseLocale({ ...maple, chosen: 'fr-CA', saved: 'en-CA', acceptLanguage: 'en' })).toBe('fr-CA');
    expect(chooseLocale({ ...maple, saved: 'fr-CA', acceptLanguage: 'en' })).toBe('fr-CA');
    expect(chooseLocale({ ...maple, acceptLanguage: 'de, fr;q=0.5' })).toBe('fr-CA');
    expect(chooseLocale({ ...maple, acceptLanguage: 'de' })).toBe('en-CA');
    expect(chooseLocale({ ...maple, chosen: 'xx' })).toBe('en-CA');
  });

  it('never answers a locale the partner does not offer', () => {
    const us = { offered: ['en-US'] as const, fallback: 'en-US' as const };
    expect(chooseLocale({ ...us, chosen: 'fr-CA', acceptLanguage: 'fr-CA' })).toBe('en-US');
    expect(chooseLocale({ ...us, acceptLanguage: 'en-CA' })).toBe('en-US');
  });

  it('keeps a partner’s stored languages safe and its default offered', () => {
    expect(partnerLocales('fr-CA', ['en-CA'])).toEqual({
      defaultLocale: 'fr-CA',
      locales: ['en-CA', 'fr-CA'],
    });
    expect(partnerLocales('xx', ['zz'])).toEqual({ defaultLocale: 'en-US', locales: ['en-US'] });
    expect(localeChain('en-CA')).toEqual(['en-CA', 'en-US']);
    expect(localeChain('fr-CA')).toEqual(['fr-CA']);
  });
});
