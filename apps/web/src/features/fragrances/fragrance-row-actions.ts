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
