import { http } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';
import type { DashboardRequest } from './query-keys.ts';

/** GET /api/export-shot-fragrance: the fragrance chart's figures, every fragrance (an export is never limited), as the spreadsheet the server names. */
export async function exportShotFragrance(query: DashboardRequest): Promise<void> {
  const { blob, fileName } = await http.download('/export-shot-fragrance', { query });
  saveFile(blob, fileName ?? 'disparos-por-fragrancia.xlsx');
}
