import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS } from '@scentia/shared/constants';
import { useEffect, useState } from 'react';

/**
 * Spec §2 and §9: a search runs once typing pauses for 500 ms, and only when the text has 3 or more
 * characters or is empty (empty shows everything again). Blanks around the text do not count.
 */
export function isSearchable(text: string): boolean {
  const length = text.trim().length;
  return length === 0 || length >= SEARCH_MIN_CHARS;
}

/**
 * The text to search for: follows `text` 500 ms after the last keystroke, when the rule allows it;
 * otherwise the previous search stays in force (typing "an" after "ana" keeps showing "ana").
 */
export function useDebouncedSearch(text: string, delayMs = SEARCH_DEBOUNCE_MS): string {
  const [search, setSearch] = useState(text.trim());
  useEffect(() => {
    if (!isSearchable(text)) return;
    const next = text.trim();
    const timer = setTimeout(() => setSearch(next), delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs]);
  return search;
}
