import { describe, expect, it } from 'vitest';
import { FRAGRANCE_PALETTE, fragranceColor, OTHERS_COLOR } from './fragrance-colors.ts';

/** WCAG 2 relative luminance and contrast ratio of two `#rrggbb` colours. */
function luminance(hex: string): number {
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map((at) => {
    const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.039_28 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
/** The HSL hue of `#rrggbb`, in degrees. */
function hue(hex: string): number {
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16) / 255);
  const max = Math.max(r, g, b);
  const delta = max - Math.min(r, g, b);
  if (delta === 0) return 0;
  const sector = max === r ? ((g - b) / delta) % 6 : max === g ? (b - r) / delta + 2 : (r - g) / delta + 4;
  return (sector * 60 + 360) % 360;
}
const hueDistance = (a: string, b: string) => {
  const apart = Math.abs(hue(a) - hue(b));
  return Math.min(apart, 360 - apart);
};
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe('fragranceColor', () => {
  it('gives a fragrance the same colour whatever else is in the chart or its order', () => {
    const first = [7, 3, 12].map(fragranceColor);
    const refreshed = [12, 7, 3, 40].map(fragranceColor);
    expect(refreshed.slice(0, 3)).toEqual([first[2], first[0], first[1]]);
  });

  it('gives the first 24 ids 24 different colours, and ids 1 or 12 apart different hues', () => {
    expect(new Set(FRAGRANCE_PALETTE).size).toBe(24);
    const colours = Array.from({ length: 24 }, (_, index) => fragranceColor(index + 1));
    expect(new Set(colours).size).toBe(24);
    for (let id = 1; id < 60; id += 1) {
      const [one, next] = [fragranceColor(id), fragranceColor(id + 1)];
      expect(hueDistance(one, next), `ids ${id} and ${id + 1}`).toBeGreaterThan(20);
    }
    for (let id = 1; id <= 12; id += 1) {
      expect(
        hueDistance(fragranceColor(id), fragranceColor(id + 12)),
        `ids ${id} and ${id + 12}`,
      ).toBeGreaterThan(20);
    }
    expect(fragranceColor(25)).toBe(fragranceColor(1));
  });

  it('colours the "others" slice grey, unlike any fragrance', () => {
    expect(fragranceColor(null)).toBe(OTHERS_COLOR);
    expect(FRAGRANCE_PALETTE).not.toContain(OTHERS_COLOR);
  });

  it('keeps every colour at 3:1 or more against the white card', () => {
    for (const colour of [...FRAGRANCE_PALETTE, OTHERS_COLOR]) {
      expect(contrast(colour, '#ffffff'), colour).toBeGreaterThanOrEqual(3);
    }
  });
});
