import { describe, expect, it } from 'vitest';
import { ErrorCode } from './error-codes.ts';
import { collectionCampaignCount, fragranceActionRefusal, fragranceRowActions } from './fragrances.rules.ts';

const IN_A_COLLECTION = [{ campaignId: 1, slot: 3 }];

describe('fragrance row actions (spec §4 Fragrance)', () => {
  it('an active fragrance outside collections is deactivated or edited', () => {
    expect(fragranceRowActions({ isActive: true, collections: [] })).toEqual(['toggle', 'edit']);
  });

  it('an active fragrance in a campaign collection is only edited: its toggle is hidden', () => {
    expect(fragranceRowActions({ isActive: true, collections: IN_A_COLLECTION })).toEqual(['edit']);
  });

  it('an inactive fragrance is reactivated or deleted for good, never edited', () => {
    expect(fragranceRowActions({ isActive: false, collections: [] })).toEqual(['toggle', 'delete']);
  });

  it('names the refusal the API answers', () => {
    expect(fragranceActionRefusal({ isActive: false, collections: [] }, 'edit')).toBe(
      ErrorCode.RECORD_INACTIVE,
    );
    expect(fragranceActionRefusal({ isActive: true, collections: IN_A_COLLECTION }, 'toggle')).toBe(
      ErrorCode.FRAGRANCE_IN_COLLECTION,
    );
    expect(fragranceActionRefusal({ isActive: true, collections: [] }, 'delete')).toBe(
      ErrorCode.RECORD_ACTIVE,
    );
    expect(fragranceActionRefusal({ isActive: false, collections: IN_A_COLLECTION }, 'delete')).toBe(
      ErrorCode.FRAGRANCE_IN_COLLECTION,
    );
  });
});

describe('collection campaign count', () => {
  it('is zero outside collections', () => {
    expect(collectionCampaignCount([])).toBe(0);
  });

  it('counts distinct campaigns, not slots', () => {
    const slots = [
      { campaignId: 1, slot: 3 },
      { campaignId: 1, slot: 7 },
      { campaignId: 2, slot: 1 },
    ];
    expect(collectionCampaignCount(slots)).toBe(2);
  });
});
