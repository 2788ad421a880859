import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';

/**
 * GET /api/usuario/{id}/personal-data: everything held about the account (LGPD art. 18), as the JSON
 * file the server names. ADMIN only.
 */
export async function downloadPersonalData(id: number): Promise<void> {
  const { blob, fileName } = await http.download(`/usuario/${id}/personal-data`);
  saveFile(blob, fileName ?? `dados-pessoais-${id}.json`);
}

export function useDownloadPersonalData() {
  return useMutation({ mutationFn: downloadPersonalData });
}
