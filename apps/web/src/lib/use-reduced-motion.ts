import { useMediaQuery } from './use-media-query.ts';

/** True when the person asked their system for less motion; follows changes live. */
export function useReducedMotion(): boolean {
  return useMediaQuery('(prefers-reduced-motion: reduce)');
}
