export type CategoryRowActionKind = 'toggle' | 'delete' | 'edit';

export type CategoryRowState = { ativo: boolean; fragranceCount: number };

/**
 * The actions a category row offers (spec §4 Category), in the order they are shown. The server
 * refuses the same things (409); the list only hides what would be refused.
 * - Edit only while active.
 * - Toggle hidden for an active category with fragrances (it cannot be deactivated); an inactive
 *   one can always be reactivated.
 * - Permanent delete only for an inactive category without fragrances.
 */
export function categoryRowActions(row: CategoryRowState): CategoryRowActionKind[] {
  const hasFragrances = row.fragranceCount > 0;
  if (row.ativo) return hasFragrances ? ['edit'] : ['toggle', 'edit'];
  return hasFragrances ? ['toggle'] : ['toggle', 'delete'];
}
