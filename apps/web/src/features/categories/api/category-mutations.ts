import { categoryBodySchema, categoryRowSchema } from '@scentia/shared/categories.schemas';
import { resourceMutations } from '../../../components/resource-form/resource-mutations.ts';
import { invalidateCategories } from './invalidate-categories.ts';

/**
 * POST/PUT /api/categories (JSON; 409 NAME_TAKEN, RECORD_INACTIVE), PUT activate, DELETE (409
 * CATEGORY_HAS_FRAGRANCES), DELETE ?hardDelete=true (inactive categories without fragrances), export.
 */
export const categoryMutations = resourceMutations({
  path: '/categories',
  rowSchema: categoryRowSchema,
  bodySchema: categoryBodySchema,
  invalidate: invalidateCategories,
});
