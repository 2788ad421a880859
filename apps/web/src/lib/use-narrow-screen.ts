import { NARROW_SCREEN_PX } from '@scentia/shared/constants';
import { useSyncExternalStore } from 'react';

// "Under 768 px" (spec §9): 767.98 keeps fractional widths from zoom on the right side.
const QUERY = `(max-width: ${NARROW_SCREEN_PX - 0.02}px)`;

function subscribe(listener: () => void): () => void {
  const media = window.matchMedia(QUERY);
  media.addEventListener('change', listener);
  return () => media.removeEventListener('change', listener);
}

export function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => false,
  );
}
