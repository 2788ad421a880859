import type { QueryClient } from '@tanstack/react-query';
import { invalidateAuditTrail } from '../../../components/record-history/audit-api.ts';
import { campaignKeys } from '../../campaigns/api/query-keys.ts';
import { quizKeys } from './query-keys.ts';

/**
 * After a quiz changes: its lists, records, bank texts and analytics, the campaigns (a slot whose
 * fragrance an answer recommends is locked on the campaign form; a campaign with a quiz leaves the
 * create form's options) and the audit trail's views. `keepDetail`: a quiz whose record the change
 * itself answered.
 */
export function invalidateQuiz(queryClient: QueryClient, { keepDetail }: { keepDetail?: number } = {}) {
  const detail = keepDetail === undefined ? undefined : quizKeys.detail(keepDetail);
  return Promise.all([
    queryClient.invalidateQueries({
      queryKey: quizKeys.all,
      predicate: (query) => !detail || JSON.stringify(query.queryKey) !== JSON.stringify(detail),
    }),
    queryClient.invalidateQueries({ queryKey: campaignKeys.all }),
    invalidateAuditTrail(queryClient),
  ]);
}
