/**
 * One colour per fragrance, the same in every chart and after a refresh: a fixed palette indexed by
 * the fragrance's id (never by its place in an answer, which changes with the period). Twelve hues,
 * each in a dark and a lighter tone: ids 1–12 take the dark tones, 13–24 the lighter ones, so a
 * catalogue of up to 24 fragrances never shares a colour and close ids never share a hue.
 * Every colour stands out from the white card by at least 3:1 (WCAG 1.4.11, non-text contrast).
 * Beyond 24 fragrances colours repeat, so colour is never the only key: the legend and the table
 * name each slice with its count and share.
 */
const HUES = [
  ['#1f6fb2', '#4f95d6'], // blue
  ['#c2410c', '#ea6a25'], // orange
  ['#256b48', '#3fa06c'], // green
  ['#b91c1c', '#e5484d'], // red
  ['#0e6f8a', '#1597b8'], // cyan
  ['#7c3aed', '#9d74f2'], // violet
  ['#0f766e', '#14998c'], // teal
  ['#be185d', '#e04488'], // magenta
  ['#5c690d', '#87991a'], // olive
  ['#8b5a2b', '#b47b4b'], // brown
  ['#4338ca', '#6f71ee'], // indigo
  ['#a16207', '#c4850b'], // amber
] as const;
const dark = HUES.map(([tone]) => tone);
const light = HUES.map(([, tone]) => tone);

/**
 * Indexed by `(id - 1) % 24`: the dark tones hue by hue, then the light ones starting half-way round,
 * so that neither consecutive ids nor ids 12 apart share a hue.
 */
export const FRAGRANCE_PALETTE: readonly string[] = [...dark, ...light.slice(6), ...light.slice(0, 6)];

/** The "others" slice of a limited answer (no fragrance id): a neutral grey, still 3:1 on white. */
export const OTHERS_COLOR = '#858585';

export function fragranceColor(fragranceId: number | null): string {
  if (fragranceId === null) return OTHERS_COLOR;
  // Ids start at 1: id 1 takes the first colour.
  const index = (Math.abs(Math.trunc(fragranceId)) + FRAGRANCE_PALETTE.length - 1) % FRAGRANCE_PALETTE.length;
  return FRAGRANCE_PALETTE[index] ?? OTHERS_COLOR;
}
