import { ErrorCode } from './error-codes.ts';

export type CampaignAction = 'toggle' | 'delete' | 'edit' | 'setDefault';

export type CampaignState = { isActive: boolean; isDefault: boolean };

/**
 * Why `action` is refused on a campaign (spec §4 Campaign), or undefined when it is allowed. The API
 * answers this code (409); the list hides what would be refused.
 * - Edit only while active; only an active campaign becomes the default.
 * - The default campaign cannot be deactivated or deleted until another one is the default.
 * - Permanent delete only for an inactive campaign.
 */
export function campaignActionRefusal(
  campaign: CampaignState,
  action: CampaignAction,
): ErrorCode | undefined {
  switch (action) {
    case 'edit':
    case 'setDefault':
      return campaign.isActive ? undefined : ErrorCode.RECORD_INACTIVE;
    case 'toggle':
      return campaign.isActive && campaign.isDefault ? ErrorCode.CAMPAIGN_IS_DEFAULT : undefined;
    case 'delete':
      if (campaign.isDefault) return ErrorCode.CAMPAIGN_IS_DEFAULT;
      return campaign.isActive ? ErrorCode.RECORD_ACTIVE : undefined;
  }
}

/**
 * The device errors of a collection (spec §8), or undefined when it is valid: at least one slot
 * filled, and a fragrance in one slot only.
 */
export function campaignCollectionRefusal(
  collection: readonly { fragranceId: number }[],
): ErrorCode | undefined {
  if (collection.length === 0) return ErrorCode.CAMPAIGN_NO_SLOT;
  const fragranceIds = new Set(collection.map((entry) => entry.fragranceId));
  return fragranceIds.size === collection.length ? undefined : ErrorCode.CAMPAIGN_DUPLICATE_FRAGRANCE;
}
