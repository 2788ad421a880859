import { ErrorCode } from './error-codes.ts';

export type CategoryAction = 'toggle' | 'delete' | 'edit';

const CATEGORY_ACTIONS: readonly CategoryAction[] = ['toggle', 'delete', 'edit'];

export type CategoryState = { isActive: boolean; fragranceCount: number };

/**
 * Why `action` is refused on a category (spec §4 Category), or undefined when it is allowed. The API
 * answers this code (409); the list hides what would be refused.
 * - Edit only while active.
 * - Toggle: an inactive category is always reactivated; an active one with fragrances stays active.
 * - Permanent delete only for an inactive category without fragrances.
 */
export function categoryActionRefusal(
  category: CategoryState,
  action: CategoryAction,
): ErrorCode | undefined {
  const hasFragrances = category.fragranceCount > 0;
  switch (action) {
    case 'edit':
      return category.isActive ? undefined : ErrorCode.RECORD_INACTIVE;
    case 'toggle':
      return category.isActive && hasFragrances ? ErrorCode.CATEGORY_HAS_FRAGRANCES : undefined;
    case 'delete':
      if (category.isActive) return ErrorCode.RECORD_ACTIVE;
      return hasFragrances ? ErrorCode.CATEGORY_HAS_FRAGRANCES : undefined;
  }
}

/** The actions a category row offers, in the order they are shown. */
export function categoryRowActions(category: CategoryState): CategoryAction[] {
  return CATEGORY_ACTIONS.filter((action) => categoryActionRefusal(category, action) === undefined);
}
