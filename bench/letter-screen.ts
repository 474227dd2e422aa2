import { screenLetter } from '../packages/domain/src/sponsorships/letter-screen.ts';
import type { Bench, BenchResult, BenchRow } from './run.ts';

/**
 * The letter pre-screen's time per letter (issue 24, decision 075): LETTERS generated letters of
 * 300 to 5,000 characters (English and French sentences of the kind children and sponsors write,
 * a fifth of them holding one email, phone number, link, handle, address or money request),
 * screened one after the other with a 40-entry word list and a default country, each timed alone.
 * The first WARM_UP letters (JIT, the libraries' lazy set-up) are not counted.
 */

const LETTERS = Number(process.env.BENCH_LETTERS ?? 2_000);
const WARM_UP = 50;
const MIN_CHARS = 300;
const MAX_CHARS = 5_000;

const SENTENCES = [
  'Thank you for your letter, I read it many times with my little brother.',
  'I am 9 years old and this year I am in grade 5 at the primary school.',
  'On 12 March 2026 we went to the market with my grandmother to sell tomatoes.',
  'We have 3 goats, 12 chickens and 2 cows, and the small goat is my favourite.',
  'My mother sold a goat for 15,000 shillings and bought beans and soap.',
  'I love football and last Saturday I scored 2 goals, we won 3-1.',
  'The rains came late this year but now the maize is tall and green.',
  'I walked 2 km along the road to school every morning with my friends.',
  'Merci pour ta lettre, je l’ai lue à toute ma famille le soir.',
  'J’ai 10 ans et je suis en 5e année, ma matière préférée est le français.',
  'Le 14 juillet nous avons dansé au village et mangé du riz avec du poulet.',
  'Nous avons 3 chèvres et ma sœur s’occupe des poules le matin.',
  'I pray for you and your family every Sunday at church.',
  'Can you send me a picture of your dog and your garden?',
  'In 2026 I will be 10 and I want to become a doctor to help my village.',
];
const HITS = [
  'You can write to me at samuel.k2014@gmail.com if you want.',
  'My uncle says you can call us on +254 712 345 678 in the evening.',
  'Look at our school on www.example-school.org/photos please.',
  'Add me on WhatsApp or follow me @sam_the_striker on insta.',
  'We live at 45 rue Sainte-Catherine, near the big church.',
  'Please send me money for a new uniform, or buy me a phone.',
];
const WORDS = [
  'secret',
  'do not tell',
  'meet',
  'alone',
  'gift',
  'private',
  'password',
  'visit me',
  'come see me',
  'kiss',
  'boyfriend',
  'girlfriend',
  'marry',
  'adopt',
  'bring me',
  'ton secret',
  'rencontrer',
  'seul',
  'seule',
  'cadeau',
  'mot de passe',
  'viens me voir',
  'bisou',
  'copain',
  'copine',
  'épouser',
  'adopter',
  'apporte-moi',
  'ne dis rien',
  'personne',
  'hide',
  'cacher',
  'dangerous',
  'danger',
  'hurt',
  'blesser',
  'afraid',
  'peur',
  'hit me',
  'frapper',
];

/** What timeScreen screens, for other benches' titles. */
export const SCREEN_SETUP = {
  letters: LETTERS,
  minChars: MIN_CHARS,
  maxChars: MAX_CHARS,
  words: WORDS.length,
};

/** A small seeded generator, so every run screens the same letters. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function letters(count: number): { text: string; planted: boolean }[] {
  const next = random(24);
  const out: { text: string; planted: boolean }[] = [];
  for (let i = 0; i < count; i++) {
    const length = MIN_CHARS + Math.floor(next() * (MAX_CHARS - MIN_CHARS));
    const parts = ['Dear friend,'];
    let size = parts[0]!.length;
    const hitAt = i % 5 === 0 ? Math.floor(next() * 10) : -1;
    while (size < length) {
      const sentence =
        parts.length === hitAt
          ? HITS[Math.floor(next() * HITS.length)]!
          : SENTENCES[Math.floor(next() * SENTENCES.length)]!;
      parts.push(sentence);
      size += sentence.length + 1;
    }
    const text = parts.join(parts.length % 7 === 0 ? '\n\n' : ' ').slice(0, MAX_CHARS);
    out.push({ text, planted: HITS.some((h) => text.includes(h)) });
  }
  return out;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const ms = (v: number) => Math.round(v * 1000) / 1000;

function row(
  label: string,
  timed: { chars: number; ms: number; flags: number; planted: boolean }[],
): BenchRow {
  const times = timed.map((t) => t.ms).sort((a, b) => a - b);
  return {
    letters: label,
    count: timed.length,
    'avg chars': Math.round(timed.reduce((a, t) => a + t.chars, 0) / Math.max(1, timed.length)),
    'p50 ms': ms(percentile(times, 50)),
    'p95 ms': ms(percentile(times, 95)),
    'max ms': ms(times.at(-1) ?? 0),
    planted: timed.filter((t) => t.planted).length,
    'planted, flagged': timed.filter((t) => t.planted && t.flags > 0).length,
    'clean, flagged': timed.filter((t) => !t.planted && t.flags > 0).length,
  };
}

/** Screens `count` generated letters (after WARM_UP untimed ones), each timed alone. */
export function timeScreen(
  count = LETTERS,
): { chars: number; ms: number; flags: number; planted: boolean }[] {
  const all = letters(count + WARM_UP);
  for (const { text } of all.slice(0, WARM_UP)) screenLetter(text, { words: WORDS, defaultCountry: 'KE' });
  return all.slice(WARM_UP).map(({ text, planted }) => {
    const started = performance.now();
    const flags = screenLetter(text, { words: WORDS, defaultCountry: 'KE' });
    return { chars: text.length, ms: performance.now() - started, flags: flags.length, planted };
  });
}

export const bench: Bench = {
  name: 'letter-screen',
  async run(): Promise<BenchResult> {
    const timed = timeScreen();
    return {
      name: 'letter-screen',
      title: `The letter pre-screen, time per letter (${LETTERS} letters of ${MIN_CHARS}-${MAX_CHARS} characters, ${WORDS.length} partner words)`,
      rows: [
        row(
          '300-1,000',
          timed.filter((t) => t.chars < 1_000),
        ),
        row(
          '1,000-2,500',
          timed.filter((t) => t.chars >= 1_000 && t.chars < 2_500),
        ),
        row(
          '2,500-5,000',
          timed.filter((t) => t.chars >= 2_500),
        ),
        row('all', timed),
      ],
      notes: [
        '"planted": letters generated with one email, phone, link, handle, address or money request in them; "clean, flagged" counts letters of ordinary sentences only that were flagged (should be 0).',
      ],
    };
  },
};
