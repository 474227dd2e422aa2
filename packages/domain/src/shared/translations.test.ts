import { describe, expect, it } from 'vitest';
import {
  checkTranslations,
  sameTranslations,
  storedTranslations,
  translatedRow,
  translatedText,
  TRANSLATABLE_FIELDS,
} from './translations.ts';

const maple = { defaultLocale: 'en-CA', locales: ['en-CA', 'fr-CA'] } as const;

describe('translatedText', () => {
  const translations = { 'fr-CA': { tagline: 'Chaque enfant à l’école', description: '   ' } };

  it('answers the translation of the locale', () => {
    expect(translatedText('Every child in school', translations, 'fr-CA', 'tagline')).toBe(
      'Chaque enfant à l’école',
    );
  });

  it('falls back to the base text when the translation is missing or blank, never to empty', () => {
    expect(translatedText('About us', translations, 'fr-CA', 'description')).toBe('About us');
    expect(translatedText('Bio', translations, 'fr-CA', 'bio')).toBe('Bio');
    expect(translatedText('Every child', translations, 'en-CA', 'tagline')).toBe('Every child');
    expect(translatedText(null, {}, 'fr-CA', 'tagline')).toBeNull();
    expect(translatedText('Base', null, 'fr-CA', 'tagline')).toBe('Base');
  });

  it('reads a row’s fields in a locale and leaves the row alone without translations', () => {
    const row = { id: 1, tagline: 'Every child', description: 'About' };
    expect(translatedRow(row, translations, 'fr-CA', ['tagline', 'description'])).toEqual({
      id: 1,
      tagline: 'Chaque enfant à l’école',
      description: 'About',
    });
    expect(translatedRow(row, translations, 'en-CA', ['tagline'])).toBe(row);
  });
});

describe('checkTranslations', () => {
  it('keeps offered locales’ known fields, trimmed, and drops blank texts', () => {
    const checked = checkTranslations(
      { 'fr-CA': { tagline: '  Bonjour  ', description: ' ' } },
      maple,
      TRANSLATABLE_FIELDS.partner,
    );
    expect(checked).toEqual({ translations: { 'fr-CA': { tagline: 'Bonjour' } }, errors: {} });
  });

  it('refuses the default locale, an unoffered or unknown locale, an unknown field and a long text', () => {
    const { errors } = checkTranslations(
      {
        'en-CA': { tagline: 'x' },
        'en-US': { tagline: 'x' },
        xx: { tagline: 'x' },
        'fr-CA': { brandColor: '#000', constructor: 'x', tagline: 'a'.repeat(201) },
      },
      maple,
      TRANSLATABLE_FIELDS.partner,
    );
    expect(Object.keys(errors).sort()).toEqual([
      'translations.en-CA',
      'translations.en-US',
      'translations.fr-CA.brandColor',
      'translations.fr-CA.constructor',
      'translations.fr-CA.tagline',
      'translations.xx',
    ]);
    expect(errors['translations.fr-CA.tagline']).toBe('At most 200 characters.');
  });

  it('runs the cleaner on kept texts and drops what cleans to nothing', () => {
    const checked = checkTranslations(
      { 'fr-CA': { bio: '<p>Salut</p><script>x</script>' } },
      maple,
      TRANSLATABLE_FIELDS.record,
      (_field, text) => text.replace(/<script>.*<\/script>/, ''),
    );
    expect(checked.translations).toEqual({ 'fr-CA': { bio: '<p>Salut</p>' } });
    expect(
      checkTranslations(
        { 'fr-CA': { bio: '<script>x</script>' } },
        maple,
        TRANSLATABLE_FIELDS.record,
        () => null,
      ).translations,
    ).toEqual({});
  });
});

describe('storedTranslations', () => {
  it('keeps known locales and string texts only', () => {
    expect(storedTranslations({ 'fr-CA': { bio: 'x', n: 1 }, zz: { bio: 'y' } })).toEqual({
      'fr-CA': { bio: 'x' },
    });
    expect(storedTranslations(null)).toEqual({});
  });
});

describe('sameTranslations', () => {
  it('holds what was read and sent back equal, blank and missing texts alike', () => {
    const stored = { 'fr-CA': { tagline: 'Bonjour' } };
    expect(sameTranslations({ 'fr-CA': { tagline: 'Bonjour', description: '' } }, stored)).toBe(true);
    expect(sameTranslations({}, {})).toBe(true);
    expect(sameTranslations({ 'fr-CA': { tagline: 'Salut' } }, stored)).toBe(false);
    expect(sameTranslations({ 'en-US': { tagline: 'Bonjour' } }, stored)).toBe(false);
  });
});
