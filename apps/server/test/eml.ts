import addressparser from 'nodemailer/lib/addressparser';

/** A small reader of the .eml files the file mailer writes: headers, and the decoded text and HTML parts. */
export interface ReadMail {
  subject: string;
  to: string;
  /** The From header's display name and address, MIME words decoded. */
  from: { name: string; address: string };
  /** The Reply-To address, or null when the header is absent. */
  replyTo: string | null;
  /** The From header as written (encoded), to check it is plain ASCII. */
  rawFrom: string;
  text: string;
  html: string;
}

/** Decodes RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`) of a header. */
export function decodeMimeWords(header: string): string {
  return header
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, charset: string, encoding: string, text: string) => {
      const bytes =
        encoding.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64')
          : Buffer.from(
              text
                .replace(/_/g, ' ')
                .replace(/=([0-9A-F]{2})/gi, (_q, hex: string) => String.fromCharCode(parseInt(hex, 16))),
              'latin1',
            );
      return bytes.toString(charset.toLowerCase() === 'utf-8' ? 'utf8' : 'latin1');
    });
}

function mailboxOf(header: string): { name: string; address: string } {
  // Parsed as written, then the name's words decoded: a decoded name may hold quotes of its own.
  const [first] = addressparser(header, { flatten: true });
  return { name: decodeMimeWords(first?.name ?? ''), address: first?.address ?? '' };
}

function decodePart(body: string, encoding: string | undefined): string {
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

function splitHeaders(block: string): { headers: Map<string, string>; body: string } {
  const normalized = block.replace(/\r\n/g, '\n');
  const at = normalized.indexOf('\n\n');
  const head = at === -1 ? normalized : normalized.slice(0, at);
  const body = at === -1 ? '' : normalized.slice(at + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

export function readEml(eml: string): ReadMail {
  const { headers, body } = splitHeaders(eml);
  const result: ReadMail = {
    subject: headers.get('subject') ?? '',
    to: headers.get('to') ?? '',
    from: mailboxOf(headers.get('from') ?? ''),
    replyTo: headers.has('reply-to') ? mailboxOf(headers.get('reply-to')!).address : null,
    rawFrom: headers.get('from') ?? '',
    text: '',
    html: '',
  };
  const visit = (partHeaders: Map<string, string>, partBody: string) => {
    const type = partHeaders.get('content-type') ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (type.startsWith('multipart/') && boundary) {
      for (const chunk of partBody.split(`--${boundary}`).slice(1)) {
        if (chunk.startsWith('--')) break;
        const part = splitHeaders(chunk.replace(/^\n/, ''));
        visit(part.headers, part.body);
      }
      return;
    }
    const decoded = decodePart(partBody, partHeaders.get('content-transfer-encoding')?.toLowerCase());
    if (type.startsWith('text/html')) result.html = decoded;
    else if (type.startsWith('text/plain')) result.text = decoded;
  };
  visit(headers, body);
  return result;
}

/** The http(s) links of a mail's text part. */
export function linksIn(mail: ReadMail): string[] {
  return [...mail.text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((m) => m[0]);
}

/** The PDF attached to a raw .eml (a receipt's), or null when it has none. */
export function attachedPdf(eml: string): Buffer | null {
  const normalized = eml.replace(/\r\n/g, '\n');
  const part = /Content-Type: application\/pdf[^]*?\n\n([A-Za-z0-9+/=\n]+?)\n(?:--|\n)/.exec(normalized);
  return part ? Buffer.from(part[1]!.replace(/\n/g, ''), 'base64') : null;
}
