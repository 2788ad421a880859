import { http } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';
import type { DashboardSitesExportRequest } from './query-keys.ts';

/** GET /api/dashboard/sites/export: every site of the table (never one page), with its grouping and sort, as the spreadsheet the server names. */
export async function exportDashboardSites(query: DashboardSitesExportRequest): Promise<void> {
  const { blob, fileName } = await http.download('/dashboard/sites/export', { query });
  saveFile(blob, fileName ?? 'locais-comparados.xlsx');
}
