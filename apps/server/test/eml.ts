/** A small reader of the .eml files the file mailer writes: headers, and the decoded text and HTML parts. */
export interface ReadMail {
  subject: string;
  to: string;
  text: string;
  html: string;
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
