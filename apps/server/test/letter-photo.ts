import QRCode from 'qrcode';
import sharp, { type OverlayOptions } from 'sharp';

export interface PhotographedPageOptions {
  /** How far the page is turned on the table, in degrees (7 when left out). */
  angle?: number;
  /** The photo's size (a 12-megapixel phone's 3000 x 4000 when left out). */
  width?: number;
  height?: number;
  /** Leave the code off the page (a reply whose code was torn off or covered). */
  withoutCode?: boolean;
  /** Grain and a slight blur, as a phone camera in a room gives (true when left out). */
  noise?: boolean;
  /** Store the pixels turned and say so in EXIF, as phones held sideways do (6: turned 90° clockwise). */
  exifOrientation?: 1 | 6;
  /** Changes the handwriting drawn (the same seed draws the same page). */
  seed?: number;
}

/** A small deterministic generator, so a test's photo is the same on every run. */
function generator(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x1_0000_0000;
  };
}

const PAGE_WIDTH = 1275; // Letter at 150 dpi
const PAGE_HEIGHT = 1650;
const QR_SIZE = 250; // 120 pt at 150 dpi, as the printed letter has it

/** Lines of scribbles in blue ink: something a camera sees as handwriting, drawn without fonts. */
function handwriting(random: () => number, top: number): string {
  const paths: string[] = [];
  for (let line = 0; line < 16; line++) {
    const y = top + line * 62;
    let x = 110 + random() * 40;
    const end = PAGE_WIDTH - 120 - random() * 200;
    while (x < end) {
      const wordEnd = Math.min(end, x + 60 + random() * 140);
      let d = `M${x.toFixed(1)} ${y.toFixed(1)}`;
      for (let px = x; px < wordEnd; px += 9) {
        const h = 10 + random() * 22;
        d += ` Q${(px + 3).toFixed(1)} ${(y - h).toFixed(1)} ${(px + 6).toFixed(1)} ${(y - random() * 4).toFixed(1)}`;
        d += ` T${(px + 9).toFixed(1)} ${(y + random() * 3).toFixed(1)}`;
      }
      paths.push(`<path d="${d}" />`);
      x = wordEnd + 22 + random() * 18;
    }
  }
  return `<g fill="none" stroke="#1f3a93" stroke-width="3" stroke-linecap="round">${paths.join('')}</g>`;
}

/**
 * A phone photo of a handwritten reply page carrying a letter's QR code (`letterQrText`): the page
 * (Letter, with the code at its top right, as the printed letter has it) lies turned on a wooden
 * table, lit unevenly, in a JPEG the size of a phone camera's. For tests of the scan upload and the
 * browser journey.
 */
export async function photographedReplyPage(
  qrText: string,
  options: PhotographedPageOptions = {},
): Promise<Buffer> {
  const { angle = 7, width = 3000, height = 4000, noise = true, seed = 24 } = options;
  const random = generator(seed);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${PAGE_WIDTH}" height="${PAGE_HEIGHT}">
    <rect width="100%" height="100%" fill="#fbfaf6"/>
    <rect x="90" y="90" width="560" height="26" fill="#c8c8c8"/>
    <rect x="90" y="140" width="380" height="18" fill="#d8d8d8"/>
    ${handwriting(random, 460)}
  </svg>`;
  const layers: OverlayOptions[] = [];
  if (!options.withoutCode) {
    const qr = await QRCode.toBuffer(qrText, {
      type: 'png',
      errorCorrectionLevel: 'Q',
      margin: 4,
      scale: 10,
    });
    const scaled = await sharp(qr).resize(QR_SIZE, QR_SIZE, { kernel: 'nearest' }).toBuffer();
    layers.push({ input: scaled, left: PAGE_WIDTH - 90 - QR_SIZE, top: 80 });
  }
  const page = await sharp(Buffer.from(svg))
    .composite(layers)
    .flatten({ background: '#ffffff' })
    .png()
    .toBuffer();

  // Drawn at half the photo's size and enlarged: the softness of a phone's lens and compression.
  const drawWidth = Math.ceil(width / 2);
  const drawHeight = Math.ceil(height / 2);
  // The page fills about four fifths of the frame, turned on the table.
  const pageScale = Math.min((drawWidth * 0.8) / PAGE_WIDTH, (drawHeight * 0.8) / PAGE_HEIGHT);
  const onTable = await sharp(page)
    .resize(Math.round(PAGE_WIDTH * pageScale), Math.round(PAGE_HEIGHT * pageScale))
    .rotate(angle, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png({ compressionLevel: 1 })
    .toBuffer({ resolveWithObject: true });
  const placedWidth = Math.min(onTable.info.width, drawWidth);
  const placedHeight = Math.min(onTable.info.height, drawHeight);
  const placed = await sharp(onTable.data)
    .extract({
      left: Math.floor((onTable.info.width - placedWidth) / 2),
      top: Math.floor((onTable.info.height - placedHeight) / 2),
      width: placedWidth,
      height: placedHeight,
    })
    .png({ compressionLevel: 1 })
    .toBuffer();
  const light = `<svg xmlns="http://www.w3.org/2000/svg" width="${drawWidth}" height="${drawHeight}">
    <defs><radialGradient id="l" cx="30%" cy="25%" r="90%">
      <stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#8c8579"/>
    </radialGradient></defs>
    <rect width="100%" height="100%" fill="url(#l)"/>
  </svg>`;
  const photoLayers: OverlayOptions[] = [
    {
      input: placed,
      left: Math.floor((drawWidth - placedWidth) / 2),
      top: Math.floor((drawHeight - placedHeight) / 2),
    },
    { input: Buffer.from(light), blend: 'multiply' },
  ];
  if (noise) {
    // Grain at half the drawing's resolution, enlarged: coarse like a phone sensor's in a dim room.
    const grainWidth = Math.ceil(drawWidth / 2);
    const grainHeight = Math.ceil(drawHeight / 2);
    const grain = Buffer.alloc(grainWidth * grainHeight);
    for (let i = 0; i < grain.length; i++)
      grain[i] = 128 + Math.round((random() + random() + random() - 1.5) * 40);
    photoLayers.push({
      input: await sharp(grain, { raw: { width: grainWidth, height: grainHeight, channels: 1 } })
        .resize(drawWidth, drawHeight)
        .toColourspace('srgb')
        .png({ compressionLevel: 1 })
        .toBuffer(),
      blend: 'soft-light',
    });
  }
  const drawn = await sharp({
    create: { width: drawWidth, height: drawHeight, channels: 3, background: '#7a6652' },
  })
    .composite(photoLayers)
    .flatten({ background: '#7a6652' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const enlarged = await sharp(drawn.data, {
    raw: { width: drawn.info.width, height: drawn.info.height, channels: drawn.info.channels },
  })
    .resize(width, height, { fit: 'fill', kernel: noise ? 'cubic' : 'lanczos3' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const photo = sharp(enlarged.data, {
    raw: { width: enlarged.info.width, height: enlarged.info.height, channels: enlarged.info.channels },
  });
  if (options.exifOrientation === 6) {
    // The sensor's pixels lie sideways; EXIF orientation 6 tells a viewer to turn them 90° clockwise.
    return photo.rotate(-90).withMetadata({ orientation: 6 }).jpeg({ quality: 82 }).toBuffer();
  }
  return photo.jpeg({ quality: 82 }).toBuffer();
}
