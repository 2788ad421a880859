import type { FragranceRow } from '@scentia/shared/catalog.schemas';

export type FragranceRowActionKind = 'toggle' | 'delete' | 'edit';

export type FragranceRowState = { ativo: boolean; collections: readonly unknown[] };

/**
 * The actions a fragrance row offers (spec §4 Fragrance), in the order they are shown:
 * - Edit only while active.
 * - Toggle: an inactive fragrance is reactivated; an active one is deactivated, except while it
 *   belongs to a campaign collection (hidden then; the server refuses it with a 409 as well).
 * - Permanent delete only for an inactive fragrance (the server refuses it for an active one).
 */
export function fragranceRowActions(row: FragranceRowState): FragranceRowActionKind[] {
  if (!row.ativo) return ['toggle', 'delete'];
  return row.collections.length > 0 ? ['edit'] : ['toggle', 'edit'];
}

/**
 * How many campaigns hold the fragrance in their collection: a campaign counts once however many of
 * its slots the fragrance fills.
 */
export function collectionCampaignCount(collections: FragranceRow['collections']): number {
  return new Set(collections.map((collection) => collection.campaignId)).size;
}
