import sharp from 'sharp';
import type { Storage } from '../platform/storage.ts';
import { mulberry32 } from './prng.ts';
import type { Rng } from './prng.ts';

/**
 * Abstract demo illustrations drawn as SVG and encoded to WebP with sharp:
 * gradients, geometric shapes and initials. Never photographs of people.
 */

const PALETTES: readonly [string, string, string][] = [
  ['#0b7285', '#66d9e8', '#fab005'],
  ['#5f3dc4', '#b197fc', '#ffd43b'],
  ['#c92a2a', '#ffa8a8', '#fff3bf'],
  ['#2b8a3e', '#8ce99a', '#ffec99'],
  ['#e8590c', '#ffc078', '#d0ebff'],
  ['#1864ab', '#74c0fc', '#ffc9c9'],
  ['#a61e4d', '#faa2c1', '#c3fae8'],
  ['#087f5b', '#63e6be', '#ffe066'],
  ['#364fc7', '#91a7ff', '#ffd8a8'],
  ['#862e9c', '#e599f7', '#b2f2bb'],
  ['#d9480f', '#ffa94d', '#a5d8ff'],
  ['#495057', '#ced4da', '#ff8787'],
];

/** A stable 32-bit hash so each image's drawing depends on its key, not on generation order. */
export function hashString(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function gradient(id: string, from: string, to: string, angle: 'diag' | 'vertical' = 'diag'): string {
  const [x2, y2] = angle === 'diag' ? [1, 1] : [0, 1];
  return `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;
}

function shapes(rng: Rng, width: number, height: number, count: number, colors: readonly string[]): string {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const color = rng.pick(colors);
    const opacity = (0.15 + rng.next() * 0.35).toFixed(2);
    const x = rng.int(0, width);
    const y = rng.int(0, height);
    const size = rng.int(Math.round(width / 12), Math.round(width / 3));
    switch (rng.int(0, 3)) {
      case 0:
        out.push(`<circle cx="${x}" cy="${y}" r="${size / 2}" fill="${color}" fill-opacity="${opacity}"/>`);
        break;
      case 1:
        out.push(
          `<rect x="${x - size / 2}" y="${y - size / 2}" width="${size}" height="${size}" rx="${size / 6}" fill="${color}" fill-opacity="${opacity}" transform="rotate(${rng.int(0, 90)} ${x} ${y})"/>`,
        );
        break;
      case 2:
        out.push(
          `<polygon points="${x},${y - size / 2} ${x + size / 2},${y + size / 2} ${x - size / 2},${y + size / 2}" fill="${color}" fill-opacity="${opacity}" transform="rotate(${rng.int(0, 120)} ${x} ${y})"/>`,
        );
        break;
      default:
        out.push(
          `<circle cx="${x}" cy="${y}" r="${size / 2}" fill="none" stroke="${color}" stroke-opacity="${opacity}" stroke-width="${Math.max(4, size / 10)}"/>`,
        );
    }
  }
  return out.join('');
}

function svg(width: number, height: number, defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${defs}</defs>${body}</svg>`;
}

/** 400x400 profile: gradient, shapes and the first letter of the first name. */
export function profileSvg(key: string, letter: string): string {
  const rng = mulberry32(hashString(key));
  const [dark, light, accent] = rng.pick(PALETTES);
  const body =
    `<rect width="400" height="400" fill="url(#g)"/>` +
    shapes(rng, 400, 400, rng.int(4, 7), [light, accent, '#ffffff']) +
    `<circle cx="200" cy="200" r="118" fill="#ffffff" fill-opacity="0.18"/>` +
    `<text x="200" y="200" dy="0.35em" font-family="DejaVu Sans, Arial, sans-serif" font-size="150" font-weight="bold" text-anchor="middle" fill="#ffffff">${escapeXml(letter)}</text>`;
  return svg(400, 400, gradient('g', dark, light), body);
}

/** 640x400 gallery picture: one of a few abstract scenes and patterns. */
export function gallerySvg(variant: number): string {
  const rng = mulberry32(hashString(`gallery-${variant}`));
  // Pattern and palette vary independently so every variant looks different.
  const palette = (Math.floor(variant / 4) + (variant % 4) * 3) % PALETTES.length;
  const [dark, light, accent] = PALETTES[palette] as [string, string, string];
  let body = `<rect width="640" height="400" fill="url(#g)"/>`;
  switch (variant % 4) {
    case 0: {
      // Rolling hills with a sun.
      body += `<circle cx="${rng.int(380, 560)}" cy="${rng.int(70, 140)}" r="54" fill="${accent}"/>`;
      for (let i = 0; i < 3; i++) {
        const y = 240 + i * 50;
        body += `<path d="M0 ${y} Q 160 ${y - rng.int(40, 90)} 320 ${y} T 640 ${y} V 400 H 0 Z" fill="${dark}" fill-opacity="${0.35 + i * 0.2}"/>`;
      }
      break;
    }
    case 1: {
      // Dot grid.
      for (let x = 30; x < 640; x += 48) {
        for (let y = 30; y < 400; y += 48) {
          body += `<circle cx="${x}" cy="${y}" r="${rng.int(4, 16)}" fill="${rng.chance(0.2) ? accent : '#ffffff'}" fill-opacity="0.6"/>`;
        }
      }
      break;
    }
    case 2: {
      // Diagonal stripes.
      for (let x = -400; x < 640; x += 70) {
        body += `<polygon points="${x},400 ${x + 35},400 ${x + 435},0 ${x + 400},0" fill="${rng.chance(0.3) ? accent : dark}" fill-opacity="0.35"/>`;
      }
      break;
    }
    default:
      // Scattered shapes: a "classroom collage".
      body += shapes(rng, 640, 400, 14, [dark, accent, '#ffffff']);
  }
  return svg(640, 400, gradient('g', light, dark, 'vertical'), body);
}

/** 1600x600 partner header: brand gradient with waves and shapes. */
export function headerSvg(key: string, brand: string, accent: string): string {
  const rng = mulberry32(hashString(key));
  let body = `<rect width="1600" height="600" fill="url(#g)"/>`;
  body += shapes(rng, 1600, 600, 12, ['#ffffff', accent]);
  for (let i = 0; i < 3; i++) {
    const y = 380 + i * 70;
    body += `<path d="M0 ${y} C 400 ${y - 120} 800 ${y + 120} 1200 ${y} S 1600 ${y - 60} 1600 ${y} V 600 H 0 Z" fill="#ffffff" fill-opacity="${0.08 + i * 0.06}"/>`;
  }
  return svg(1600, 600, gradient('g', brand, accent), body);
}

/** 256x256 logo: rounded square with the partner's initials. */
export function logoSvg(brand: string, accent: string, initials: string): string {
  const size = initials.length > 1 ? 104 : 150;
  const body =
    `<rect x="8" y="8" width="240" height="240" rx="56" fill="url(#g)"/>` +
    `<circle cx="206" cy="50" r="26" fill="${accent}"/>` +
    `<text x="128" y="128" dy="0.35em" font-family="DejaVu Sans, Arial, sans-serif" font-size="${size}" font-weight="bold" text-anchor="middle" fill="#ffffff">${escapeXml(initials)}</text>`;
  return svg(256, 256, gradient('g', brand, brand), body);
}

/** 800x450 cover for a program or country: abstract landscape with an optional caption. */
export function coverSvg(key: string, colors: [string, string], caption?: string): string {
  const rng = mulberry32(hashString(key));
  const [a, b] = colors;
  let body = `<rect width="800" height="450" fill="url(#g)"/>`;
  body += `<circle cx="${rng.int(520, 700)}" cy="${rng.int(80, 150)}" r="${rng.int(40, 70)}" fill="#ffffff" fill-opacity="0.7"/>`;
  // Simple building blocks (a school) on a hill.
  body += `<path d="M0 330 Q 200 ${rng.int(250, 300)} 400 320 T 800 310 V 450 H 0 Z" fill="${a}" fill-opacity="0.85"/>`;
  const baseX = rng.int(120, 420);
  for (let i = 0; i < rng.int(2, 4); i++) {
    const w = rng.int(60, 110);
    const h = rng.int(50, 110);
    const x = baseX + i * 95;
    body += `<rect x="${x}" y="${330 - h}" width="${w}" height="${h}" fill="#ffffff" fill-opacity="0.85"/>`;
    body += `<polygon points="${x - 8},${330 - h} ${x + w / 2},${300 - h} ${x + w + 8},${330 - h}" fill="${b}"/>`;
    body += `<rect x="${x + w / 2 - 10}" y="${300}" width="20" height="30" fill="${a}"/>`;
  }
  body += shapes(rng, 800, 250, 5, ['#ffffff']);
  if (caption) {
    body += `<text x="40" y="410" font-family="DejaVu Sans, Arial, sans-serif" font-size="44" font-weight="bold" fill="#ffffff">${escapeXml(caption)}</text>`;
  }
  return svg(800, 450, gradient('g', b, a, 'vertical'), body);
}

export function toWebp(svgText: string): Promise<Buffer> {
  return sharp(Buffer.from(svgText)).webp({ quality: 70, effort: 2 }).toBuffer();
}

export interface ImageJob {
  key: string;
  /** Produces the image bytes; shared buffers (the gallery pool) resolve at once. */
  render(): Promise<Buffer>;
}

/** Runs the jobs with at most `concurrency` in flight and writes each result to storage. */
export async function writeImages(
  storage: Storage,
  jobs: readonly ImageJob[],
  concurrency = 16,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++] as ImageJob;
      await storage.put(job.key, await job.render(), 'image/webp');
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, worker));
}
