import { exportEndpoint } from '../../../components/resource-form/resource-mutations.ts';

/**
 * GET /api/export: the users list as an .xlsx, with the list's search, filter and sort (every page),
 * saved under the name the server proposes (`usuarios-2026-11-21.xlsx`).
 */
export const exportUsers = exportEndpoint('/export', 'usuarios.xlsx');
