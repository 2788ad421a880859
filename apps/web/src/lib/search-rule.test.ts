// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isSearchable, useDebouncedSearch } from './search-rule.ts';

describe('the search rule (3 or more characters, or empty)', () => {
  it('accepts empty text and 3+ characters, ignoring blanks around them', () => {
    expect(isSearchable('')).toBe(true);
    expect(isSearchable('   ')).toBe(true);
    expect(isSearchable('ana')).toBe(true);
    expect(isSearchable(' jo ')).toBe(false);
    expect(isSearchable('a')).toBe(false);
  });
});

describe('useDebouncedSearch', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('searches 500 ms after the last keystroke', () => {
    const { result, rerender } = renderHook(({ text }) => useDebouncedSearch(text), {
      initialProps: { text: '' },
    });
    rerender({ text: 'mar' });
    act(() => vi.advanceTimersByTime(300));
    rerender({ text: 'mari' });
    act(() => vi.advanceTimersByTime(499));
    expect(result.current).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe('mari');
  });

  it('keeps the previous search while the text is 1 or 2 characters, and clears on empty', () => {
    const { result, rerender } = renderHook(({ text }) => useDebouncedSearch(text), {
      initialProps: { text: 'ana' },
    });
    rerender({ text: 'an' });
    act(() => vi.advanceTimersByTime(2000));
    expect(result.current).toBe('ana');
    rerender({ text: '' });
    act(() => vi.advanceTimersByTime(500));
    expect(result.current).toBe('');
  });
});
