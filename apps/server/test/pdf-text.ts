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
        if (piece[1] !== undefined) text += Buffer.from(piece[1], 'hex').toString('latin1');
        else text += piece[2]!.replace(/\\(.)/g, '$1');
      }
      lines.push(text);
    }
    streamPattern.lastIndex = end;
  }
  return lines.join('\n');
}
