import { ErrorCode } from './error-codes.ts';
import { heldBy, type RecordAction, recordRule } from './record.rules.ts';

export type CategoryAction = RecordAction;

export type CategoryState = { isActive: boolean; fragranceCount: number };

/**
 * A category's row rule (spec §4 Category; `recordRule`: edit only while active, delete for good only
 * once inactive). The API answers its refusal (409); the list hides what would be refused.
 * - Toggle: an inactive category is always reactivated; an active one with fragrances stays active.
 * - Permanent delete only for an inactive category without fragrances.
 */
const hasFragrances = (category: CategoryState) => category.fragranceCount > 0;
const categoryRule = recordRule(
  heldBy(ErrorCode.CATEGORY_HAS_FRAGRANCES, { keepsActive: hasFragrances, keepsRow: hasFragrances }),
);

/** Why `action` is refused on a category, or undefined when it is allowed. */
export const categoryActionRefusal = categoryRule.refusal;
/** The actions a category row offers, in the order they are shown. */
export const categoryRowActions = categoryRule.rowActions;
