import { describe, expect, it } from 'vitest';
import { campaignActionRefusal, campaignCollectionRefusal } from './campaigns.rules.ts';
import { ErrorCode } from './error-codes.ts';

describe('campaign rules', () => {
  it('edits and makes default only an active campaign', () => {
    expect(campaignActionRefusal({ isActive: true, isDefault: false }, 'edit')).toBeUndefined();
    expect(campaignActionRefusal({ isActive: false, isDefault: false }, 'edit')).toBe(
      ErrorCode.RECORD_INACTIVE,
    );
    expect(campaignActionRefusal({ isActive: false, isDefault: false }, 'setDefault')).toBe(
      ErrorCode.RECORD_INACTIVE,
    );
  });

  it('keeps the default campaign active and stored', () => {
    const defaultCampaign = { isActive: true, isDefault: true };
    expect(campaignActionRefusal(defaultCampaign, 'toggle')).toBe(ErrorCode.CAMPAIGN_IS_DEFAULT);
    expect(campaignActionRefusal(defaultCampaign, 'delete')).toBe(ErrorCode.CAMPAIGN_IS_DEFAULT);
    expect(campaignActionRefusal({ isActive: true, isDefault: false }, 'toggle')).toBeUndefined();
    expect(campaignActionRefusal({ isActive: false, isDefault: false }, 'toggle')).toBeUndefined();
  });

  it('deletes for good only an inactive campaign', () => {
    expect(campaignActionRefusal({ isActive: true, isDefault: false }, 'delete')).toBe(
      ErrorCode.RECORD_ACTIVE,
    );
    expect(campaignActionRefusal({ isActive: false, isDefault: false }, 'delete')).toBeUndefined();
  });

  it('asks for a slot, and each fragrance in one slot', () => {
    expect(campaignCollectionRefusal([])).toBe(ErrorCode.CAMPAIGN_NO_SLOT);
    expect(campaignCollectionRefusal([{ fragranceId: 1 }, { fragranceId: 1 }])).toBe(
      ErrorCode.CAMPAIGN_DUPLICATE_FRAGRANCE,
    );
    expect(campaignCollectionRefusal([{ fragranceId: 1 }, { fragranceId: 2 }])).toBeUndefined();
  });
});
