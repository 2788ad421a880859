import { fragranceRowSchema } from '@scentia/shared/fragrances.schemas';
import { resourceMutations } from '../../../components/resource-form/resource-mutations.ts';
import { invalidateFragrances } from './invalidate-fragrances.ts';

/**
 * POST/PUT /api/fragrances as multipart (`fragranceFormData`; the image required on create, kept on
 * update without `image.file`; 413 FILE_TOO_LARGE, 415 UNSUPPORTED_IMAGE), PUT activate (400 while its
 * category is inactive), DELETE (409 while in a collection), DELETE ?hardDelete=true (inactive
 * fragrances; their images go too), export.
 */
export const fragranceMutations = resourceMutations({
  path: '/fragrances',
  rowSchema: fragranceRowSchema,
  invalidate: invalidateFragrances,
});
