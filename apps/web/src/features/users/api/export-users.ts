import { useMutation } from '@tanstack/react-query';
import { type ExportParams, listQuery } from '../../../components/resource-list/list-params.ts';
import { http } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';

const FALLBACK_FILE_NAME = 'usuarios.xlsx';

/**
 * GET /api/export: the users list as an .xlsx, with the list's search, filter and sort (every page),
 * saved under the name the server proposes (`usuarios-2026-11-21.xlsx`).
 */
export async function exportUsers(params: ExportParams): Promise<void> {
  const { blob, fileName } = await http.download('/export', { query: listQuery(params) });
  saveFile(blob, fileName ?? FALLBACK_FILE_NAME);
}

export function useExportUsers() {
  return useMutation({ mutationFn: exportUsers });
}
