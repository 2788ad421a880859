import {
  type ImportMode,
  type ImportReport,
  importReportSchema,
} from '@scentia/shared/record-import.schemas';
import type { QueryClient } from '@tanstack/react-query';
import { http } from '../../lib/api-client.ts';
import { saveFile } from '../../lib/save-file.ts';

/** The reports of every resource's imports, followed by id (`GET /api/imports/{id}`). */
export const importKeys = {
  all: ['imports'] as const,
  report: (id: string) => ['imports', id] as const,
};

/** A report still moving: its job is queued or running, so it is asked for again. */
export function isImportRunning(report: Pick<ImportReport, 'state'>): boolean {
  return report.state === 'queued' || report.state === 'running';
}

/**
 * The kit's spreadsheet import of one resource (`@scentia/shared/record-import.schemas`): the
 * template, the check and the apply under the resource's collection `path`, and the job routes under
 * `/imports`. `invalidate` is what an applied import makes stale (the resource's `invalidate-<x>.ts`).
 */
export function importEndpoint(path: string, invalidate: (queryClient: QueryClient) => Promise<unknown>) {
  function send(file: File, mode: ImportMode): Promise<ImportReport> {
    const body = new FormData();
    body.append('file', file, file.name);
    return http.post(`${path}/import`, body, { query: { mode }, schema: importReportSchema });
  }
  return {
    /** Saves the template under the name the server proposes, or `fallbackFileName`. */
    downloadTemplate: async (fallbackFileName: string) => {
      const { blob, fileName } = await http.download(`${path}/import/template`);
      saveFile(blob, fileName ?? fallbackFileName);
    },
    check: (file: File) => send(file, 'check'),
    apply: (file: File) => send(file, 'apply'),
    report: (id: string, signal?: AbortSignal) =>
      http.get(`/imports/${encodeURIComponent(id)}`, { signal, schema: importReportSchema }),
    cancel: (id: string) => http.post(`/imports/${encodeURIComponent(id)}/cancel`, undefined, {}),
    invalidate,
  };
}

export type Importer = ReturnType<typeof importEndpoint>;
