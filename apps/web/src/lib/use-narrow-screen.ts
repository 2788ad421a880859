import { NARROW_SCREEN_PX } from '@scentia/shared/constants';
import { useMediaQuery } from './use-media-query.ts';

// "Under 768 px" (spec §9): 767.98 keeps fractional widths from zoom on the right side.
const NARROW_QUERY = `(max-width: ${NARROW_SCREEN_PX - 0.02}px)`;

/**
 * Where a list's every column fits beside the side menu: a 1280 px laptop does not (its lists fold
 * their low-priority columns into the row's expansion), a 1600 px desktop does.
 */
const WIDE_SCREEN_PX = 1600;
const WIDE_QUERY = `(min-width: ${WIDE_SCREEN_PX}px)`;

export function useNarrowScreen(): boolean {
  return useMediaQuery(NARROW_QUERY);
}

export function useWideScreen(): boolean {
  return useMediaQuery(WIDE_QUERY);
}
