import { initiativeBodySchema, initiativeRowSchema } from '@scentia/shared/initiatives.schemas';
import { exportEndpoint, saveMutations } from '../../../components/resource-form/resource-mutations.ts';
import { invalidateInitiatives } from './invalidate-initiatives.ts';

/**
 * POST /api/initiatives (201, in review, the caller its proposer) and PUT /api/initiatives/{id} (in
 * review or needing changes, which sends it back to review). The review's writes are their own
 * (`review-initiative.ts`).
 */
export const initiativeMutations = saveMutations({
  path: '/initiatives',
  rowSchema: initiativeRowSchema,
  bodySchema: initiativeBodySchema,
  invalidate: invalidateInitiatives,
});

/** GET /api/iniciativa/export (spec §7): the list, with its search, filters and sort, as an .xlsx. */
export const exportInitiatives = exportEndpoint('/iniciativa/export', 'iniciativas.xlsx');
