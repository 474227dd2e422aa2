import { describe, expect, it } from 'vitest';
import { screenLetter, type LetterFlag, type LetterFlagKind } from './letter-screen.ts';

/** The flag expected for `needle` (its first occurrence in `text`), with its exact span. */
function at(text: string, needle: string, kind: LetterFlagKind): LetterFlag {
  const start = text.indexOf(needle);
  if (start < 0) throw new Error(`"${needle}" is not in the letter`);
  return { kind, start, end: start + needle.length, text: needle };
}

const kinds = (text: string, options?: Parameters<typeof screenLetter>[1]) =>
  screenLetter(text, options).map((f) => [f.kind, f.text]);

describe('screenLetter: one letter for each thing the issue names', () => {
  const letters: { kind: LetterFlagKind; text: string; hit: string }[] = [
    {
      kind: 'email',
      text: 'Dear Anna, thank you for the drawing! You can write to me at anna.smith@gmail.com too.',
      hit: 'anna.smith@gmail.com',
    },
    {
      kind: 'phone',
      text: 'Hello Joseph, my mother says you can call us on +1 (514) 555-0199 when you want.',
      hit: '+1 (514) 555-0199',
    },
    {
      kind: 'link',
      text: 'Hi Grace, I put the pictures of our farm on https://photos.example.org/farm?id=7. Bye!',
      hit: 'https://photos.example.org/farm?id=7',
    },
    {
      kind: 'handle',
      text: 'Dear David, my big brother made me an account, follow me @david_rocks2014 and see.',
      hit: '@david_rocks2014',
    },
    {
      kind: 'address',
      text: 'Dear Mary, if you ever visit, we live at 123 Main Street near the church.',
      hit: '123 Main Street',
    },
    {
      kind: 'money',
      text: 'Dear Peter, the rains were bad this year. Please send me money for the roof. Your friend.',
      hit: 'send me money',
    },
  ];

  for (const letter of letters) {
    it(`flags the ${letter.kind} with its exact span and nothing else`, () => {
      const flags = screenLetter(letter.text, { defaultCountry: 'CA' });
      expect(flags).toEqual([at(letter.text, letter.hit, letter.kind)]);
      expect(letter.text.slice(flags[0]!.start, flags[0]!.end)).toBe(letter.hit);
    });
  }

  it('flags all of them, sorted by where they start, in one letter', () => {
    const text = letters.map((l) => l.text).join('\n\n');
    expect(screenLetter(text, { defaultCountry: 'CA' })).toEqual(letters.map((l) => at(text, l.hit, l.kind)));
  });
});

describe('screenLetter: clean, warm letters are not flagged', () => {
  it('leaves an English letter full of ages, dates, grades and counts alone', () => {
    const text = [
      'Dear Sarah,',
      'I am 9 years old and now I am in grade 5. On 12 March 2026 we went to the market with my',
      'grandmother. We have 3 goats, 12 chickens and 2 cows. My mother sold a goat for 15,000',
      'shillings and bought 4 kg of beans. I love football and I scored 2 goals, we won 3-1.',
      'In 2026 I will be 10. The bus to town costs $2 and takes 45 minutes. I walked 2 km along',
      'the road to school every day. I like school.It was fun when we planted 100 trees.',
      'My birthday is 2015-04-12. From 2019 to 2026 my teacher was Mr. Okello. Thank you for the',
      'money you sent for the goats last year. Can you send me a picture of your dog? I pray for',
      'you and your family. We live in the house near the big road.',
      'Your friend, Amina',
    ].join('\n');
    expect(screenLetter(text, { defaultCountry: 'KE' })).toEqual([]);
    expect(screenLetter(text, { defaultCountry: 'US' })).toEqual([]);
    expect(screenLetter(text)).toEqual([]);
  });

  it('leaves a French letter alone too', () => {
    const text = [
      'Chère Julie,',
      "J'ai 10 ans et je suis en 5e année. Le 12 mars 2026, nous sommes allés au marché. Nous",
      "avons 3 chèvres et 2 vaches. J'ai 2 cours de maths le matin. Ma mère a vendu un poulet pour",
      "2 500 francs. J'aime le football et le 14 juillet nous avons dansé. Merci pour ton cadeau",
      "et pour l'argent que tu as envoyé pour l'école. Nous habitons près de la route. Peux-tu",
      "m'envoyer une photo de ta famille ? Je prie pour toi. Un, deux, trois, soleil !",
      'Ton ami, Jean',
    ].join('\n');
    expect(screenLetter(text, { defaultCountry: 'CA' })).toEqual([]);
  });

  it('does not read a year, a story price or football as anything', () => {
    expect(screenLetter('In 2026 we got a new teacher.')).toEqual([]);
    expect(screenLetter('My uncle bought a bicycle for $120 at the market and I rode it.')).toEqual([]);
    expect(screenLetter('I love football. Do you love football?')).toEqual([]);
    expect(screenLetter('The school has 1,250,000 bricks and 15 000 000 grains of sand.')).toEqual([]);
    expect(screenLetter('Thank you for paying for my school. I have 2 dogs on our street.')).toEqual([]);
    const snap = 'Oh snap, my snapchat is private.';
    expect(screenLetter(snap)).toEqual([at(snap, 'snapchat', 'handle')]);
    expect(screenLetter('   ')).toEqual([]);
  });

  it('reads lower-case and numbered streets, and a request to pay fees', () => {
    expect(kinds('we live at 123 main street, or 5 W 45th St. Help me pay the school fees.')).toEqual([
      ['address', '123 main street'],
      ['address', '5 W 45th St.'],
      ['money', 'Help me pay the school fees'],
    ]);
  });
});

describe('screenLetter: the forms each kind takes', () => {
  it('reads phone numbers written plainly, spaced, abroad and spelled out', () => {
    const text =
      'Call 555 123 4567 or 06 12 34 56 78, or +237 6 71 23 45 67. My number: five five five one two three four.';
    expect(kinds(text, { defaultCountry: 'US' })).toEqual([
      ['phone', '555 123 4567'],
      ['phone', '06 12 34 56 78'],
      ['phone', '+237 6 71 23 45 67'],
      ['phone', 'five five five one two three four'],
    ]);
  });

  it('reads links, bare domains and emails, and not a missing space after a full stop', () => {
    const text = 'See www.example.com/maria and example.com, mail jean@orange.fr. We went home.My sister';
    expect(kinds(text)).toEqual([
      ['link', 'www.example.com/maria'],
      ['link', 'example.com'],
      ['email', 'jean@orange.fr'],
    ]);
  });

  it('reads handles and the apps they live in', () => {
    const text =
      'Add me on WhatsApp! insta: maria.l and my snap is cool_kid12. Email me at a@b.co not @ home.';
    expect(kinds(text)).toEqual([
      ['handle', 'WhatsApp'],
      ['handle', 'insta: maria.l'],
      ['handle', 'snap is cool_kid12'],
      ['email', 'a@b.co'],
    ]);
    expect(screenLetter('Oh snap, I lost my pencil. The signal is weak.')).toEqual([]);
  });

  it('reads street addresses and postcodes in English and French', () => {
    const text =
      'We live at 45 rue Sainte-Catherine, Montréal H2X 1Y4. Write to P.O. Box 12, Austin, TX 78701-1234, or 1234, boul. Saint-Laurent, or 10 Downing Street, London SW1A 2AA, or boîte postale 88.';
    expect(kinds(text)).toEqual([
      ['address', '45 rue Sainte-Catherine'],
      ['postcode', 'H2X 1Y4'],
      ['address', 'P.O. Box 12'],
      ['postcode', '78701-1234'],
      ['address', '1234, boul. Saint-Laurent'],
      ['address', '10 Downing Street'],
      ['postcode', 'SW1A 2AA'],
      ['address', 'boîte postale 88'],
    ]);
  });

  it('reads requests for money or gifts, and payment services', () => {
    const text =
      'Can you send $50? Please buy me a phone. Use Western Union or PayPal, or a gift card. Account number: 1234 5678 9012. I need money.';
    expect(kinds(text)).toEqual([
      ['money', 'send $50'],
      ['money', 'buy me a phone'],
      ['money', 'Western Union'],
      ['money', 'PayPal'],
      ['money', 'gift card'],
      ['money', 'Account number: 1234 5678 9012'],
      ['money', 'I need money'],
    ]);
  });

  it('reads French requests for money or gifts', () => {
    const text =
      "Envoie-moi de l'argent. Peux-tu m'acheter un téléphone ? J'ai besoin d'argent. Donnez-nous 50 $ par virement bancaire ou une carte-cadeau.";
    expect(kinds(text)).toEqual([
      ['money', "Envoie-moi de l'argent"],
      ['money', "m'acheter un téléphone"],
      ['money', "J'ai besoin d'argent"],
      ['money', 'Donnez-nous 50 $'],
      ['money', 'virement bancaire'],
      ['money', 'carte-cadeau'],
    ]);
  });
});

describe("screenLetter: the partner's word list", () => {
  it('matches whole words whatever their case and accents, with exact spans', () => {
    const text = 'Mon ÉCOLE est loin. Le secret? Les écoliers et Mélanie, melanie.';
    expect(screenLetter(text, { words: ['ecole', 'Secret', 'mélanie'] })).toEqual([
      at(text, 'ÉCOLE', 'word'),
      at(text, 'secret', 'word'),
      at(text, 'Mélanie', 'word'),
      {
        kind: 'word',
        start: text.lastIndexOf('melanie'),
        end: text.lastIndexOf('melanie') + 7,
        text: 'melanie',
      },
    ]);
  });

  it('matches phrases across any spacing and ignores blank entries', () => {
    const text = 'Do not tell\n  your teacher about it.';
    expect(kinds(text, { words: ['tell your', '  ', ''] })).toEqual([['word', 'tell\n  your']]);
    expect(screenLetter(text, { words: [] })).toEqual([]);
  });

  it('merges overlapping hits of the same kind into one span', () => {
    const text = 'It is a big secret meeting.';
    expect(screenLetter(text, { words: ['secret', 'big secret', 'secret meeting'] })).toEqual([
      at(text, 'big secret meeting', 'word'),
    ]);
  });
});
