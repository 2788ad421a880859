import { http } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';
import type { DashboardRequest } from './query-keys.ts';

/** GET /api/export-shot-campaign: the campaigns chart's figures, every fragrance of each campaign (an export is never limited), as the spreadsheet the server names. */
export async function exportShotCampaign(query: DashboardRequest): Promise<void> {
  const { blob, fileName } = await http.download('/export-shot-campaign', { query });
  saveFile(blob, fileName ?? 'disparos-por-campanha.xlsx');
}
