import zlib from 'node:zlib';
import { letterQrText } from '@kinship/domain';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { photographedReplyPage } from '../../../../test/letter-photo.ts';
import { HttpError } from '../../../platform/errors.ts';
import { readScanFile, SCAN_PROBLEMS, scanProblemIn } from './letter-scan.ts';

/** A PDF as a scanner makes it: each picture drawn filling a Letter page; `null` draws a page of text. */
async function scannerPdf(pictures: (Buffer | null)[]): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 0, autoFirstPage: false });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  for (const picture of pictures) {
    doc.addPage();
    if (picture) doc.image(picture, 0, 0, { width: doc.page.width, height: doc.page.height });
    else doc.font('Helvetica').fontSize(12).text('A page of typed text and no picture.', 72, 72);
  }
  doc.end();
  return done;
}

/**
 * A PDF as a scanner in black-and-white mode writes it: one picture of one bit a pixel (0 black),
 * deflated, filling a Letter page that /Rotate turns a quarter (pdfkit writes neither).
 */
async function bilevelPdf(picture: Buffer): Promise<Buffer> {
  const { data, info } = await sharp(picture)
    .greyscale()
    .threshold(128)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const rowBytes = (info.width + 7) >> 3;
  const packed = Buffer.alloc(rowBytes * info.height);
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      if (data[y * info.width + x]! > 127) packed[y * rowBytes + (x >> 3)]! |= 0x80 >> (x & 7);
    }
  }
  const image = zlib.deflateSync(packed);
  const content = Buffer.from('q 612 0 0 792 0 0 cm /Im1 Do Q\n');
  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from(
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Rotate 90 /Resources << /XObject << /Im1 5 0 R >> >> /Contents 4 0 R >>',
    ),
    Buffer.concat([
      Buffer.from(`<< /Length ${content.length} >>\nstream\n`),
      content,
      Buffer.from('\nendstream'),
    ]),
    Buffer.concat([
      Buffer.from(
        `<< /Type /XObject /Subtype /Image /Width ${info.width} /Height ${info.height} /ColorSpace /DeviceGray /BitsPerComponent 1 /Filter /FlateDecode /Length ${image.length} >>\nstream\n`,
      ),
      image,
      Buffer.from('\nendstream'),
    ]),
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n')];
  const offsets: number[] = [];
  let length = parts[0]!.length;
  objects.forEach((object, i) => {
    offsets.push(length);
    const part = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), object, Buffer.from('\nendobj\n')]);
    parts.push(part);
    length += part.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n `),
    `trailer << /Size ${objects.length + 1} /Root 1 0 R >>`,
    'startxref',
    String(length),
    '%%EOF',
  ].join('\n');
  return Buffer.concat([...parts, Buffer.from(xref + '\n')]);
}

/** A flatbed scan of a reply page: straight, clean, at 150 dpi. */
const scannedPage = (qrText: string, seed = 5) =>
  photographedReplyPage(qrText, { angle: 0, noise: false, width: 1275, height: 1650, seed });

async function refusalOf(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

describe('reading a photographed or scanned reply page', () => {
  it('reads the letter’s code on a phone photo of a turned page, and keeps an upright JPEG without metadata', async () => {
    const photo = await photographedReplyPage(letterQrText(3, 4021));
    expect((await sharp(photo).metadata()).width).toBe(3000);
    const started = performance.now();
    const pages = await readScanFile(photo, 'IMG_2041.jpg');
    const elapsed = performance.now() - started;
    expect(pages.map(({ page, qr, problem }) => ({ page, qr, problem }))).toEqual([
      { page: 1, qr: { partnersId: 3, letterId: 4021 }, problem: null },
    ]);
    const picture = await sharp(pages[0]!.picture).metadata();
    expect([picture.format, picture.width, picture.height]).toEqual(['jpeg', 1500, 2000]);
    expect(picture.exif).toBeUndefined();
    expect(picture.icc).toBeUndefined();
    // Generous: several times what it takes, for a loaded test machine.
    expect(elapsed).toBeLessThan(15_000);
  });

  it('turns a photo upright by its EXIF orientation before reading it', async () => {
    const photo = await photographedReplyPage(letterQrText(3, 4022), {
      exifOrientation: 6,
      angle: -5,
      seed: 9,
    });
    const stored = await sharp(photo).metadata();
    expect([stored.width, stored.height, stored.orientation]).toEqual([4000, 3000, 6]);
    const [page] = await readScanFile(photo, 'IMG_2042.jpg');
    expect(page!.qr).toEqual({ partnersId: 3, letterId: 4022 });
    const picture = await sharp(page!.picture).metadata();
    expect([picture.width, picture.height, picture.orientation]).toEqual([1500, 2000, undefined]);
  });

  it('reads each page of a scanner’s PDF, and says which pages cannot be matched', async () => {
    const pdf = await scannerPdf([
      await scannedPage(letterQrText(3, 501)),
      await scannedPage(letterQrText(3, 502), 6),
      await photographedReplyPage('', {
        withoutCode: true,
        angle: 0,
        noise: false,
        width: 1275,
        height: 1650,
      }),
      null,
    ]);
    const pages = await readScanFile(pdf, 'replies.pdf');
    expect(pages.map(({ page, qr, problem }) => ({ page, qr, problem }))).toEqual([
      { page: 1, qr: { partnersId: 3, letterId: 501 }, problem: null },
      { page: 2, qr: { partnersId: 3, letterId: 502 }, problem: null },
      { page: 3, qr: null, problem: 'No letter code could be read on this page: match it by hand.' },
      { page: 4, qr: null, problem: 'This page has no picture to read.' },
    ]);
    for (const { picture } of pages) {
      const meta = await sharp(picture).metadata();
      expect(meta.format).toBe('jpeg');
      // The Letter page's shape, at the scan's own density (150 dpi) within 2000 pixels.
      expect(Math.abs(meta.width! / meta.height! - 612 / 792)).toBeLessThan(0.01);
    }
    expect((await sharp(pages[0]!.picture).metadata()).height).toBe(1650);
  });

  it('reads a black-and-white scan (one bit a pixel) on a page the PDF turns a quarter', async () => {
    const pdf = await bilevelPdf(await scannedPage(letterQrText(3, 503), 7));
    const [page] = await readScanFile(pdf, 'bw.pdf');
    expect([page!.qr, page!.problem]).toEqual([{ partnersId: 3, letterId: 503 }, null]);
    const meta = await sharp(page!.picture).metadata();
    // Turned as the PDF shows it: landscape.
    expect([meta.width, meta.height]).toEqual([1650, 1275]);
  });

  it('says a code that is not a letter’s is not one', async () => {
    const qr = await QRCode.toBuffer('https://example.org/not-a-letter', {
      type: 'png',
      scale: 8,
      margin: 4,
    });
    const picture = await sharp({ create: { width: 900, height: 1200, channels: 3, background: '#ffffff' } })
      .composite([{ input: qr, left: 500, top: 60 }])
      .png()
      .toBuffer();
    const [page] = await readScanFile(picture, 'page.png');
    expect([page!.qr, page!.problem]).toEqual([
      null,
      'The code on this page is not a letter code: match it by hand.',
    ]);
  });

  it('refuses a file that is neither a picture nor a PDF with 415', async () => {
    const error = await refusalOf(readScanFile(Buffer.from('Dear sponsor, thank you.\n'), 'reply.txt'));
    expect(error.statusCode).toBe(415);
    expect(error.message).toBe(
      'reply.txt is not a picture or a PDF we can read (JPEG, PNG, WebP, TIFF or PDF).',
    );
    expect(error.inLocale?.('fr-CA')).toBe(
      'reply.txt n’est pas une image ni un PDF que nous pouvons lire (JPEG, PNG, WebP, TIFF ou PDF).',
    );
  });

  it('refuses a PDF of more than 50 pages with 413, and a damaged one with 422', async () => {
    const blank = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ffffff' } })
      .jpeg()
      .toBuffer();
    const tooLong = await refusalOf(readScanFile(await scannerPdf(Array(51).fill(blank)), 'all.pdf'));
    expect([tooLong.statusCode, tooLong.message]).toEqual([
      413,
      'all.pdf has 51 pages; a file may have at most 50. Split it and send each part.',
    ]);
    const damaged = await refusalOf(readScanFile(Buffer.from('%PDF-1.7\nnothing else'), 'broken.pdf'));
    expect([damaged.statusCode, damaged.message]).toEqual([
      422,
      'broken.pdf is a PDF that cannot be opened (damaged, or protected by a password).',
    ]);
  });

  it('gives staff the problems in their language', () => {
    expect(scanProblemIn('fr-CA', SCAN_PROBLEMS.noCode)).toBe(
      'Aucun code de lettre n’a pu être lu sur cette page : associez-la à la main.',
    );
    expect(scanProblemIn('en-CA', SCAN_PROBLEMS.noPicture)).toBe('This page has no picture to read.');
    expect(scanProblemIn('fr-CA', 'Something else.')).toBe('Something else.');
  });
});
