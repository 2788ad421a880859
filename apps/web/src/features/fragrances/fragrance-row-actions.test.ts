import { describe, expect, it } from 'vitest';
import { collectionCampaignCount, fragranceRowActions } from './fragrance-row-actions.ts';

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

describe('collection campaign count', () => {
  it('is zero outside collections', () => {
    expect(collectionCampaignCount([])).toBe(0);
  });

  it('counts distinct campaigns, not slots', () => {
    expect(
      collectionCampaignCount([
        { campaignId: 1, slot: 3 },
        { campaignId: 1, slot: 7 },
        { campaignId: 2, slot: 1 },
      ]),
    ).toBe(2);
    expect(collectionCampaignCount([{ campaignId: 5, slot: 20 }])).toBe(1);
  });
});
