// Text for PDFs drawn with pdfkit's built-in fonts (receipts, statements, gift cards, letters).

/**
 * Characters outside Latin-1 that the built-in fonts still draw: Windows-1252's punctuation (dashes,
 * curly quotes, ellipsis, bullet, euro, ...), which pdfkit encodes for its standard fonts.
 */
const WIN_ANSI_EXTRA = new Set(
  '\u20ac\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u017d\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u017e\u0178',
);

/** Letters the built-in fonts cannot draw that have a plain look-alike. */
const LOOKALIKES: Record<string, string> = {
  '\u0141': 'L',
  '\u0142': 'l',
  '\u0110': 'D',
  '\u0111': 'd',
  '\u0131': 'i',
};

/**
 * Text the built-in Helvetica can draw (Windows-1252: Latin-1 with its dashes, curly quotes and
 * euro): accents outside it are dropped (Ś -> S), and anything else becomes '?', never garbage.
 */
export function pdfSafe(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if ((code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch)) out += ch;
    else if (ch === '\n') out += ch;
    else if (LOOKALIKES[ch]) out += LOOKALIKES[ch];
    else {
      const base = ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      out +=
        [...base].every((c) => c.codePointAt(0)! >= 0x20 && c.codePointAt(0)! <= 0xff) && base ? base : '?';
    }
  }
  return out;
}
