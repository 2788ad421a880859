import { type ExportParams, listQuery } from '../../../components/resource-list/list-params.ts';
import { http } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';

const FALLBACK_FILE_NAME = 'campanhas.xlsx';

/** GET /api/campaigns/export: the list as an .xlsx (search, filter and sort; every page). */
export async function exportCampaigns(params: ExportParams): Promise<void> {
  const { blob, fileName } = await http.download('/campaigns/export', { query: listQuery(params) });
  saveFile(blob, fileName ?? FALLBACK_FILE_NAME);
}
