import type { QrPrintBody } from '@scentia/shared/campaigns.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/api-client.ts';
import { campaignKeys } from './query-keys.ts';

/** POST /api/campaigns/qr-prints/{id}: records a print or download and the version it carried. */
function recordQrPrint({ id, body }: { id: number; body: QrPrintBody }): Promise<unknown> {
  return http.post(`/campaigns/qr-prints/${id}`, body);
}

/** The list refreshes afterwards, so its "out of date" badge follows the latest print. */
export function useRecordQrPrint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordQrPrint,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.all }),
  });
}
