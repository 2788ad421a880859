import { ErrorCode } from './error-codes.ts';
import { heldBy, type RecordAction, recordRule } from './record.rules.ts';

export type FragranceAction = RecordAction;

export type FragranceState = { isActive: boolean; collections: readonly { campaignId: number }[] };

/**
 * A fragrance's row rule (spec §4 Fragrance; `recordRule`: edit only while active, delete for good
 * only once inactive). The API answers its refusal (409); the list hides what would be refused.
 * - Toggle: an inactive fragrance is reactivated; an active one is deactivated, except while a
 *   campaign collection holds it.
 * - Permanent delete only for an inactive fragrance that no collection holds.
 */
const isInCollection = (fragrance: FragranceState) => fragrance.collections.length > 0;
const fragranceRule = recordRule(
  heldBy(ErrorCode.FRAGRANCE_IN_COLLECTION, { keepsActive: isInCollection, keepsRow: isInCollection }),
);

/** Why `action` is refused on a fragrance, or undefined when it is allowed. */
export const fragranceActionRefusal = fragranceRule.refusal;
/** The actions a fragrance row offers, in the order they are shown. */
export const fragranceRowActions = fragranceRule.rowActions;

/**
 * How many campaigns hold the fragrance in their collection: a campaign counts once however many of
 * its slots the fragrance fills.
 */
export function collectionCampaignCount(collections: FragranceState['collections']): number {
  return new Set(collections.map((collection) => collection.campaignId)).size;
}
