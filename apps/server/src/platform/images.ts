import sharp, { type Metadata } from 'sharp';
import { HttpError } from './errors.ts';

/**
 * The picture pipeline every upload goes through (decision 020): the format is read from the bytes
 * (never the file name or the declared type), a picture of more pixels than MAX_IMAGE_PIXELS is
 * refused before it is decoded (a small file can declare billions of pixels), the camera's
 * orientation is applied, and each size variant is written as WebP in sRGB with no metadata at all
 * (EXIF with its GPS position, XMP, IPTC, ICC profiles: sharp keeps none unless asked).
 */

/** 100 megapixels: a 108 MP phone camera's picture passes; a decompression bomb does not. */
export const MAX_IMAGE_PIXELS = 100_000_000;

/** The formats accepted, as sharp names what it finds in the bytes. */
const ACCEPTED_FORMATS: Record<string, string> = {
  jpeg: 'JPEG',
  png: 'PNG',
  webp: 'WebP',
  gif: 'GIF',
  avif: 'AVIF',
  heif: 'AVIF',
  tiff: 'TIFF',
};

export const ACCEPTED_FORMATS_TEXT = 'JPEG, PNG, WebP, GIF, AVIF or TIFF';

/** The variants written for every picture, by name, with the longest side each may have. */
export const IMAGE_VARIANTS = [
  { name: 'large', size: 1600 },
  { name: 'medium', size: 800 },
  { name: 'thumb', size: 320 },
] as const;
export type ImageVariantName = (typeof IMAGE_VARIANTS)[number]['name'];

export interface ImageVariant {
  name: ImageVariantName;
  width: number;
  height: number;
  data: Buffer;
}

export interface ProcessedImage {
  /** The format found in the bytes (`jpeg`, `png`, ...). */
  sourceFormat: string;
  /** The upright picture's size. */
  width: number;
  height: number;
  variants: ImageVariant[];
}

export const notAPictureMessage = (fileName: string) =>
  `${fileName} is not a picture we can read (${ACCEPTED_FORMATS_TEXT}).`;

export const tooManyPixelsMessage = (fileName: string, width: number, height: number) =>
  `${fileName} is ${width} x ${height} pixels; a picture may have at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`;

/** Reads, checks and re-encodes one uploaded picture. Refusals are 4xx HttpErrors naming the file. */
export async function processImage(data: Buffer, fileName: string): Promise<ProcessedImage> {
  const input = () => sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', autoOrient: true });
  let meta: Metadata;
  try {
    // The header only: dimensions and format, nothing decoded yet.
    meta = await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    throw new HttpError(415, notAPictureMessage(fileName));
  }
  if (!meta.format || !(meta.format in ACCEPTED_FORMATS)) {
    throw new HttpError(415, notAPictureMessage(fileName));
  }
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (!width || !height) throw new HttpError(415, notAPictureMessage(fileName));
  // Multiplied before decoding; sharp's own limitInputPixels below is the second net.
  if (width * height > MAX_IMAGE_PIXELS) {
    throw new HttpError(413, tooManyPixelsMessage(fileName, width, height));
  }
  try {
    const variants = await Promise.all(
      IMAGE_VARIANTS.map(async ({ name, size }) => {
        const { data: webp, info } = await input()
          .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 82, effort: 4 })
          .toBuffer({ resolveWithObject: true });
        return { name, width: info.width, height: info.height, data: webp };
      }),
    );
    return { sourceFormat: meta.format, width, height, variants };
  } catch {
    // A header that promised a picture over bytes that are not one (truncated, corrupt).
    throw new HttpError(415, notAPictureMessage(fileName));
  }
}
