import { describe, expect, it } from 'vitest';
import {
  AA_CONTRAST,
  accessibleBrandColor,
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
});
