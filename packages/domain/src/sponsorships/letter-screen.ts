import { findPhoneNumbersInText, type CountryCode } from 'libphonenumber-js';
import { LinkifyIt } from 'linkify-it';

/**
 * The automatic safety pre-screen of letters between sponsors and the people they sponsor
 * (issue 24, decision 075). It flags what a moderator must look at before a letter reaches anyone:
 * contact details (email, phone, link, social handle, street address, postcode), requests for
 * money or gifts, and the partner's own word list. Each flag carries its span in the original
 * text. Flags are for a human: recall comes first, but ordinary child-letter content (ages,
 * dates, grades, counts, prices in a story) is never flagged. Pure: no I/O.
 */

export const LETTER_FLAG_KINDS = [
  'email',
  'phone',
  'link',
  'handle',
  'address',
  'postcode',
  'money',
  'word',
] as const;
export type LetterFlagKind = (typeof LETTER_FLAG_KINDS)[number];

/** One hit: `start`/`end` are offsets into the screened text, `text` is `text.slice(start, end)`. */
export interface LetterFlag {
  kind: LetterFlagKind;
  start: number;
  end: number;
  text: string;
}

export interface LetterScreenOptions {
  /** The partner's editable word list: whole words or phrases, case- and accent-insensitive. */
  words?: readonly string[];
  /** Where national phone numbers are read from (the partner's or program's country). */
  defaultCountry?: CountryCode;
}

export type { CountryCode };

type Span = { kind: LetterFlagKind; start: number; end: number };

// ---------------------------------------------------------------------------------------------
// Folding: lower case, accents removed, with a map back to the original offsets.

interface Folded {
  text: string;
  /** For each folded code unit, the original offset of the character it came from. */
  from: number[];
  /** For each folded code unit, the original offset just past the character it came from. */
  to: number[];
}

const MARKS = /\p{M}/gu;

function foldChar(ch: string): string {
  const lower = ch.normalize('NFD').replace(MARKS, '').toLowerCase();
  if (lower === 'œ') return 'oe';
  if (lower === 'æ') return 'ae';
  // typographic apostrophes and dashes read as the plain ones
  if (lower === '\u2019' || lower === '\u2018' || lower === '\u02bc') return "'";
  if (lower === '\u2010' || lower === '\u2011') return '-';
  return lower.normalize('NFC');
}

function fold(text: string): Folded {
  let out = '';
  const from: number[] = [];
  const to: number[] = [];
  let i = 0;
  for (const ch of text) {
    const f = foldChar(ch);
    for (let k = 0; k < f.length; k++) {
      from.push(i);
      to.push(i + ch.length);
    }
    out += f;
    i += ch.length;
  }
  return { text: out, from, to };
}

/** Every match of `re` (global) in the folded text, mapped back to original offsets. */
function foldedMatches(folded: Folded, re: RegExp, kind: LetterFlagKind, group = 0): Span[] {
  const spans: Span[] = [];
  for (const m of folded.text.matchAll(re)) {
    const whole = m[0];
    let start = m.index;
    let length = whole.length;
    if (group > 0 && m[group] !== undefined) {
      start += whole.indexOf(m[group]);
      length = m[group].length;
    }
    if (length === 0) continue;
    spans.push({ kind, start: folded.from[start]!, end: folded.to[start + length - 1]! });
  }
  return spans;
}

function originalMatches(text: string, re: RegExp, kind: LetterFlagKind): Span[] {
  const spans: Span[] = [];
  for (const m of text.matchAll(re)) {
    if (m[0].length > 0) spans.push({ kind, start: m.index, end: m.index + m[0].length });
  }
  return spans;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Letters and digits on either side of a match end a "whole word" check. */
const NOT_WORD_BEFORE = '(?<![\\p{L}\\p{N}_])';
const NOT_WORD_AFTER = '(?![\\p{L}\\p{N}_])';

// ---------------------------------------------------------------------------------------------
// Links and emails (linkify-it).

// Made on first use, not at import: the domain is imported by the web app, whose bundles must not
// keep the matcher (a module-level construction is a side effect no bundler can drop).
let linkifier: LinkifyIt | null = null;
function linkify(): LinkifyIt {
  if (linkifier) return linkifier;
  linkifier = new LinkifyIt({ fuzzyLink: true, fuzzyEmail: true });
  // The defaults (com, org, net, ... and every two-letter country zone) plus the newer zones that
  // people actually share; the full IANA list would turn "school.today" into a link.
  linkifier.tlds(
    ['io', 'app', 'me', 'ly', 'tv', 'xyz', 'online', 'site', 'link', 'club', 'live', 'store', 'blog'],
    true,
  );
  return linkifier;
}

function linksAndEmails(text: string): Span[] {
  const spans: Span[] = [];
  for (const m of linkify().match(text) ?? []) {
    if (m.schema === 'mailto:') {
      spans.push({ kind: 'email', start: m.index, end: m.lastIndex });
      continue;
    }
    if (m.schema === '' && isSentenceJoin(m.raw)) continue;
    spans.push({ kind: 'link', start: m.index, end: m.lastIndex });
  }
  return spans;
}

/**
 * "school.It was fun": a missing space after a full stop, not a domain. A fuzzy link without
 * www., path or port whose zone is written Capitalised is read as two sentences.
 */
function isSentenceJoin(raw: string): boolean {
  if (/^www\./i.test(raw) || /[/:?#]/.test(raw)) return false;
  const zone = raw.slice(raw.lastIndexOf('.') + 1);
  return /^\p{Lu}\p{Ll}+$/u.test(zone);
}

// ---------------------------------------------------------------------------------------------
// Phone numbers (libphonenumber-js, then digits shaped like a phone number in any country).

const CURRENCY_BEFORE =
  /(?:[$€£¥₦₹₵₱]|\b(?:usd|cad|eur|gbp|kes|ugx|tzs|ngn|ghs|xof|xaf|fcfa|cfa|rs|ksh|tsh|ush))\s*$/i;
const CURRENCY_AFTER =
  /^\s*(?:[$€£¥₦₹₵₱]|(?:dollars?|euros?|pounds?|francs?|fcfa|cfa|shillings?|cedis?|naira|rupees?|pesos?|birr|kwacha|rand|leones?|gourdes?|ariary|usd|cad|eur|kes|ugx|tzs|ngn|ghs|xof|xaf|ksh|tsh|ush)\b)/i;
const DATE_SHAPED = /^(?:\d{5}-\d{4}|\d{1,2}[./-]\d{1,2}[./-]\d{2,4}|\d{4}[./-]\d{1,2}[./-]\d{1,2})$/;
const YEARS_ONLY = /^(?:(?:19|20)\d\d[\s,-]*)+$/;

function looksLikeNumberNotPhone(text: string, start: number, end: number): boolean {
  const raw = text.slice(start, end).trim();
  if (DATE_SHAPED.test(raw) || YEARS_ONLY.test(raw)) return true;
  return (
    CURRENCY_BEFORE.test(text.slice(Math.max(0, start - 6), start)) ||
    CURRENCY_AFTER.test(text.slice(end, end + 12))
  );
}

const digitCount = (s: string) => s.replace(/\D/g, '').length;

/** Eight or more digits, possibly spaced, dotted, dashed or bracketed: "0 7 1 2 3 4 5 6 7 8". */
const DIGIT_RUN = /(?<![\p{L}\p{N}])\+?\(?\d(?:[ .\-()/]{0,3}\d){7,14}(?![\p{L}\p{N}])/gu;

/** "15 000 000", "2,500,000": a large amount, not a phone number. */
const THOUSANDS = /^\d{1,2}(?:[ ,.\u00a0\u202f]\d{3}){2,}$/;

const DIGIT_WORDS =
  'zero|oh|one|two|three|four|five|six|seven|eight|nine|un|deux|trois|quatre|cinq|sept|huit|neuf';
/** "five five five one two three four": seven or more digits spelled out (on the folded text). */
const SPELLED_DIGITS = new RegExp(
  `${NOT_WORD_BEFORE}(?:${DIGIT_WORDS}|\\d)(?:[\\s,.-]+(?:${DIGIT_WORDS}|\\d)){6,}${NOT_WORD_AFTER}`,
  'giu',
);

function phones(text: string, folded: Folded, defaultCountry: CountryCode | undefined): Span[] {
  const spans: Span[] = [];
  for (const found of findPhoneNumbersInText(text, { defaultCountry, extended: true })) {
    const raw = text.slice(found.startsAt, found.endsAt);
    const international = raw.trimStart().startsWith('+');
    if (!international && digitCount(raw) < 8 && !found.number.isValid()) continue;
    if (looksLikeNumberNotPhone(text, found.startsAt, found.endsAt)) continue;
    spans.push({ kind: 'phone', start: found.startsAt, end: found.endsAt });
  }
  for (const m of text.matchAll(DIGIT_RUN)) {
    const end = m.index + m[0].length;
    if (looksLikeNumberNotPhone(text, m.index, end) || THOUSANDS.test(m[0])) continue;
    spans.push({ kind: 'phone', start: m.index, end });
  }
  for (const span of foldedMatches(folded, SPELLED_DIGITS, 'phone')) {
    // seven bare digits with spaces are counted above; here at least one must be a word
    if (/\p{L}/u.test(text.slice(span.start, span.end))) spans.push(span);
  }
  return spans;
}

// ---------------------------------------------------------------------------------------------
// Social handles.

/** @name, not the middle of an email address. */
const AT_HANDLE = /(?<![\p{L}\p{N}_.@])@[a-z0-9_](?:[a-z0-9_.]{0,28}[a-z0-9_])?(?![\p{L}\p{N}_@])/giu;
/** Platforms whose mere mention is worth a look ("add me on WhatsApp"). */
const PLATFORMS =
  'instagram|snapchat|tiktok|tik tok|whatsapp|whats app|watsapp|wasap|telegram|facebook|messenger|twitter|discord|wechat|viber|skype|kik|onlyfans|roblox';
/** Short names that are also ordinary words: only with "name:" or "@name" after them. */
const SHORT_PLATFORMS = 'insta|ig|snap|fb|signal';
const HANDLE_AFTER = `(?:\\s*[:=]\\s*@?[a-z0-9_.]{1,29}[a-z0-9_]|\\s+@[a-z0-9_.]{1,29}[a-z0-9_]|\\s+(?:is|est|c'est)\\s+@?(?=[a-z0-9_.]*(?:[0-9_]|\\.[a-z0-9]))[a-z0-9_.]{1,29}[a-z0-9_])`;
const PLATFORM_MENTION = new RegExp(
  `${NOT_WORD_BEFORE}(?:${PLATFORMS})(?:${HANDLE_AFTER})?${NOT_WORD_AFTER}`,
  'giu',
);
const SHORT_PLATFORM_HANDLE = new RegExp(
  `${NOT_WORD_BEFORE}(?:${SHORT_PLATFORMS})${HANDLE_AFTER}${NOT_WORD_AFTER}`,
  'giu',
);

function handles(folded: Folded): Span[] {
  return [
    ...foldedMatches(folded, AT_HANDLE, 'handle'),
    ...foldedMatches(folded, PLATFORM_MENTION, 'handle'),
    ...foldedMatches(folded, SHORT_PLATFORM_HANDLE, 'handle'),
  ];
}

// ---------------------------------------------------------------------------------------------
// Street addresses and postcodes (run on the original text: capitals matter).

const STREET_WORDS =
  '[Ss]treet|[Aa]venue|[Rr]oad|[Bb]oulevard|[Ll]ane|[Dd]rive|[Cc]ourt|[Pp]lace|[Ww]ay|[Cc]rescent|[Tt]errace|[Hh]ighway|[Pp]arkway|[Cc]lose|[Ss]quare|[Aa]lley|STREET|AVENUE|ROAD';
const STREET_ABBREVIATIONS = 'St|Ave|Av|Rd|Blvd|Ln|Dr|Ct|Pl|Cres|Hwy|Pkwy|Sq|Ter';
/** A word of a street name: Capitalised, an ordinal (5th), or a compass point. */
const NAME_WORD = "(?:\\p{Lu}[\\p{L}'.-]*|\\d{1,3}(?:st|nd|rd|th)|[NSEW]\\.?)";
/** A lower-case word that is not a word of ordinary running text ("2 km along the road"). */
const PLAIN_WORD =
  "(?!(?:the|a|an|to|on|in|at|of|our|my|your|his|her|their|down|up|along|across|by|near|from|and|or|miles?|km|kilometres?|kilometers?|minutes?|hours?|days?|times?|more|big|long|new|old|other|same|dusty|main)\\b)\\p{Ll}[\\p{Ll}'-]*";
const EN_ADDRESS = new RegExp(
  `(?<![\\p{L}\\p{N}])\\d{1,5}[A-Za-z]?,?\\s+(?:(?:${NAME_WORD})\\s+){0,4}(?:${STREET_WORDS}|(?:${STREET_ABBREVIATIONS})\\b\\.?)(?![\\p{L}])` +
    `|(?<![\\p{L}\\p{N}])\\d{1,5}[A-Za-z]?,?\\s+(?:(?:main|${PLAIN_WORD})\\s+){1,2}(?:street|avenue|road|boulevard|lane|drive|crescent)(?![\\p{L}])`,
  'gu',
);
/** French street words, in lower case or Capitalised (the name after them must be Capitalised). */
const FR_STREET = [
  'rue',
  'avenue',
  'av\\.',
  'boulevard',
  'boul\\.',
  'bd',
  'chemin',
  'ch\\.',
  'place',
  'allée',
  'impasse',
  'route',
  'quai',
  'montée',
  'promenade',
  'ruelle',
  'square',
]
  .map((w) => `[${w[0]}${w[0]!.toUpperCase()}]${w.slice(1)}`)
  .join('|');
const FR_LINK = "(?:de|du|des|la|le|les|l'|d')";
/** "45 rue Sainte-Catherine", "1234, boul. Saint-Laurent", "12 bis, avenue de la Paix". */
const FR_ADDRESS = new RegExp(
  `(?<![\\p{L}\\p{N}])\\d{1,5}(?:\\s?(?:bis|ter|[A-Za-z]))?,?\\s+(?:${FR_STREET})\\s+(?:${FR_LINK}\\s*)*[\\p{Lu}\\d][\\p{L}\\d'-]*(?:\\s+(?:${FR_LINK}\\s*)*\\p{Lu}[\\p{L}'-]*)*`,
  'gu',
);
/** P.O. Box 12, PO Box 12, Post Office Box 12, boîte postale 12, B.P. 123, C.P. 123, Apt 4B. */
const BOXES = new RegExp(
  `${NOT_WORD_BEFORE}(?:p\\.?\\s?o\\.?\\s+box|post\\s+office\\s+box|bo[iî]te\\s+postale|b\\.\\s?p\\.|bp|c\\.\\s?p\\.|cp|case\\s+postale|private\\s+bag|apt\\.?|apartment|suite|app\\.|appartement)\\s*(?:no\\.?|n[°o]|#)?\\s*\\d{1,6}[A-Za-z]?${NOT_WORD_AFTER}`,
  'giu',
);

function addresses(text: string): Span[] {
  return [
    ...originalMatches(text, EN_ADDRESS, 'address'),
    ...originalMatches(text, FR_ADDRESS, 'address'),
    ...originalMatches(text, BOXES, 'address'),
  ];
}

const US_STATES =
  'AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY|PR';
const POSTCODES = new RegExp(
  [
    // US ZIP+4 anywhere; a plain ZIP after a state's two letters: "Austin, TX 78701"
    '(?<![\\p{L}\\p{N}-])\\d{5}-\\d{4}(?![\\p{L}\\p{N}-])',
    `(?<=\\b(?:${US_STATES}),?\\s)\\d{5}(?![\\p{L}\\p{N}])`,
    // United Kingdom, written in capitals: SW1A 1AA, M1 1AE
    '(?<![\\p{L}\\p{N}])[A-Z]{1,2}\\d[A-Z\\d]?\\s?\\d[ABD-HJLNP-UW-Z]{2}(?![\\p{L}\\p{N}])',
  ].join('|'),
  'gu',
);
/** Canada, in any case: H2X 1Y4, h2x1y4 (first letters as Canada Post uses them). */
const CANADIAN_POSTCODE =
  /(?<![\p{L}\p{N}])[abceghj-nprstvxy]\d[abceghj-nprstv-z][ -]?\d[abceghj-nprstv-z]\d(?![\p{L}\p{N}])/giu;
/** Any four or five digits after "zip", "postal code", "code postal". */
const NAMED_POSTCODE =
  /(?<=\b(?:zip|zip\s*code|postal\s*code|postcode|code\s*postal)\s*:?\s*)\d{4,5}(?:-\d{4})?(?![\p{L}\p{N}])/giu;

function postcodes(text: string): Span[] {
  return [
    ...originalMatches(text, POSTCODES, 'postcode'),
    ...originalMatches(text, CANADIAN_POSTCODE, 'postcode'),
    ...originalMatches(text, NAMED_POSTCODE, 'postcode'),
  ];
}

// ---------------------------------------------------------------------------------------------
// Requests for money or gifts (on the folded text: lower case, no accents).

const MONEY_NOUNS =
  'money|cash|dollars?|euros?|pounds?|francs?|shillings?|cedis?|naira|rupees?|pesos?|airtime|phone credit|mobile money|school fees|fees|\\$\\s?\\d[\\d,.]*|\\d[\\d,.]*\\s?(?:\\$|dollars?|euros?|usd|cad)';
const GIFT_NOUNS =
  'phone|cell ?phone|smartphone|mobile|iphone|laptop|computer|tablet|ipad|bike|bicycle|motorbike|shoes|clothes|gifts?|presents?';
const EN_PEOPLE = '(?:me|us|my \\w+|our \\w+|him|her|them)';
const FR_MONEY =
  'argent|sous|fric|dollars?|euros?|francs?|fcfa|cfa|shillings?|credit|frais de scolarite|\\$\\s?\\d[\\d,.]*|\\d[\\d,.]*\\s?(?:\\$|dollars?|euros?|francs?|fcfa)';
const FR_GIFTS = 'telephone|portable|cellulaire|ordinateur|tablette|velo|moto|chaussures|vetements|cadeaux?';

const MONEY_PATTERNS: RegExp[] = [
  // send me money, can you send $50, give us some cash, wire my mother 100 dollars
  new RegExp(
    `\\b(?:send|give|lend|loan|wire|transfer|mail|pay)(?:\\s+(?:to\\s+)?${EN_PEOPLE})?(?:\\s+(?:some|a little|a bit of|more|the|extra))?\\s+(?:${MONEY_NOUNS})(?![a-z0-9_])`,
    'g',
  ),
  // buy me a phone, please buy us a bike, could you buy my sister shoes
  /\bbuy\s+(?:me|us|for me|for us|my \w+|our \w+)(?:\s+(?:a|an|some|new|nice|big|the|\d+))*\s+[\w']+/g,
  // send me a phone, I want a new laptop from you, can you give me shoes
  new RegExp(
    `\\b(?:send|give|get|bring)\\s+${EN_PEOPLE}\\s+(?:a |an |some |new |the )*(?:${GIFT_NOUNS})\\b`,
    'g',
  ),
  // I need money, we need some cash, I beg for money, I ask you for money
  new RegExp(
    `\\b(?:i|we)\\s+(?:really\\s+)?(?:need|want|beg(?: you)?(?: for)?|ask(?: you)?(?: for)?|would like|am asking(?: you)?(?: for)?)\\s+(?:some |a little |more |the )?(?:${MONEY_NOUNS})(?![a-z0-9_])`,
    'g',
  ),
  // help me pay my school fees, can you pay for my school, please pay the rent
  /\b(?:help (?:me|us)(?: to)? pay|(?:can|could|would|will) you (?:please )?pay|please pay)\b(?:\s+for)?(?:\s+\w+){0,3}/g,
  // services, cards and bank details
  /\b(?:western union|moneygram|money gram|paypal|venmo|cash ?app|zelle|m-?pesa|mobile money|orange money|mtn momo|momo|airtel money|interac|e-?transfer|remitly|worldremit|wise transfer|gift ?cards?|itunes cards?|google play cards?|amazon cards?|steam cards?|bank accounts?|account (?:number|no\.?|#)|routing number|iban|swift(?: code)?|bic code|sort code)\b/g,
  /\b(?:account|acct|compte)\s*(?:number|no\.?|#|numero|n°|no)?\s*:?\s*\d[\d\s-]{5,}\d/g,
  /\b[a-z]{2}\d{2}(?:\s?[a-z0-9]{4}){3,7}(?:\s?[a-z0-9]{1,3})?\b/g,
  // French: envoie-moi de l'argent, peux-tu m'envoyer 50 $, donnez-nous des sous, prete-moi
  new RegExp(
    `(?:\\b(?:envoie|envoyez|envoyer|donne|donnez|donner|prete|pretez|preter|vire|virez|virer|transfere|transferez|transferer|paie|payez|payer)(?:-moi|-nous|\\s+moi|\\s+nous)?|\\b(?:m'|nous\\s+|me\\s+)(?:envoyer|envoies|envoyiez|donner|donnes|preter|virer|payer))\\s+(?:un peu |plus |encore )?(?:de l'|d'|de la |de |des |du |un |une |les |le |la )?(?:${FR_MONEY})(?![a-z0-9_])`,
    'g',
  ),
  // achete-moi un telephone, pourriez-vous m'acheter des chaussures, offre-moi un velo
  /(?:\b(?:achete|achetez|offre|offrez)-(?:moi|nous)|\b(?:m'|nous\s+)(?:acheter|offrir))(?:\s+(?:un|une|des|de|du|le|la|les|nouveau|nouvelle|beau|belle|\d+))*\s+[\w']+/g,
  new RegExp(
    `\\b(?:envoie|envoyez|donne|donnez)-(?:moi|nous)\\s+(?:un |une |des |le |la |les |de |du )*(?:${FR_GIFTS})\\b`,
    'g',
  ),
  // j'ai besoin d'argent, nous avons besoin de sous, je veux de l'argent
  new RegExp(
    `\\b(?:j'ai|nous avons|on a|j'aurais|nous aurions)\\s+(?:vraiment\\s+)?besoin\\s+(?:d'|de |de l'|d'un peu d')(?:${FR_MONEY})(?![a-z0-9_])|\\bje (?:veux|voudrais|demande)\\s+(?:de l'|d'|des |un peu d')?(?:argent|sous)\\b`,
    'g',
  ),
  /\b(?:mandat(?: postal)?|virement(?: bancaire)?|compte bancaire|numero de compte|cartes?[- ]cadeaux?|rib)\b/g,
];

function moneyRequests(folded: Folded): Span[] {
  return MONEY_PATTERNS.flatMap((re) => foldedMatches(folded, re, 'money'));
}

// ---------------------------------------------------------------------------------------------
// The partner's word list.

/** One pattern per entry, so that overlapping entries ("big secret", "secret meeting") all hit. */
function wordPatterns(words: readonly string[]): RegExp[] {
  const parts = new Set(
    words
      .map((w) => fold(w.trim()).text.split(/\s+/).filter(Boolean).map(escapeRe).join('\\s+'))
      .filter((w) => w.length > 0),
  );
  return [...parts].map((p) => new RegExp(`${NOT_WORD_BEFORE}${p}${NOT_WORD_AFTER}`, 'gu'));
}

// ---------------------------------------------------------------------------------------------

/**
 * A flag inside another flag that already names the same detail is dropped: the digits of a
 * link's path, the @name of an email, the account number a money flag already covers.
 */
const CONTAINS: Partial<Record<LetterFlagKind, ReadonlySet<LetterFlagKind>>> = {
  email: new Set(['phone', 'handle', 'postcode', 'address', 'link']),
  link: new Set(['phone', 'handle', 'postcode', 'address']),
  money: new Set(['phone', 'postcode']),
};

function merge(spans: Span[]): Span[] {
  const byKind = new Map<LetterFlagKind, Span[]>();
  for (const s of spans) byKind.set(s.kind, [...(byKind.get(s.kind) ?? []), s]);
  const merged: Span[] = [];
  for (const list of byKind.values()) {
    list.sort((a, b) => a.start - b.start || b.end - a.end);
    let current: Span | undefined;
    for (const s of list) {
      if (current && s.start < current.end) current.end = Math.max(current.end, s.end);
      else {
        current = { ...s };
        merged.push(current);
      }
    }
  }
  return merged.filter(
    (s) =>
      !merged.some((c) => c !== s && CONTAINS[c.kind]?.has(s.kind) && c.start <= s.start && s.end <= c.end),
  );
}

/** Trims spaces and closing punctuation a pattern may have swallowed at either end. */
function trimSpan(text: string, s: Span): Span {
  let { start, end } = s;
  while (start < end && /[\s,;]/.test(text[start]!)) start++;
  while (end > start && /[\s,;:!?]/.test(text[end - 1]!)) end--;
  return { ...s, start, end };
}

export function screenLetter(text: string, options: LetterScreenOptions = {}): LetterFlag[] {
  if (text.trim() === '') return [];
  const folded = fold(text);
  const words = wordPatterns(options.words ?? []);
  const spans = [
    ...linksAndEmails(text),
    ...phones(text, folded, options.defaultCountry),
    ...handles(folded),
    ...addresses(text),
    ...postcodes(text),
    ...moneyRequests(folded),
    ...words.flatMap((re) => foldedMatches(folded, re, 'word')),
  ].map((s) => trimSpan(text, s));
  return merge(spans.filter((s) => s.end > s.start))
    .sort((a, b) => a.start - b.start || a.end - b.end || a.kind.localeCompare(b.kind))
    .map((s) => ({ kind: s.kind, start: s.start, end: s.end, text: text.slice(s.start, s.end) }));
}
