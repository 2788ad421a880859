import { http } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';
import type { DashboardSitesRequest } from './query-keys.ts';

/** GET /api/dashboard/sites/export: the sites table with its grouping and sort, as the spreadsheet the server names. */
export async function exportDashboardSites(query: DashboardSitesRequest): Promise<void> {
  const { blob, fileName } = await http.download('/dashboard/sites/export', { query });
  saveFile(blob, fileName ?? 'locais-comparados.xlsx');
}
