import { describe, expect, it } from 'vitest';
import { categoryActionRefusal, categoryRowActions } from './categories.rules.ts';
import { ErrorCode } from './error-codes.ts';

describe('category row actions (spec §4 Category)', () => {
  it('an active category without fragrances is toggled and edited', () => {
    expect(categoryRowActions({ isActive: true, fragranceCount: 0 })).toEqual(['toggle', 'edit']);
  });

  it('an active category with fragrances is only edited: its toggle is hidden', () => {
    expect(categoryRowActions({ isActive: true, fragranceCount: 3 })).toEqual(['edit']);
  });

  it('an inactive category without fragrances is reactivated or deleted for good, never edited', () => {
    expect(categoryRowActions({ isActive: false, fragranceCount: 0 })).toEqual(['toggle', 'delete']);
  });

  it('an inactive category with fragrances is only reactivated', () => {
    expect(categoryRowActions({ isActive: false, fragranceCount: 1 })).toEqual(['toggle']);
  });

  it('names the refusal the API answers', () => {
    expect(categoryActionRefusal({ isActive: false, fragranceCount: 0 }, 'edit')).toBe(
      ErrorCode.RECORD_INACTIVE,
    );
    expect(categoryActionRefusal({ isActive: true, fragranceCount: 2 }, 'toggle')).toBe(
      ErrorCode.CATEGORY_HAS_FRAGRANCES,
    );
    expect(categoryActionRefusal({ isActive: true, fragranceCount: 0 }, 'delete')).toBe(
      ErrorCode.RECORD_ACTIVE,
    );
    expect(categoryActionRefusal({ isActive: false, fragranceCount: 2 }, 'delete')).toBe(
      ErrorCode.CATEGORY_HAS_FRAGRANCES,
    );
  });
});
