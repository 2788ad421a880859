import { http } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';
import type { DashboardRequest } from './query-keys.ts';

/**
 * GET /api/iniciativa/export (spec §7): the initiatives the status chart counts, as the list's export
 * (its parameters: the period's days as `from`/`to`, whose dates they overlap, and the organisation
 * or location), every status, ordered by id.
 */
export async function exportInitiatives(query: DashboardRequest): Promise<void> {
  const { blob, fileName } = await http.download('/iniciativa/export', {
    query: {
      from: query.from,
      to: query.to,
      organizationId: query.organizationId,
      locationId: query.locationId,
      orderBy: 'Initiative.Id',
      orderByDirection: 'asc',
    },
  });
  saveFile(blob, fileName ?? 'iniciativas.xlsx');
}
