import {
  Badge,
  createTheme,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineThemeOverride,
} from '@mantine/core';

/** Used when a partner has no brand colour (or an unreadable one). */
export const DEFAULT_BRAND_COLOR = '#364fc7';

/** WCAG 2.2 AA minimum for normal text. */
export const AA_CONTRAST = 4.5;

type Rgb = readonly [number, number, number];

export function parseHex(hex: string | null | undefined): Rgb | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex?.trim() ?? '');
  if (!match?.[1]) return null;
  const digits = match[1].length === 3 ? [...match[1]].map((d) => d + d).join('') : match[1];
  return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as unknown as Rgb;
}

export function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

function mix(color: Rgb, target: Rgb, weight: number): Rgb {
  return color.map((c, i) => c + (target[i]! - c) * weight) as unknown as Rgb;
}

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];

/** Relative luminance as WCAG defines it. */
export function relativeLuminance([r, g, b]: Rgb): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The brand colour, darkened just enough that white text on it (and it as text on white) meets
 * WCAG AA. Filled buttons, links and focus rings all use this shade.
 */
export function accessibleBrandColor(hex: string | null | undefined): string {
  let color = parseHex(hex) ?? parseHex(DEFAULT_BRAND_COLOR)!;
  const base = color;
  for (let weight = 0.05; contrastRatio(WHITE, color) < AA_CONTRAST && weight <= 1; weight += 0.05) {
    color = mix(base, BLACK, weight);
  }
  return toHex(color);
}

/**
 * Ten shades of the brand colour: 0-5 are tints of it, 6 is the accessible brand colour (the
 * primary shade), 7-9 are darker still (hover and pressed states).
 */
export function brandPalette(hex: string | null | undefined): MantineColorsTuple {
  const primary = parseHex(accessibleBrandColor(hex))!;
  const tints = [0.92, 0.82, 0.68, 0.52, 0.36, 0.18].map((w) => toHex(mix(primary, WHITE, w)));
  const shades = [0.15, 0.3, 0.45].map((w) => toHex(mix(primary, BLACK, w)));
  return [...tints, toHex(primary), ...shades] as unknown as MantineColorsTuple;
}

/** `color` darkened (mixed with black) just enough to reach AA against each of `backgrounds`. */
export function darkenForContrast(hex: string, backgrounds: readonly string[]): string {
  const base = parseHex(hex);
  const grounds = backgrounds.map(parseHex).filter((b): b is Rgb => b !== null);
  if (!base) return hex;
  let color = base;
  const passes = () => grounds.every((ground) => contrastRatio(ground, color) >= AA_CONTRAST);
  for (let weight = 0.05; !passes() && weight <= 1; weight += 0.05) color = mix(base, BLACK, weight);
  return toHex(color);
}

/**
 * Mantine's default dimmed grey and error red fail AA on white; use darker shades. Likewise each
 * colour's filled shade (white text on a filled button or badge, and `c="red"` text on the page:
 * shade 6) and its light variant's text (a light badge: shade 9 on shade 1, or shade 2 on hover)
 * are darkened where they fall short of AA, so a status badge, a button or a coloured note is
 * readable in every colour (issue 21).
 */
const cssVariablesResolver: CSSVariablesResolver = (theme) => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': theme.colors.gray[7] ?? '#495057',
    '--mantine-color-error': theme.colors.red[9] ?? '#c92a2a',
    '--mantine-color-placeholder': theme.colors.gray[7] ?? '#495057',
  };
  for (const [name, shades] of Object.entries(theme.colors)) {
    if (!shades || name === 'dark') continue;
    // The filled shade carries white text (a filled button or badge) and is the colour's text on
    // the page (`c="red"`), so it reaches AA against white and the palest grey.
    const filled = darkenForContrast(shades[6], ['#ffffff', theme.colors.gray[0] ?? '#f8f9fa']);
    if (filled !== shades[6].toLowerCase()) {
      light[`--mantine-color-${name}-filled`] = filled;
      // Hover darkens it further (Mantine's shade 7 may be paler than the darkened shade).
      light[`--mantine-color-${name}-filled-hover`] = toHex(mix(parseHex(filled)!, BLACK, 0.12));
      light[`--mantine-color-${name}-text`] = filled;
    }
    const lightText = darkenForContrast(shades[9], [shades[1], shades[2]]);
    if (lightText !== shades[9].toLowerCase()) light[`--mantine-color-${name}-light-color`] = lightText;
  }
  return { variables: {}, light, dark: {} };
};

export function buildBrandTheme(brandColor: string | null | undefined): MantineThemeOverride {
  return createTheme({
    primaryColor: 'brand',
    primaryShade: 6,
    colors: { brand: brandPalette(brandColor) },
    defaultRadius: 'md',
    focusRing: 'auto',
    fontFamily:
      'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    components: {
      // A badge is a word or two (a status, a count): a narrow table column on a phone squeezed it
      // to "SC…"; it keeps its whole width and the table scrolls sideways instead.
      Badge: Badge.extend({ styles: { root: { minWidth: 'max-content' } } }),
    },
  });
}

export { cssVariablesResolver as brandCssVariablesResolver };
