import { exportEndpoint } from '../../../components/resource-form/resource-mutations.ts';

/** GET /api/capsules/export: the list as a spreadsheet, with the list's search, sort and filters. */
export const exportCapsules = exportEndpoint('/capsules/export', 'capsulas.xlsx');
