import { describe, expect, it } from 'vitest';
import { categoryRowActions } from './category-row-actions.ts';

describe('category row actions (spec §4 Category)', () => {
  it('an active category without fragrances is toggled and edited', () => {
    expect(categoryRowActions({ ativo: true, fragranceCount: 0 })).toEqual(['toggle', 'edit']);
  });

  it('an active category with fragrances is only edited: its toggle is hidden', () => {
    expect(categoryRowActions({ ativo: true, fragranceCount: 3 })).toEqual(['edit']);
  });

  it('an inactive category without fragrances is reactivated or deleted for good, never edited', () => {
    expect(categoryRowActions({ ativo: false, fragranceCount: 0 })).toEqual(['toggle', 'delete']);
  });

  it('an inactive category with fragrances is only reactivated', () => {
    expect(categoryRowActions({ ativo: false, fragranceCount: 1 })).toEqual(['toggle']);
  });
});
