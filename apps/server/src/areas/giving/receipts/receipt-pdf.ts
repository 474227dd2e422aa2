import { defineMessages } from '@formatjs/intl';
import type { Locale } from '@kinship/domain';
import PDFDocument from 'pdfkit';
import { sayIn } from '../../../platform/messages.ts';
import { pdfSafe } from '../../../platform/pdf-safe.ts';

export { pdfSafe };

/** What a receipt PDF shows; every text is already formatted. */
export interface ReceiptPdfInput {
  /** The language it is written in (decision 070); en-US when not given. */
  locale?: Locale;
  partnerName: string;
  /** The partner's logo as PNG or JPEG, when it has one. */
  logo: Buffer | null;
  brandColor: string;
  code: string;
  date: string;
  donorName: string | null;
  description: string;
  amount: string;
  /** Each refund of the payment ('Refunded on 01/02/2026': '$5.00') and what remains, when any was made. */
  refunds?: { date: string; amount: string }[];
  netAmount?: string | null;
  paymentNotice: string[];
  receiptUrl: string;
  supportEmail: string | null;
}

export interface StatementPdfInput {
  /** The language it is written in (decision 073); en-US when not given. */
  locale?: Locale;
  partnerName: string;
  logo: Buffer | null;
  brandColor: string;
  year: number;
  donorName: string | null;
  donorEmail: string | null;
  rows: { date: string; description: string; code: string; amount: string }[];
  total: string;
  taxNotice: string | null;
  supportEmail: string | null;
  issuedOn: string;
}

const MARGIN = 56;

const GREY = '#555555';

/** Every text of an input made drawable (see pdfSafe); images are left as they are. */
function drawable<T>(value: T): T {
  if (typeof value === 'string') return pdfSafe(value) as T;
  if (Array.isArray(value)) return value.map(drawable) as T;
  if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, drawable(v)])) as T;
  }
  return value;
}

function collect(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

function newDocument(title: string, author: string): PDFKit.PDFDocument {
  return new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    info: { Title: title, Author: author, Creator: 'Kinship' },
  });
}

const safeColor = (color: string) => (/^#[0-9a-f]{6}$/i.test(color) ? color : '#1c7ed6');

/** The partner's logo and name across the top, over a rule in the partner's colour. */
function brandHeader(
  doc: PDFKit.PDFDocument,
  input: { partnerName: string; logo: Buffer | null; brandColor: string },
) {
  const top = doc.y;
  let textX = MARGIN;
  if (input.logo) {
    try {
      doc.image(input.logo, MARGIN, top, { fit: [48, 48] });
      textX = MARGIN + 60;
    } catch {
      // An unreadable logo leaves the name alone in the header.
    }
  }
  doc
    .fillColor('#000000')
    .font('Helvetica-Bold')
    .fontSize(20)
    .text(input.partnerName, textX, top + 12, { width: doc.page.width - MARGIN - textX });
  const ruleY = Math.max(doc.y, top + 48) + 10;
  doc
    .moveTo(MARGIN, ruleY)
    .lineTo(doc.page.width - MARGIN, ruleY)
    .lineWidth(2)
    .strokeColor(safeColor(input.brandColor))
    .stroke();
  doc.x = MARGIN;
  doc.y = ruleY + 18;
}

function labelled(doc: PDFKit.PDFDocument, label: string, value: string) {
  const y = doc.y;
  doc.font('Helvetica').fontSize(11).fillColor(GREY).text(label, MARGIN, y, { width: 130 });
  doc
    .font('Helvetica')
    .fontSize(11)
    .fillColor('#000000')
    .text(value, MARGIN + 140, y, { width: doc.page.width - 2 * MARGIN - 140 });
  doc.x = MARGIN;
  doc.moveDown(0.4);
}

function paragraphs(doc: PDFKit.PDFDocument, texts: string[]) {
  doc.font('Helvetica').fontSize(10).fillColor(GREY);
  for (const text of texts) {
    doc.text(text, MARGIN, doc.y, { width: doc.page.width - 2 * MARGIN });
    doc.moveDown(0.5);
  }
}

/** The receipt PDF's texts; the English defaults are today's receipt word for word. */
export const receiptPdfMessages = defineMessages({
  documentTitle: { id: 'pdf.receipt.documentTitle', defaultMessage: 'Receipt {code}' },
  title: { id: 'pdf.receipt.title', defaultMessage: 'Payment receipt' },
  code: { id: 'pdf.receipt.code', defaultMessage: 'Receipt' },
  date: { id: 'pdf.receipt.date', defaultMessage: 'Date' },
  receivedFrom: { id: 'pdf.receipt.receivedFrom', defaultMessage: 'Received from' },
  for: { id: 'pdf.receipt.for', defaultMessage: 'For' },
  amount: { id: 'pdf.receipt.amount', defaultMessage: 'Amount' },
  refunded: { id: 'pdf.receipt.refunded', defaultMessage: 'Refunded on {date}' },
  net: { id: 'pdf.receipt.net', defaultMessage: 'Net amount' },
  viewOnline: { id: 'pdf.receipt.viewOnline', defaultMessage: 'View this receipt online: {url}' },
  questions: {
    id: 'pdf.receipt.questions',
    defaultMessage: 'Questions? Contact {partnerName} at {email}.',
  },
});

export async function renderReceiptPdf(raw: ReceiptPdfInput): Promise<Buffer> {
  const say = sayIn(raw.locale ?? 'en-US');
  const m = receiptPdfMessages;
  const input = drawable(raw);
  const doc = newDocument(pdfSafe(say(m.documentTitle, { code: input.code })), input.partnerName);
  const done = collect(doc);
  brandHeader(doc, input);
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .fillColor('#000000')
    .text(pdfSafe(say(m.title)));
  doc.moveDown(0.8);
  const label = (text: string) => pdfSafe(text);
  labelled(doc, label(say(m.code)), input.code);
  labelled(doc, label(say(m.date)), input.date);
  if (input.donorName) labelled(doc, label(say(m.receivedFrom)), input.donorName);
  labelled(doc, label(say(m.for)), input.description);
  labelled(doc, label(say(m.amount)), input.amount);
  for (const refund of input.refunds ?? [])
    labelled(doc, label(say(m.refunded, { date: refund.date })), refund.amount);
  if (input.netAmount) labelled(doc, label(say(m.net)), input.netAmount);
  doc.moveDown(1);
  paragraphs(doc, input.paymentNotice);
  doc.moveDown(0.5);
  paragraphs(
    doc,
    [
      say(m.viewOnline, { url: input.receiptUrl }),
      ...(input.supportEmail
        ? [say(m.questions, { partnerName: input.partnerName, email: input.supportEmail })]
        : []),
    ].map(pdfSafe),
  );
  doc.end();
  return done;
}

/** The year-end statement's words (decision 073); the English defaults are today's statement. */
export const statementPdfMessages = defineMessages({
  documentTitle: { id: 'pdf.statement.documentTitle', defaultMessage: 'Giving statement {year}' },
  title: { id: 'pdf.statement.title', defaultMessage: 'Giving statement for {year}' },
  donor: { id: 'pdf.statement.donor', defaultMessage: 'Donor' },
  email: { id: 'pdf.statement.email', defaultMessage: 'Email' },
  issued: { id: 'pdf.statement.issued', defaultMessage: 'Issued' },
  date: { id: 'pdf.statement.date', defaultMessage: 'Date' },
  description: { id: 'pdf.statement.description', defaultMessage: 'Description' },
  receipt: { id: 'pdf.statement.receipt', defaultMessage: 'Receipt' },
  amount: { id: 'pdf.statement.amount', defaultMessage: 'Amount' },
  none: { id: 'pdf.statement.none', defaultMessage: 'No payments to {partnerName} in {year}.' },
  total: { id: 'pdf.statement.total', defaultMessage: 'Total for {year}' },
  net: {
    id: 'pdf.statement.net',
    defaultMessage: 'Amounts are net of any refunds. Keep this statement with your tax records.',
  },
});

export async function renderStatementPdf(raw: StatementPdfInput): Promise<Buffer> {
  const say = sayIn(raw.locale ?? 'en-US');
  const m = statementPdfMessages;
  const input = drawable(raw);
  // The year as written, never grouped as a number ('2,026').
  const year = String(input.year);
  const doc = newDocument(pdfSafe(say(m.documentTitle, { year })), input.partnerName);
  const done = collect(doc);
  brandHeader(doc, input);
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .fillColor('#000000')
    .text(pdfSafe(say(m.title, { year })));
  doc.moveDown(0.8);
  if (input.donorName) labelled(doc, pdfSafe(say(m.donor)), input.donorName);
  if (input.donorEmail) labelled(doc, pdfSafe(say(m.email)), input.donorEmail);
  labelled(doc, pdfSafe(say(m.issued)), input.issuedOn);
  doc.moveDown(0.8);

  const width = doc.page.width - 2 * MARGIN;
  const columns = [
    { title: pdfSafe(say(m.date)), x: MARGIN, width: 65 },
    { title: pdfSafe(say(m.description)), x: MARGIN + 70, width: width - 70 - 215 },
    // Receipt codes (20 characters) are set in Courier 9 pt, 108 pt wide whatever their letters, so a
    // code is never broken across lines (in Helvetica a code of wide letters outgrew the column).
    { title: pdfSafe(say(m.receipt)), x: MARGIN + width - 210, width: 130, monospace: true },
    { title: pdfSafe(say(m.amount)), x: MARGIN + width - 75, width: 75, align: 'right' as const },
  ];
  const row = (cells: string[], bold: boolean) => {
    if (doc.y > doc.page.height - MARGIN - 40) doc.addPage();
    const y = doc.y;
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(10)
      .fillColor('#000000');
    let bottom = y;
    cells.forEach((cell, i) => {
      const column: { x: number; width: number; align?: 'right'; monospace?: boolean } = columns[i]!;
      if (column.monospace && !bold) doc.font('Courier').fontSize(9);
      doc.text(cell, column.x, y, { width: column.width, align: column.align ?? 'left' });
      if (column.monospace && !bold) doc.font('Helvetica').fontSize(10);
      bottom = Math.max(bottom, doc.y);
    });
    doc.x = MARGIN;
    doc.y = bottom + 4;
  };
  const rule = () => {
    doc
      .moveTo(MARGIN, doc.y)
      .lineTo(MARGIN + width, doc.y)
      .lineWidth(0.5)
      .strokeColor('#999999')
      .stroke();
    doc.y += 4;
  };
  row(
    columns.map((c) => c.title),
    true,
  );
  rule();
  if (input.rows.length === 0) {
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor(GREY)
      .text(pdfSafe(say(m.none, { partnerName: input.partnerName, year })), MARGIN);
    doc.moveDown(0.5);
  }
  for (const r of input.rows) row([r.date, r.description, r.code, r.amount], false);
  rule();
  row(['', pdfSafe(say(m.total, { year })), '', input.total], true);
  doc.moveDown(1.5);
  paragraphs(doc, [
    ...(input.taxNotice ? [input.taxNotice] : []),
    pdfSafe(say(m.net)),
    ...(input.supportEmail
      ? [
          pdfSafe(
            say(receiptPdfMessages.questions, { partnerName: input.partnerName, email: input.supportEmail }),
          ),
        ]
      : []),
  ]);
  doc.end();
  return done;
}
