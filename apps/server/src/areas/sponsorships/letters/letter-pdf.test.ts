import zlib from 'node:zlib';
import { letterQrText } from '@kinship/domain';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../../test/pdf-text.ts';
import {
  renderLetterBatchPdf,
  renderLetterPdf,
  type LetterPdfLetter,
  type LetterPrintItem,
} from './letter-pdf.ts';
import { readScanFile } from './letter-scan.ts';

/** The PDF's text on one line, words separated by single spaces (pdfkit draws a line per operator). */
const flat = (pdf: Buffer) => pdfText(pdf).replace(/\s+/g, ' ');
const words = (text: string) => text.replace(/\s+/g, ' ').trim();
const pageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;
const imageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Subtype \/Image/g)?.length ?? 0;

/** Every stream of the PDF inflated, with the rest of its bytes: where any text could hide. */
function everything(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  let all = source;
  for (const match of source.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = source.indexOf('endstream', start);
    try {
      all += zlib.inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      // not deflated
    }
  }
  return all;
}

const webp = (colour: string) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: colour } })
    .webp()
    .toBuffer();

const BODY =
  'Dear Amina,\n\nWe hope the rains came in time for the harvest. Our garden gave us more tomatoes than we could eat!\n\nWith love, Jane';

const letter = async (overrides: Partial<LetterPdfLetter> = {}): Promise<LetterPdfLetter> => ({
  id: 41,
  direction: 'to_sponsored',
  recordName: 'Amina',
  sponsorFirstName: 'Jane',
  body: BODY,
  language: 'en-US',
  createdAt: '2026-11-03T15:00:00Z',
  pictures: [await webp('#3366aa'), await webp('#aa6633')],
  ...overrides,
});

describe('one letter as a PDF (GET messages/{id}/pdf)', () => {
  it('shows the partner, who writes to whom, the date, the whole text and both pictures', async () => {
    const pdf = await renderLetterPdf(await letter(), { locale: 'en-US', partnerName: 'Hope Alliance' });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = flat(pdf);
    expect(text).toContain('Hope Alliance');
    expect(text).toContain('From Jane to Amina');
    expect(text).toContain('Written on November 3, 2026');
    expect(text).toContain(words(BODY));
    // The WebP pictures were turned into pictures a PDF holds (pdfkit refuses WebP).
    expect(imageCount(pdf)).toBe(2);
    expect(pageCount(pdf)).toBe(1);
  });

  it('is written in its reader’s language, a reply naming the child first', async () => {
    const pdf = await renderLetterPdf(await letter({ direction: 'to_sponsor', pictures: [] }), {
      locale: 'fr-CA',
      partnerName: 'Espoir',
    });
    const text = flat(pdf);
    expect(text).toContain('D’Amina à Jane');
    expect(text).toContain('Écrite le 3 novembre 2026');
    expect(imageCount(pdf)).toBe(0);
  });

  it('draws a reply’s scanned page filling a page of its own, which reads back with its code', async () => {
    const qr = await QRCode.toBuffer(letterQrText(7, 12), { type: 'png', margin: 4, scale: 8 });
    const scan = await sharp({ create: { width: 1275, height: 1650, channels: 3, background: '#ffffff' } })
      .composite([
        { input: await sharp(qr).resize(300, 300, { kernel: 'nearest' }).toBuffer(), left: 900, top: 80 },
      ])
      .jpeg()
      .toBuffer();
    const pdf = await renderLetterPdf(
      await letter({ direction: 'to_sponsor', body: 'Thank you for the letter.', pictures: [], scan }),
      { locale: 'en-US', partnerName: 'Hope Alliance' },
    );
    expect(pageCount(pdf)).toBe(2);
    expect(flat(pdf)).toContain('Thank you for the letter.');
    const pages = await readScanFile(pdf, 'message.pdf');
    expect(pages.map((p) => [p.page, p.qr, p.problem])).toEqual([
      [1, null, 'This page has no picture to read.'],
      [2, { partnersId: 7, letterId: 12 }, null],
    ]);
  });

  it('keeps a letter whose picture cannot be read, without the picture', async () => {
    const pdf = await renderLetterPdf(await letter({ pictures: [Buffer.from('not a picture')] }), {
      locale: 'en-US',
      partnerName: 'Hope Alliance',
    });
    expect(imageCount(pdf)).toBe(0);
    expect(flat(pdf)).toContain(words(BODY));
  });
});

describe('the print batch of a program’s letters (POST dashboard/letters/print)', () => {
  const item = async (id: number, overrides: Partial<LetterPrintItem> = {}): Promise<LetterPrintItem> => ({
    id,
    partnersId: 3,
    recordCode: `KE-${id}`,
    sponsorFirstName: 'Jane',
    body: `Letter number ${id}. ${BODY}`,
    language: 'en-US',
    pictures: [],
    ...overrides,
  });
  const LONG = Array.from(
    { length: 60 },
    (_, i) => `Sentence ${i + 1} of a long letter about our week.`,
  ).join(' ');

  it('puts each short letter on one page with the record’s code, the sponsor’s first name and the text', async () => {
    const letters = [
      await item(101, { pictures: [await webp('#227722')] }),
      await item(102),
      await item(103),
    ];
    const pdf = await renderLetterBatchPdf(letters, { locale: 'en-US', partnerName: 'Hope Alliance' });
    expect(pageCount(pdf)).toBe(3);
    const text = flat(pdf);
    for (const id of [101, 102, 103]) {
      expect(text).toContain(`Letter for KE-${id}`);
      expect(text).toContain(words(`Letter number ${id}. ${BODY}`));
    }
    expect(text.match(/From your sponsor Jane/g)).toHaveLength(3);
    expect(text).toContain('Your reply');
    expect(text).toContain('Keep this code visible');
    // Three QR codes and the one picture.
    expect(imageCount(pdf)).toBe(4);
  });

  it('shows nothing of the sponsor but the first name', async () => {
    // A row as a store reads it, with more than the batch may print: only the listed fields are drawn.
    const row = {
      ...(await item(104)),
      sponsorLastName: 'Whitfield',
      sponsorEmail: 'jane.whitfield@example.org',
      sponsorAddress: '12 Orchard Lane',
    };
    const pdf = await renderLetterBatchPdf([row], { locale: 'en-US', partnerName: 'Hope Alliance' });
    const all = everything(pdf);
    expect(flat(pdf)).toContain('From your sponsor Jane');
    for (const secret of ['Whitfield', 'jane.whitfield', 'Orchard']) expect(all).not.toContain(secret);
  });

  it('goes on over a second page for a long letter, each page starting a letter anew', async () => {
    const pdf = await renderLetterBatchPdf([await item(105, { body: LONG }), await item(106)], {
      locale: 'en-US',
      partnerName: 'Hope Alliance',
    });
    expect(pageCount(pdf)).toBe(3);
    const text = flat(pdf);
    expect(text).toContain('Letter for KE-105 (continued)');
    expect(text).toContain('Sentence 60 of a long letter about our week.');
    expect(words(text)).toContain(words(LONG).slice(0, 200));
  });

  it('prints a QR code on every page that reads back as the letter it belongs to', async () => {
    const pdf = await renderLetterBatchPdf([await item(105, { body: LONG }), await item(106)], {
      locale: 'en-US',
      partnerName: 'Hope Alliance',
    });
    const pages = await readScanFile(pdf, 'letters.pdf');
    expect(pages.map((p) => [p.page, p.qr])).toEqual([
      [1, { partnersId: 3, letterId: 105 }],
      [2, { partnersId: 3, letterId: 105 }],
      [3, { partnersId: 3, letterId: 106 }],
    ]);
  });

  it('writes its own words in the program’s language', async () => {
    const pdf = await renderLetterBatchPdf([await item(107, { sponsorFirstName: 'Ève' })], {
      locale: 'fr-CA',
      partnerName: 'Espoir',
    });
    const text = flat(pdf);
    expect(text).toContain('Lettre pour KE-107');
    expect(text).toContain('De ton parrain ou ta marraine Ève');
    expect(text).toContain('Ta réponse');
  });
});
