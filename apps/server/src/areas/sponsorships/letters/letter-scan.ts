// Reading scanned or photographed reply pages (issue 24, decision 077): each page becomes an upright,
// metadata-free JPEG, and the letter code printed on the sponsor's letter (`letterQrText`) is read
// from it with jsQR. PDFs of scanned pages are taken apart with pdf.js (legacy build, no canvas): the
// pictures each page draws are put back where the page draws them.

import { createRequire } from 'node:module';
import path from 'node:path';
import { defineMessages } from '@formatjs/intl';
import { parseLetterQr, type Locale } from '@kinship/domain';
import jsQR from 'jsqr';
import sharp, { type Metadata, type OverlayOptions, type Sharp } from 'sharp';
import type * as pdfjsModule from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { HttpError } from '../../../platform/errors.ts';
import { MAX_IMAGE_PIXELS } from '../../../platform/images.ts';
import { sayIn } from '../../../platform/messages.ts';

/** One page of an uploaded file, read. */
export interface ScannedPage {
  /** 1-based, in the file's order (1 for a single picture). */
  page: number;
  /** The page as an upright JPEG of at most SCAN_PICTURE_MAX pixels a side, with no metadata. */
  picture: Buffer;
  /** The letter its code names, when one was read. */
  qr: { partnersId: number; letterId: number } | null;
  /** Why it cannot be matched automatically (English, see `scanProblemIn`); null when `qr` is set. */
  problem: string | null;
}

/** The longest side of a page's stored picture. */
export const SCAN_PICTURE_MAX = 2000;
/** Pages read from one PDF (or multi-page TIFF) at most. */
export const SCAN_MAX_PAGES = 50;
/** Pixels pdf.js may decode for one picture inside a PDF (a 600 dpi Letter page is 34 million). */
const PDF_MAX_IMAGE_PIXELS = 60_000_000;

/** What staff read beside a page that was not matched; stored in English, shown in their language. */
export const scanProblemMessages = defineMessages({
  noPicture: { id: 'letters.scan.noPicture', defaultMessage: 'This page has no picture to read.' },
  noCode: {
    id: 'letters.scan.noCode',
    defaultMessage: 'No letter code could be read on this page: match it by hand.',
  },
  notLetterCode: {
    id: 'letters.scan.notLetterCode',
    defaultMessage: 'The code on this page is not a letter code: match it by hand.',
  },
  otherPartner: {
    id: 'letters.scan.otherPartner',
    defaultMessage: 'The code on this page belongs to another organization: match it by hand.',
  },
  unknownLetter: {
    id: 'letters.scan.unknownLetter',
    defaultMessage: 'The letter named by the code on this page was not found: match it by hand.',
  },
});

const english = sayIn('en-US');
const problemText = (key: keyof typeof scanProblemMessages) => english(scanProblemMessages[key]);

/** The English problem texts, for the caller's own checks (`otherPartner`, `unknownLetter`). */
export const SCAN_PROBLEMS = {
  noPicture: problemText('noPicture'),
  noCode: problemText('noCode'),
  notLetterCode: problemText('notLetterCode'),
  otherPartner: problemText('otherPartner'),
  unknownLetter: problemText('unknownLetter'),
} as const;

/** A stored problem text in a reader's language (an unknown text is answered as it is). */
export function scanProblemIn(locale: Locale, problem: string): string {
  const key = (Object.keys(SCAN_PROBLEMS) as (keyof typeof SCAN_PROBLEMS)[]).find(
    (k) => SCAN_PROBLEMS[k] === problem,
  );
  return key ? sayIn(locale)(scanProblemMessages[key]) : problem;
}

const refusalMessages = defineMessages({
  notScan: {
    id: 'letters.scan.notScan',
    defaultMessage: '{fileName} is not a picture or a PDF we can read (JPEG, PNG, WebP, TIFF or PDF).',
  },
  heic: {
    id: 'letters.scan.heic',
    defaultMessage:
      '{fileName} is a HEIC photo, which cannot be read here. Send it as JPEG (on an iPhone: Settings, Camera, Formats, Most Compatible).',
  },
  tooManyPages: {
    id: 'letters.scan.tooManyPages',
    defaultMessage:
      '{fileName} has {count} pages; a file may have at most {max}. Split it and send each part.',
  },
  tooManyPixels: {
    id: 'letters.scan.tooManyPixels',
    defaultMessage: '{fileName} is {width} x {height} pixels; a picture may have at most {max} megapixels.',
  },
  unreadablePdf: {
    id: 'letters.scan.unreadablePdf',
    defaultMessage: '{fileName} is a PDF that cannot be opened (damaged, or protected by a password).',
  },
});

/** A 4xx whose text follows the request's language (HttpError.sayingIn). */
function refusal(
  status: number,
  key: keyof typeof refusalMessages,
  values: Record<string, string | number>,
): HttpError {
  const descriptor = refusalMessages[key];
  return new HttpError(status, english(descriptor, values)).sayingIn((locale) =>
    sayIn(locale)(descriptor, values),
  );
}

/** The picture formats read, as sharp names what it finds in the bytes (AVIF is sharp's `heif`). */
const PICTURE_FORMATS = new Set(['jpeg', 'png', 'webp', 'tiff', 'heif']);

const isPdf = (data: Buffer) => data.subarray(0, 1024).includes('%PDF-');

/**
 * Reads an uploaded file of reply pages: a picture (JPEG, PNG, WebP, TIFF with one page or many,
 * AVIF) or a PDF of scanned pages. Refusals are 4xx HttpErrors naming the file: 415 for anything
 * else (HEIC included: the image library has no HEVC decoder), 413 beyond SCAN_MAX_PAGES pages or
 * MAX_IMAGE_PIXELS pixels, 422 for a PDF that cannot be opened.
 */
export async function readScanFile(data: Buffer, fileName: string): Promise<ScannedPage[]> {
  if (isPdf(data)) return readPdf(data, fileName);
  let meta: Metadata;
  try {
    meta = await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    throw refusal(415, 'notScan', { fileName });
  }
  if (meta.format === 'heif' && meta.compression === 'hevc') throw refusal(415, 'heic', { fileName });
  if (!meta.format || !PICTURE_FORMATS.has(meta.format) || !meta.width || !meta.height) {
    throw refusal(415, 'notScan', { fileName });
  }
  const pages = meta.format === 'tiff' ? (meta.pages ?? 1) : 1;
  if (pages > SCAN_MAX_PAGES) {
    throw refusal(413, 'tooManyPages', { fileName, count: pages, max: SCAN_MAX_PAGES });
  }
  // A multi-page TIFF's height is one page's unless pages are joined, which they are not here.
  if (meta.width * meta.height > MAX_IMAGE_PIXELS) {
    throw refusal(413, 'tooManyPixels', {
      fileName,
      width: meta.width,
      height: meta.height,
      max: MAX_IMAGE_PIXELS / 1_000_000,
    });
  }
  const result: ScannedPage[] = [];
  for (let page = 0; page < pages; page++) {
    let upright: RawPicture;
    try {
      const { data: pixels, info } = await sharp(data, {
        limitInputPixels: MAX_IMAGE_PIXELS,
        failOn: 'error',
        autoOrient: true,
        page,
      })
        .resize({
          width: SCAN_PICTURE_MAX,
          height: SCAN_PICTURE_MAX,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .flatten({ background: '#ffffff' })
        .toColourspace('srgb')
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      upright = { data: pixels, width: info.width, height: info.height };
    } catch {
      throw refusal(415, 'notScan', { fileName });
    }
    result.push(await readPage(page + 1, upright));
  }
  return result;
}

/** Three-channel (RGB) pixels, row after row. */
interface RawPicture {
  data: Buffer;
  width: number;
  height: number;
}

async function readPage(page: number, upright: RawPicture): Promise<ScannedPage> {
  const [picture, qrText] = await Promise.all([jpegOf(upright), findQrText(upright)]);
  if (qrText === null) return { page, picture, qr: null, problem: SCAN_PROBLEMS.noCode };
  const qr = parseLetterQr(qrText);
  return { page, picture, qr, problem: qr ? null : SCAN_PROBLEMS.notLetterCode };
}

const rawInput = (picture: RawPicture) =>
  sharp(picture.data, { raw: { width: picture.width, height: picture.height, channels: 3 } });

/** Stored pictures are written from decoded pixels, so nothing of the upload's metadata survives. */
const jpegOf = (picture: RawPicture) => rawInput(picture).jpeg({ quality: 85 }).toBuffer();

/**
 * The text of the first QR code found. A phone photo is large, tilted and unevenly lit, so jsQR is
 * given a few views of it, cheapest and likeliest first: the whole page at 800 and 1200 pixels, the
 * quarter where the letter prints its code (top right) and the other quarters at up to 1000 pixels
 * (a small code), then the whole page with its contrast stretched and thresholded (uneven light).
 */
async function findQrText(picture: RawPicture): Promise<string | null> {
  const { width, height } = picture;
  const halfW = Math.ceil(width / 2);
  const halfH = Math.ceil(height / 2);
  // Quarters overlap by a fifth so a code on a dividing line is whole in one of them.
  const overlapW = Math.round(width / 5);
  const overlapH = Math.round(height / 5);
  const quarter = (left: number, top: number) => ({
    left,
    top,
    width: Math.min(width - left, halfW + overlapW),
    height: Math.min(height - top, halfH + overlapH),
  });
  const quarters = [
    quarter(Math.max(0, width - halfW - overlapW), 0),
    quarter(0, 0),
    quarter(Math.max(0, width - halfW - overlapW), Math.max(0, height - halfH - overlapH)),
    quarter(0, Math.max(0, height - halfH - overlapH)),
  ];
  const fitIn = (size: number) => ({
    width: size,
    height: size,
    fit: 'inside' as const,
    withoutEnlargement: true,
  });
  const views: (() => Sharp)[] = [
    () => rawInput(picture).resize(fitIn(800)),
    () => rawInput(picture).resize(fitIn(1200)),
    ...quarters.map((region) => () => rawInput(picture).extract(region).resize(fitIn(1000))),
    () => rawInput(picture).resize(fitIn(1200)).greyscale().normalise().threshold(140),
  ];
  for (const view of views) {
    const { data, info } = await view().raw().toBuffer({ resolveWithObject: true });
    const found = jsQR(rgbaOf(data, info.channels), info.width, info.height, {
      inversionAttempts: 'dontInvert',
    });
    if (found?.data) return found.data;
  }
  return null;
}

/** jsQR reads four channels a pixel; sharp gives one (grey) to four. */
function rgbaOf(data: Buffer, channels: number): Uint8ClampedArray {
  if (channels === 4) return new Uint8ClampedArray(data.buffer, data.byteOffset, data.length);
  const pixels = data.length / channels;
  const rgba = new Uint8ClampedArray(pixels * 4);
  for (let i = 0; i < pixels; i++) {
    const source = i * channels;
    const grey = channels < 3;
    rgba[i * 4] = data[source]!;
    rgba[i * 4 + 1] = data[grey ? source : source + 1]!;
    rgba[i * 4 + 2] = data[grey ? source : source + 2]!;
    rgba[i * 4 + 3] = 255;
  }
  return rgba;
}

// ------------------------------------------------------------------------------------- PDF

/** A 2D affine matrix [a, b, c, d, e, f] as PDF writes them. */
type Matrix = [number, number, number, number, number, number];

const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[2] * n[1],
  m[1] * n[0] + m[3] * n[1],
  m[0] * n[2] + m[2] * n[3],
  m[1] * n[2] + m[3] * n[3],
  m[0] * n[4] + m[2] * n[5] + m[4],
  m[1] * n[4] + m[3] * n[5] + m[5],
];

/** A decoded picture as pdf.js gives it (`ImageKind`: 1 one bit a pixel, 2 RGB, 3 RGBA). */
interface PdfImage {
  width: number;
  height: number;
  kind: number;
  data: Uint8ClampedArray | Uint8Array;
}

interface PlacedImage {
  image: PdfImage;
  /** Maps the image's unit square to the page's pixels (y down). */
  matrix: Matrix;
}

type PdfJs = typeof pdfjsModule;
let pdfjs: Promise<PdfJs> | null = null;
/** pdf.js is large: loaded on the first PDF, not at start. */
const loadPdfJs = () => (pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs'));
/** pdf.js's decoders of JBIG2 and JPEG 2000 pictures (WebAssembly) and its colour profiles, read from disk. */
const pdfjsFolder = (name: string) =>
  path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), name) + path.sep;

async function readPdf(data: Buffer, fileName: string): Promise<ScannedPage[]> {
  const { getDocument, OPS } = await loadPdfJs();
  const task = getDocument({
    // pdf.js takes the bytes over, so it gets its own copy.
    data: new Uint8Array(data),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    maxImageSize: PDF_MAX_IMAGE_PIXELS,
    wasmUrl: pdfjsFolder('wasm'),
    iccUrl: pdfjsFolder('iccs'),
    verbosity: 0,
  });
  let document: Awaited<typeof task.promise>;
  try {
    document = await task.promise;
  } catch {
    await task.destroy().catch(() => undefined);
    throw refusal(422, 'unreadablePdf', { fileName });
  }
  try {
    if (document.numPages > SCAN_MAX_PAGES) {
      throw refusal(413, 'tooManyPages', { fileName, count: document.numPages, max: SCAN_MAX_PAGES });
    }
    const result: ScannedPage[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      // A page pdf.js cannot take apart is one to match by hand, not the whole file refused.
      result.push(await readPdfPage(document, number, OPS).catch(() => blankPage(number)));
    }
    return result;
  } finally {
    await document.destroy();
  }
}

/** One page of a PDF: its pictures put together, then read as a photo is. */
async function readPdfPage(
  document: PDFDocumentProxy,
  number: number,
  OPS: PdfJs['OPS'],
): Promise<ScannedPage> {
  const page = await document.getPage(number);
  try {
    const size = page.getViewport({ scale: 1 });
    if (!(size.width >= 1 && size.height >= 1)) return await blankPage(number);
    let placed: PlacedImage[];
    try {
      placed = await placedImages(page, await page.getOperatorList(), OPS);
    } catch {
      placed = [];
    }
    if (placed.length === 0) return await blankPage(number, size.width / size.height);
    // The page is drawn at the density of its sharpest picture, within SCAN_PICTURE_MAX a side.
    const density = Math.max(
      0.5,
      ...placed.map(({ image, matrix }) => image.width / Math.max(1, Math.hypot(matrix[0], matrix[1]))),
    );
    const scale = Math.min(density, SCAN_PICTURE_MAX / Math.max(size.width, size.height));
    const viewport = page.getViewport({ scale });
    const pageMatrix = viewport.transform as Matrix;
    const composed = await composePage(
      Math.max(1, Math.round(viewport.width)),
      Math.max(1, Math.round(viewport.height)),
      placed.map((p) => ({ image: p.image, matrix: multiply(pageMatrix, p.matrix) })),
    );
    return await readPage(number, composed);
  } finally {
    page.cleanup();
  }
}

/** A page with no picture: a white page of its shape (Letter's when unknown), to match by hand. */
async function blankPage(number: number, aspect = 612 / 792): Promise<ScannedPage> {
  const height = 1000;
  const width = Math.max(1, Math.min(4000, Math.round(height * aspect)));
  const picture = await sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .jpeg({ quality: 85 })
    .toBuffer();
  return { page: number, picture, qr: null, problem: SCAN_PROBLEMS.noPicture };
}

/**
 * Every picture a page paints, with the matrix placing its unit square in PDF user space: the
 * operator list is walked keeping the graphics state's matrix (save, restore, transform, forms).
 * Image masks (stencils painted in a colour) are not pictures of the page and are left out.
 */
async function placedImages(
  page: PDFPageProxy,
  operators: { fnArray: number[]; argsArray: unknown[] },
  OPS: PdfJs['OPS'],
): Promise<PlacedImage[]> {
  const stack: Matrix[] = [];
  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  const placed: PlacedImage[] = [];
  for (let i = 0; i < operators.fnArray.length; i++) {
    const fn = operators.fnArray[i];
    const args = operators.argsArray[i] as unknown[] | null;
    switch (fn) {
      case OPS.save:
        stack.push(ctm);
        break;
      case OPS.restore:
        ctm = stack.pop() ?? ctm;
        break;
      case OPS.transform:
        ctm = multiply(ctm, args as Matrix);
        break;
      case OPS.paintFormXObjectBegin: {
        stack.push(ctm);
        const matrix = (args?.[0] as Matrix | null) ?? null;
        if (matrix && matrix.length === 6) ctm = multiply(ctm, [...matrix] as Matrix);
        break;
      }
      case OPS.paintFormXObjectEnd:
        ctm = stack.pop() ?? ctm;
        break;
      case OPS.paintImageXObject:
      case OPS.paintImageXObjectRepeat: {
        const id = args?.[0];
        if (typeof id !== 'string') break;
        const image = await imageObject(page, id);
        if (image) placed.push({ image, matrix: ctm });
        break;
      }
      case OPS.paintInlineImageXObject: {
        const image = args?.[0] as PdfImage | undefined;
        if (image?.data) placed.push({ image, matrix: ctm });
        break;
      }
    }
  }
  return placed;
}

function imageObject(page: PDFPageProxy, id: string): Promise<PdfImage | null> {
  const objects = id.startsWith('g_') ? page.commonObjs : page.objs;
  return new Promise((resolve) => {
    try {
      (objects as { get(id: string, callback: (value: unknown) => void): void }).get(id, (value) => {
        const image = value as PdfImage | null;
        resolve(image?.data && image.width > 0 && image.height > 0 ? image : null);
      });
    } catch {
      resolve(null);
    }
  });
}

/** A pdf.js picture as three-channel pixels (transparent parts on white). */
async function rgbOf(image: PdfImage): Promise<RawPicture> {
  const { width, height, kind } = image;
  const source = Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength);
  if (kind === 1) {
    // One bit a pixel, rows padded to whole bytes, a set bit white.
    const rowBytes = (width + 7) >> 3;
    const grey = Buffer.alloc(width * height);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const bit = (source[y * rowBytes + (x >> 3)]! >> (7 - (x & 7))) & 1;
        grey[y * width + x] = bit ? 255 : 0;
      }
    }
    const { data } = await sharp(grey, { raw: { width, height, channels: 1 } })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data, width, height };
  }
  const channels = kind === 3 ? 4 : 3;
  const { data } = await sharp(source, { raw: { width, height, channels } })
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width, height };
}

/**
 * The page as a white canvas with each picture drawn where the page draws it: resized, flipped and
 * turned as its matrix says (a scanner's page turned by /Rotate, a picture cut in strips). A picture
 * that cannot be drawn (an unknown pixel layout, a matrix placing it far larger than the page) is
 * left out, so the page still has the others.
 */
async function composePage(width: number, height: number, placed: PlacedImage[]): Promise<RawPicture> {
  const layers: OverlayOptions[] = [];
  for (const { image, matrix } of placed) {
    const layer = await layerOf(image, matrix, width, height).catch(() => null);
    if (layer) layers.push(layer);
  }
  const { data, info } = await sharp({
    create: { width, height, channels: 3, background: '#ffffff' },
  })
    .composite(layers)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

async function layerOf(
  image: PdfImage,
  matrix: Matrix,
  width: number,
  height: number,
): Promise<OverlayOptions | null> {
  const [a, b, c, d, e, f] = matrix;
  const across = Math.round(Math.hypot(a, b));
  const down = Math.round(Math.hypot(c, d));
  const largest = 4 * Math.max(width, height);
  if (across < 1 || down < 1 || across > largest || down > largest) return null;
  if (![1, 2, 3].includes(image.kind)) return null;
  const pixels = await rgbOf(image);
  // Image space has its first row at y = 1: the top left corner is (c + e, d + f) on the page,
  // its rows run along -(c, d) and its columns along (a, b).
  let picture = rawInput(pixels).resize({ width: across, height: down, fit: 'fill' });
  const mirrored = a * d - b * c > 0;
  if (mirrored) picture = picture.flip();
  let { data, info } = await picture.raw().toBuffer({ resolveWithObject: true });
  const angle = (Math.atan2(b, a) * 180) / Math.PI;
  if (Math.abs(angle) > 0.01) {
    ({ data, info } = await sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } })
      .rotate(Math.abs(angle % 90) < 0.01 ? Math.round(angle) : angle, { background: '#ffffff' })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true }));
  }
  const xs = [c + e, a + c + e, e, a + e];
  const ys = [d + f, b + d + f, f, b + f];
  let left = Math.round(Math.min(...xs));
  let top = Math.round(Math.min(...ys));
  // Only the part on the page is drawn.
  const cropLeft = Math.max(0, -left);
  const cropTop = Math.max(0, -top);
  left += cropLeft;
  top += cropTop;
  const visibleWidth = Math.min(info.width - cropLeft, width - left);
  const visibleHeight = Math.min(info.height - cropTop, height - top);
  if (visibleWidth < 1 || visibleHeight < 1) return null;
  let layer = sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } });
  if (cropLeft || cropTop || visibleWidth < info.width || visibleHeight < info.height) {
    layer = layer.extract({ left: cropLeft, top: cropTop, width: visibleWidth, height: visibleHeight });
  }
  const { data: input } = await layer.raw().toBuffer({ resolveWithObject: true });
  return { input, raw: { width: visibleWidth, height: visibleHeight, channels: 3 }, left, top };
}
