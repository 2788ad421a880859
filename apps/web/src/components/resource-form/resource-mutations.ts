import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../lib/api-client.ts';
import { saveFile } from '../../lib/save-file.ts';
import { bulkEndpoint } from '../resource-list/bulk-endpoint.ts';
import { importEndpoint } from '../resource-list/import-endpoint.ts';
import { type ExportParams, listQuery } from '../resource-list/list-params.ts';

type SaveOptions<Row, Body> = {
  /** The resource's path under /api (`/categories`). */
  path: string;
  /** What create, update and activate answer: the saved row. */
  rowSchema: z.ZodType<Row>;
  /**
   * The JSON body's shared schema: only its input type is used, so create and update take exactly
   * what the API validates. Left out, the body is multipart (`FormData`, for a resource with files).
   */
  bodySchema?: z.ZodType<unknown, Body>;
  /** What a change makes stale: the feature's `invalidate-<x>.ts` (its keys, its readers', the trail). */
  invalidate: (queryClient: QueryClient) => Promise<unknown>;
};

/** A mutation hook whose success invalidates what the resource's change makes stale. */
function mutationHook<Input, Output>(
  run: (input: Input) => Promise<Output>,
  invalidate: (queryClient: QueryClient) => Promise<unknown>,
) {
  return function useResourceMutation() {
    const queryClient = useQueryClient();
    return useMutation({ mutationFn: run, onSuccess: () => invalidate(queryClient) });
  };
}

/**
 * The saves of a resource (spec §7 Saves): POST `path` (201 with the row) and PUT `path/{id}` (200
 * with the row), JSON or multipart. A resource whose other writes are its own (users) takes these alone.
 */
export function saveMutations<Row, Body = FormData>({ path, rowSchema, invalidate }: SaveOptions<Row, Body>) {
  const create = (body: Body) => http.post(path, body, { schema: rowSchema });
  const update = ({ id, body }: { id: number; body: Body }) =>
    http.put(`${path}/${id}`, body, { schema: rowSchema });
  return {
    create,
    update,
    /** The spreadsheet import under the same path, which a list offers when it is `importable`. */
    importer: importEndpoint(path, invalidate),
    useCreate: mutationHook(create, invalidate),
    useUpdate: mutationHook(update, invalidate),
  };
}

/**
 * The export of a list (GET `path` with the list's search, filter and sort; every page), saved under
 * the name the server proposes, or `fallbackFileName` when it proposes none.
 */
export function exportEndpoint(path: string, fallbackFileName: string) {
  return async function exportList(params: ExportParams): Promise<void> {
    const { blob, fileName } = await http.download(path, { query: listQuery(params) });
    saveFile(blob, fileName ?? fallbackFileName);
  };
}

/**
 * The name a kit export is saved under when the server proposes none: the resource's path
 * (`/organizations` → `organizations.xlsx`). The server always proposes its translated, dated name
 * (`export.<x>.fileName`, exposed to another origin by the API's security plugin), so a resource
 * declares its file name there only.
 */
const exportFallbackName = (path: string) => `${path.split('/').filter(Boolean).pop() ?? 'export'}.xlsx`;

/**
 * Every write of a soft-deleted resource on the route kit (`registerResourceRoutes` and
 * `registerSaveRoutes` on the API): create and update, PUT `path/activate/{id}`, DELETE `path/{id}`
 * (deactivates), DELETE `path/{id}?hardDelete=true` (deletes for good), GET `path/export` and the bulk
 * actions (POST `path/bulk`). What a
 * feature's `<x>-mutations.ts` declares; its refusals (409 with a message) reach the caller as they are.
 */
export function resourceMutations<Row, Body = FormData>(options: SaveOptions<Row, Body>) {
  const { path, rowSchema, invalidate } = options;
  const activate = (id: number) => http.put(`${path}/activate/${id}`, undefined, { schema: rowSchema });
  const deactivate = (id: number): Promise<void> => http.delete(`${path}/${id}`);
  const remove = (id: number): Promise<void> => http.delete(`${path}/${id}`, { query: { hardDelete: true } });
  return {
    ...saveMutations<Row, Body>(options),
    exportList: exportEndpoint(`${path}/export`, exportFallbackName(path)),
    useActivate: mutationHook(activate, invalidate),
    useDeactivate: mutationHook(deactivate, invalidate),
    useDelete: mutationHook(remove, invalidate),
    /** The kit's bulk routes (POST `path/bulk`, `path/bulk/ids`) and what they make stale. */
    bulk: { endpoint: bulkEndpoint(path), invalidate },
  };
}

type RecordCommandHooks = {
  useActivate: () => { mutateAsync: (id: number) => Promise<unknown> };
  useDeactivate: () => { mutateAsync: (id: number) => Promise<unknown> };
  useDelete: () => { mutateAsync: (id: number) => Promise<unknown> };
};

/**
 * The commands behind a list row's delete and toggle (`recordRowAction`), from the resource's declared
 * writes: `commands(id, isActive)` gives `remove` and `toggle` (deactivates an active record, activates
 * an inactive one).
 */
export function useRecordCommands(mutations: RecordCommandHooks) {
  const activate = mutations.useActivate();
  const deactivate = mutations.useDeactivate();
  const remove = mutations.useDelete();
  return (id: number, isActive: boolean) => ({
    remove: () => remove.mutateAsync(id),
    toggle: () => (isActive ? deactivate.mutateAsync(id) : activate.mutateAsync(id)),
  });
}
