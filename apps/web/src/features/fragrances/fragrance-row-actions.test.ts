import { describe, expect, it } from 'vitest';
import { fragranceRowActions } from './fragrance-row-actions.ts';

describe('fragrance row actions (spec §4 Fragrance)', () => {
  it('an active fragrance outside collections is deactivated or edited', () => {
    expect(fragranceRowActions({ ativo: true, collections: [] })).toEqual(['toggle', 'edit']);
  });

  it('an active fragrance in a campaign collection is only edited: its toggle is hidden', () => {
    expect(fragranceRowActions({ ativo: true, collections: [{ campaignId: 1, slot: 3 }] })).toEqual(['edit']);
  });

  it('an inactive fragrance is reactivated or deleted for good, never edited', () => {
    expect(fragranceRowActions({ ativo: false, collections: [] })).toEqual(['toggle', 'delete']);
  });
});
