import { describe, expect, it } from 'vitest';
import { elide, sayIn } from './messages.ts';

describe('French elision where a value meets the words before it', () => {
  it('writes d’ and qu’ before a value that begins with a vowel', () => {
    expect(elide('Parrainage mensuel de Amina', { names: 'Amina' })).toBe('Parrainage mensuel d’Amina');
    expect(elide('De Éloi, pour Marc', { name: 'Éloi' })).toBe('D’Éloi, pour Marc');
    expect(elide('Le cadeau que Ousmane a reçu', { name: 'Ousmane' })).toBe('Le cadeau qu’Ousmane a reçu');
  });

  it('leaves consonants, an initial h, numbers, other words and the translation’s own text alone', () => {
    expect(elide('Parrainage de Marc', { names: 'Marc' })).toBe('Parrainage de Marc');
    expect(elide('Reçu de Hope Schools', { name: 'Hope Schools' })).toBe('Reçu de Hope Schools');
    expect(elide('Un don de 8 $', { amount: '8 $' })).toBe('Un don de 8 $');
    expect(elide('Le mode de Amina', { name: 'Ana' })).toBe('Le mode de Amina');
    expect(elide('Grande Amina', { name: 'Amina' })).toBe('Grande Amina');
  });

  it('is applied by sayIn in French only', () => {
    // The receipt's line for a sponsorship (areas/giving/receipts/receipt-words.ts), by its id.
    const sponsorshipOf = {
      id: 'mail.receipt.sponsorshipOf',
      defaultMessage:
        '{interval, select, year {Annual sponsorship} month {Monthly sponsorship} other {Sponsorship}} of {names}',
    };
    const values = { interval: 'month', names: 'Amina' };
    expect(sayIn('fr-CA')(sponsorshipOf, values)).toBe('Parrainage mensuel d’Amina');
    expect(sayIn('en-US')(sponsorshipOf, values)).toBe('Monthly sponsorship of Amina');
  });
});
