import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';

/**
 * GET /api/usuario/personal-data/{id}: everything held about the account (LGPD art. 18), as the JSON
 * file the server names. ADMIN only.
 */
export async function downloadPersonalData(id: number): Promise<void> {
  const { blob, fileName } = await http.download(`/usuario/personal-data/${id}`);
  saveFile(blob, fileName ?? `dados-pessoais-${id}.json`);
}

export function useDownloadPersonalData() {
  return useMutation({ mutationFn: downloadPersonalData });
}
