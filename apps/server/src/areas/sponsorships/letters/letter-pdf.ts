// Letters on paper (issue 24, decision 077): one letter as the PDF its readers download
// (GET messages/{id}/pdf), and a program's batch of approved sponsor letters to print, a letter a
// page, each with the QR code a reply is matched by when it comes back scanned.

import { defineMessages } from '@formatjs/intl';
import { letterQrText, type LetterDirection, type Locale } from '@kinship/domain';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { intlFor, sayIn, type Say } from '../../../platform/messages.ts';
import { pdfSafe } from '../../../platform/pdf-safe.ts';

/** One letter as the reader's PDF shows it. Nothing else about the sponsor or the child is given. */
export interface LetterPdfLetter {
  id: number;
  direction: LetterDirection;
  /** The name the reader knows the sponsored person by (as the reader's pages show it). */
  recordName: string;
  /** The sponsor's first name only. */
  sponsorFirstName: string;
  body: string;
  /** The language it is written in (a BCP 47 tag), written into the PDF for screen readers. */
  language: string;
  createdAt: Date | string;
  /** Its pictures (WebP, JPEG or PNG, as stored); one that cannot be read is left out. */
  pictures: Buffer[];
  /** A reply that came back on paper: the page's picture (JPEG or PNG), drawn filling a page. */
  scan?: Buffer | null;
}

export interface LetterPdfOptions {
  /** The reader's language (decision 073). */
  locale: Locale;
  partnerName: string;
  /** The zone the date is written in (the partner's); UTC when left out. */
  timeZone?: string;
}

/** One approved sponsor letter of a print batch. Nothing about the sponsor but a first name. */
export interface LetterPrintItem {
  id: number;
  partnersId: number;
  /** The record's code, how the program finds the child the letter is for. */
  recordCode: string | null;
  sponsorFirstName: string;
  body: string;
  language: string;
  pictures: Buffer[];
}

export interface LetterBatchOptions {
  /** The language of the page's own words (the program's: the partner's default locale). */
  locale: Locale;
  partnerName: string;
}

export const letterPdfMessages = defineMessages({
  documentTitle: { id: 'pdf.letter.documentTitle', defaultMessage: 'Letter {id}' },
  toSponsored: { id: 'pdf.letter.toSponsored', defaultMessage: 'From {sponsorName} to {recordName}' },
  toSponsor: { id: 'pdf.letter.toSponsor', defaultMessage: 'From {recordName} to {sponsorName}' },
  written: { id: 'pdf.letter.written', defaultMessage: 'Written on {date}' },
  scanHeading: { id: 'pdf.letter.scanHeading', defaultMessage: 'The letter as it was written' },
  batchTitle: { id: 'pdf.letterBatch.title', defaultMessage: 'Letters to print' },
  batchFor: { id: 'pdf.letterBatch.for', defaultMessage: 'Letter for {code}' },
  batchNoCode: { id: 'pdf.letterBatch.noCode', defaultMessage: 'Letter' },
  batchFrom: { id: 'pdf.letterBatch.from', defaultMessage: 'From your sponsor {sponsorName}' },
  batchContinued: { id: 'pdf.letterBatch.continued', defaultMessage: '(continued)' },
  replyHeading: { id: 'pdf.letterBatch.replyHeading', defaultMessage: 'Your reply' },
  replyHelp: {
    id: 'pdf.letterBatch.replyHelp',
    defaultMessage:
      'Write your reply here, and go on on the back if you need more room. Keep the code at the top of this page visible: when this side is photographed or scanned, it tells us who the reply is for.',
  },
  keepCode: { id: 'pdf.letterBatch.keepCode', defaultMessage: 'Keep this code visible' },
});
const m = letterPdfMessages;

const MARGIN = 48;
const GREY = '#555555';
/** The QR code's side in points: 1.67 inches, read from a phone photo of the whole page. */
export const LETTER_QR_SIZE = 120;
const BATCH_PICTURE_SIZE = 110;
const LETTER_PICTURE_SIZE = 220;
/** The least room left for the reply under a letter; less, and the reply box goes on a page of its own. */
const REPLY_MIN_HEIGHT = 150;

function collect(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/** A letter's text as the built-in fonts draw it: line breaks kept, tabs as spaces. */
const letterText = (body: string) => pdfSafe(body.replace(/\r\n?/g, '\n').replace(/\t/g, '    '));

/**
 * pdfkit embeds JPEG and PNG only: each stored picture (WebP) is turned into a JPEG no larger than
 * needed for its printed size. One that cannot be read is left out rather than failing the letter.
 */
async function printablePictures(pictures: Buffer[], longestSide: number): Promise<Buffer[]> {
  const converted = await Promise.all(
    pictures.map((picture) =>
      sharp(picture, { failOn: 'error' })
        .rotate()
        .resize({ width: longestSide, height: longestSide, fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 85 })
        .toBuffer()
        .catch(() => null),
    ),
  );
  return converted.filter((picture) => picture !== null);
}

/** Pictures in a row (wrapping), each fitted in a `size` square. */
function pictureRow(doc: PDFKit.PDFDocument, pictures: Buffer[], size: number, bottomLimit: number) {
  const width = doc.page.width - 2 * MARGIN;
  const perRow = Math.max(1, Math.floor((width + 12) / (size + 12)));
  for (let i = 0; i < pictures.length; i += perRow) {
    if (doc.y + size > bottomLimit) doc.addPage();
    const top = doc.y;
    pictures.slice(i, i + perRow).forEach((picture, column) => {
      doc.image(picture, MARGIN + column * (size + 12), top, { fit: [size, size] });
    });
    doc.x = MARGIN;
    doc.y = top + size + 12;
  }
}

const formatDate = (locale: Locale, date: Date | string, timeZone = 'UTC') =>
  intlFor(locale).formatDate(new Date(date), { dateStyle: 'long', timeZone });

const directionText = (
  say: Say,
  letter: { direction: LetterDirection; recordName: string; sponsorFirstName: string },
) =>
  say(letter.direction === 'to_sponsored' ? m.toSponsored : m.toSponsor, {
    sponsorName: letter.sponsorFirstName,
    recordName: letter.recordName,
  });

/**
 * GET messages/{id}/pdf: one letter with its pictures, or, for a reply that came on paper, its
 * scanned page filling a page of its own. Its own words are in the reader's language.
 */
export async function renderLetterPdf(letter: LetterPdfLetter, options: LetterPdfOptions): Promise<Buffer> {
  const say = sayIn(options.locale);
  const partnerName = pdfSafe(options.partnerName);
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    lang: letter.language,
    info: {
      Title: pdfSafe(say(m.documentTitle, { id: String(letter.id) })),
      Author: partnerName,
      Creator: 'Kinship',
    },
  });
  const done = collect(doc);
  const pictures = await printablePictures(letter.pictures, 900);
  const scan = letter.scan ? (await printablePictures([letter.scan], 2000))[0] : undefined;
  const width = doc.page.width - 2 * MARGIN;
  const bottom = doc.page.height - MARGIN;

  doc.font('Helvetica').fontSize(10).fillColor(GREY).text(partnerName, MARGIN, MARGIN, { width });
  doc.moveDown(0.3);
  doc
    .font('Helvetica-Bold')
    .fontSize(18)
    .fillColor('#000000')
    .text(pdfSafe(directionText(say, letter)), { width });
  doc.moveDown(0.2);
  doc
    .font('Helvetica')
    .fontSize(11)
    .fillColor(GREY)
    .text(pdfSafe(say(m.written, { date: formatDate(options.locale, letter.createdAt, options.timeZone) })), {
      width,
    });
  const ruleY = doc.y + 8;
  doc
    .moveTo(MARGIN, ruleY)
    .lineTo(doc.page.width - MARGIN, ruleY)
    .lineWidth(1)
    .strokeColor('#cccccc')
    .stroke();
  doc.x = MARGIN;
  doc.y = ruleY + 16;

  const body = letter.body.trim();
  if (body) {
    doc.font('Helvetica').fontSize(12).fillColor('#000000').text(letterText(body), MARGIN, doc.y, {
      width,
      lineGap: 3,
    });
    doc.moveDown(1);
  }
  if (pictures.length) pictureRow(doc, pictures, LETTER_PICTURE_SIZE, bottom);
  if (scan) {
    // The scan gets the rest of the first page when there is no text, else a page of its own.
    if (body || pictures.length) doc.addPage();
    else {
      doc
        .font('Helvetica')
        .fontSize(10)
        .fillColor(GREY)
        .text(pdfSafe(say(m.scanHeading)), { width });
      doc.moveDown(0.5);
    }
    const top = doc.y;
    doc.image(scan, MARGIN, top, { fit: [width, bottom - top], align: 'center' });
  }
  doc.end();
  return done;
}

/**
 * The QR code as a grey PNG sharp enough to print at LETTER_QR_SIZE (12 pixels a module), with no
 * alpha channel (which pdfkit would add as a second image, a mask).
 */
async function qrPicture(text: string): Promise<Buffer> {
  const png = await QRCode.toBuffer(text, { type: 'png', errorCorrectionLevel: 'Q', margin: 4, scale: 12 });
  return sharp(png).flatten({ background: '#ffffff' }).greyscale().png().toBuffer();
}

/**
 * POST dashboard/letters/print: the batch of a program's approved sponsor letters, a letter a page
 * (a long one goes on over the next, every page of it carrying the code). A page shows the record's
 * code, the sponsor's first name, the letter and its pictures (small), the QR code naming the
 * letter (`letterQrText`: the partner and the letter, nothing about the child) and how to reply.
 */
export async function renderLetterBatchPdf(
  letters: LetterPrintItem[],
  options: LetterBatchOptions,
): Promise<Buffer> {
  const say = sayIn(options.locale);
  const partnerName = pdfSafe(options.partnerName);
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    autoFirstPage: false,
    info: { Title: pdfSafe(say(m.batchTitle)), Author: partnerName, Creator: 'Kinship' },
  });
  const done = collect(doc);
  for (const letter of letters) {
    const [qr, pictures] = await Promise.all([
      qrPicture(letterQrText(letter.partnersId, letter.id)),
      printablePictures(letter.pictures, 400),
    ]);
    drawBatchLetter(doc, say, partnerName, letter, qr, pictures);
  }
  // An empty batch is still a valid PDF (the caller refuses to print nothing before coming here).
  if (letters.length === 0) doc.addPage();
  doc.end();
  return done;
}

function drawBatchLetter(
  doc: PDFKit.PDFDocument,
  say: Say,
  partnerName: string,
  letter: LetterPrintItem,
  qr: Buffer,
  pictures: Buffer[],
) {
  const code = letter.recordCode ? pdfSafe(letter.recordCode) : null;
  const heading = code ? pdfSafe(say(m.batchFor, { code })) : pdfSafe(say(m.batchNoCode));
  /** The header of every page of the letter: who it is for and from, and the code at the right. */
  const header = (continued: boolean) => {
    doc.addPage();
    const width = doc.page.width - 2 * MARGIN - LETTER_QR_SIZE - 16;
    const qrLeft = doc.page.width - MARGIN - LETTER_QR_SIZE;
    doc.image(qr, qrLeft, MARGIN, { width: LETTER_QR_SIZE, height: LETTER_QR_SIZE });
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(GREY)
      .text(pdfSafe(say(m.keepCode)), qrLeft - 10, MARGIN + LETTER_QR_SIZE + 2, {
        width: LETTER_QR_SIZE + 20,
        align: 'center',
      });
    doc.font('Helvetica').fontSize(10).fillColor(GREY).text(partnerName, MARGIN, MARGIN, { width });
    doc.moveDown(0.3);
    doc
      .font('Helvetica-Bold')
      .fontSize(22)
      .fillColor('#000000')
      .text(continued ? `${heading} ${pdfSafe(say(m.batchContinued))}` : heading, { width });
    doc.moveDown(0.2);
    doc
      .font('Helvetica')
      .fontSize(13)
      .fillColor('#000000')
      .text(pdfSafe(say(m.batchFrom, { sponsorName: letter.sponsorFirstName })), { width });
    doc.x = MARGIN;
    doc.y = Math.max(doc.y, MARGIN + LETTER_QR_SIZE + 16) + 14;
  };
  header(false);
  const width = doc.page.width - 2 * MARGIN;
  const bottom = doc.page.height - MARGIN;

  // The body in the space under the header, page after page, each new page with the header again.
  doc.font('Helvetica').fontSize(12).fillColor('#000000');
  let remaining = letterText(letter.body.trim());
  while (remaining) {
    const available = bottom - doc.y;
    const fits = doc.heightOfString(remaining, { width, lineGap: 3 }) <= available;
    if (fits) {
      doc.text(remaining, MARGIN, doc.y, { width, lineGap: 3 });
      remaining = '';
      break;
    }
    const [part, rest] = splitToFit(doc, remaining, width, available);
    if (part) doc.text(part, MARGIN, doc.y, { width, lineGap: 3 });
    remaining = rest.replace(/^\s+/, '');
    header(true);
    doc.font('Helvetica').fontSize(12).fillColor('#000000');
  }
  doc.moveDown(0.8);
  if (pictures.length) {
    if (doc.y + BATCH_PICTURE_SIZE > bottom) header(true);
    pictureRow(doc, pictures, BATCH_PICTURE_SIZE, bottom);
  }
  if (bottom - doc.y < REPLY_MIN_HEIGHT) header(true);
  // The reply is written in a ruled box filling the rest of the letter's last page, under the code.
  const boxTop = doc.y + 4;
  doc
    .roundedRect(MARGIN, boxTop, width, bottom - boxTop, 6)
    .lineWidth(1)
    .strokeColor('#999999')
    .stroke();
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .fillColor('#000000')
    .text(pdfSafe(say(m.replyHeading)), MARGIN + 12, boxTop + 10, { width: width - 24 });
  doc.moveDown(0.2);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(GREY)
    .text(pdfSafe(say(m.replyHelp)), { width: width - 24 });
  for (let line = doc.y + 26; line < bottom - 12; line += 26) {
    doc
      .moveTo(MARGIN + 12, line)
      .lineTo(MARGIN + width - 12, line)
      .lineWidth(0.5)
      .strokeColor('#cccccc')
      .stroke();
  }
}

/**
 * The longest start of `text` (cut between words, else between characters) that fits in `height`
 * at the document's current font, and what is left.
 */
function splitToFit(doc: PDFKit.PDFDocument, text: string, width: number, height: number): [string, string] {
  const fits = (part: string) => doc.heightOfString(part, { width, lineGap: 3 }) <= height;
  let low = 0;
  let high = text.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fits(text.slice(0, middle))) low = middle;
    else high = middle - 1;
  }
  if (low === 0) return ['', text];
  const cut = text.slice(0, low);
  const lastBreak = Math.max(cut.lastIndexOf(' '), cut.lastIndexOf('\n'));
  const end = lastBreak > low / 2 && low < text.length ? lastBreak : low;
  return [text.slice(0, end), text.slice(end)];
}
