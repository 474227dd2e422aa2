import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import {
  AA_CONTRAST,
  accessibleBrandColor,
  brandCssVariablesResolver,
  brandPalette,
  buildBrandTheme,
  contrastRatio,
  parseHex,
} from './brand-theme';

const WHITE = [255, 255, 255] as const;

describe('brand theme', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio([0, 0, 0], WHITE)).toBeCloseTo(21, 5);
    expect(contrastRatio(WHITE, WHITE)).toBe(1);
  });

  it('keeps a dark enough brand colour as it is', () => {
    expect(accessibleBrandColor('#0b7285')).toBe('#0b7285');
    expect(accessibleBrandColor('#364FC7')).toBe('#364fc7');
  });

  it.each(['#ffd43b', '#74c0fc', '#fa5252', '#ffffff', '#fff'])(
    'darkens %s until white text on it meets AA',
    (hex) => {
      const shade = parseHex(accessibleBrandColor(hex))!;
      expect(contrastRatio(WHITE, shade)).toBeGreaterThanOrEqual(AA_CONTRAST);
    },
  );

  it('falls back to the platform colour for a missing or unreadable value', () => {
    expect(accessibleBrandColor(null)).toBe('#364fc7');
    expect(accessibleBrandColor('teal')).toBe('#364fc7');
  });

  it('builds ten shades with the accessible colour as the primary shade, light to dark', () => {
    const palette = brandPalette('#ffd43b');
    expect(palette).toHaveLength(10);
    expect(palette[6]).toBe(accessibleBrandColor('#ffd43b'));
    const luminances = palette.map((hex) => contrastRatio(parseHex(hex)!, WHITE));
    expect([...luminances].sort((a, b) => a - b)).toEqual(luminances);
    const theme = buildBrandTheme('#ffd43b');
    expect(theme.primaryColor).toBe('brand');
    expect(theme.primaryShade).toBe(6);
  });

  it('darkens each colour’s filled shade and light-variant text until it meets AA on its background', () => {
    const theme = mergeMantineTheme(DEFAULT_THEME, buildBrandTheme('#ffd43b'));
    const { light } = brandCssVariablesResolver(theme);
    // Shade 6 of Mantine's green on white is 2.6:1, and a light green badge (shade 9 on 1) 3.8:1.
    expect(light['--mantine-color-green-text']).toBeDefined();
    expect(light['--mantine-color-yellow-light-color']).toBeDefined();
    for (const [name, shades] of Object.entries(theme.colors)) {
      if (name === 'dark') continue;
      const filled = parseHex(light[`--mantine-color-${name}-filled`] ?? shades[6])!;
      expect(contrastRatio(filled, WHITE), `${name} filled`).toBeGreaterThanOrEqual(AA_CONTRAST);
      expect(light[`--mantine-color-${name}-text`] ?? shades[6]).toBe(
        light[`--mantine-color-${name}-filled`] ?? shades[6],
      );
      const badge = parseHex(light[`--mantine-color-${name}-light-color`] ?? shades[9])!;
      for (const ground of [shades[1], shades[2]])
        expect(contrastRatio(badge, parseHex(ground)!), `${name} light`).toBeGreaterThanOrEqual(AA_CONTRAST);
    }
    // A colour that already reads well is left as Mantine has it.
    expect(light['--mantine-color-dark-text']).toBeUndefined();
  });
});
