import zlib from 'node:zlib';

/**
 * The text drawn in a PDF that pdfkit wrote (standard fonts): every content stream is inflated and
 * the strings of its TJ/Tj operators are decoded, one line per operator. Enough for tests to check
 * what a receipt or statement says.
 */
export function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const lines: string[] = [];
  const streamPattern = /<<([^]*?)>>\s*stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = streamPattern.exec(source))) {
    const start = match.index + match[0].length;
    const end = source.indexOf('endstream', start);
    if (end === -1) break;
    let body = pdf.subarray(start, end);
    if (/\/FlateDecode/.test(match[1]!)) {
      try {
        body = zlib.inflateSync(body);
      } catch {
        continue;
      }
    }
    const content = body.toString('latin1');
    for (const op of content.matchAll(/\[([^\]]*)\]\s*TJ|(<[0-9a-fA-F]*>|\((?:\\.|[^\\)])*\))\s*Tj/g)) {
      const parts = op[1] ?? op[2] ?? '';
      let text = '';
      for (const piece of parts.matchAll(/<([0-9a-fA-F]*)>|\(((?:\\.|[^\\)])*)\)/g)) {
        if (piece[1] !== undefined) text += fromWinAnsi(Buffer.from(piece[1], 'hex').toString('latin1'));
        else text += fromWinAnsi(piece[2]!.replace(/\\(.)/g, '$1'));
      }
      lines.push(text);
    }
    streamPattern.lastIndex = end;
  }
  return lines.join('\n');
}

/** pdfkit's standard fonts write Windows-1252: its 0x80-0x9f bytes are punctuation, not controls. */
const WIN_ANSI_80_9F =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';
function fromWinAnsi(text: string): string {
  return text.replace(/[\x80-\x9f]/g, (ch) => WIN_ANSI_80_9F[ch.charCodeAt(0) - 0x80]!);
}
