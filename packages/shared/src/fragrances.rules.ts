import { ErrorCode } from './error-codes.ts';

export type FragranceAction = 'toggle' | 'delete' | 'edit';

const FRAGRANCE_ACTIONS: readonly FragranceAction[] = ['toggle', 'delete', 'edit'];

export type FragranceState = { isActive: boolean; collections: readonly { campaignId: number }[] };

/**
 * Why `action` is refused on a fragrance (spec §4 Fragrance), or undefined when it is allowed. The
 * API answers this code (409); the list hides what would be refused.
 * - Edit only while active.
 * - Toggle: an inactive fragrance is reactivated; an active one is deactivated, except while a
 *   campaign collection holds it.
 * - Permanent delete only for an inactive fragrance that no collection holds.
 */
export function fragranceActionRefusal(
  fragrance: FragranceState,
  action: FragranceAction,
): ErrorCode | undefined {
  const isInCollection = fragrance.collections.length > 0;
  switch (action) {
    case 'edit':
      return fragrance.isActive ? undefined : ErrorCode.RECORD_INACTIVE;
    case 'toggle':
      return fragrance.isActive && isInCollection ? ErrorCode.FRAGRANCE_IN_COLLECTION : undefined;
    case 'delete':
      if (fragrance.isActive) return ErrorCode.RECORD_ACTIVE;
      return isInCollection ? ErrorCode.FRAGRANCE_IN_COLLECTION : undefined;
  }
}

/** The actions a fragrance row offers, in the order they are shown. */
export function fragranceRowActions(fragrance: FragranceState): FragranceAction[] {
  return FRAGRANCE_ACTIONS.filter((action) => fragranceActionRefusal(fragrance, action) === undefined);
}

/**
 * How many campaigns hold the fragrance in their collection: a campaign counts once however many of
 * its slots the fragrance fills.
 */
export function collectionCampaignCount(collections: FragranceState['collections']): number {
  return new Set(collections.map((collection) => collection.campaignId)).size;
}
