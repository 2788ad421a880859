import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';

/**
 * GET /api/usuario/personal-data/{id}/export: the same data as the JSON download, as an .xlsx a person
 * can open without tools, saved under the name the server proposes. ADMIN only.
 */
export async function exportPersonalData(id: number): Promise<void> {
  const { blob, fileName } = await http.download(`/usuario/personal-data/${id}/export`);
  saveFile(blob, fileName ?? `dados-pessoais-${id}.xlsx`);
}

export function useExportPersonalData() {
  return useMutation({ mutationFn: exportPersonalData });
}
