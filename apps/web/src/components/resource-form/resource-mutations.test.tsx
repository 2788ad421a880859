// @vitest-environment jsdom

import { Blob as NodeBlob } from 'node:buffer';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { isApiError } from '../../lib/api-error.ts';
import { resourceMutations, useRecordCommands } from './resource-mutations.ts';

// The app's HTTP client takes `fetch` when its module loads, so the server's side of the exchange
// is put in place before any import; everything between the hook and the wire is the real client.
const server = vi.hoisted(() => {
  const answer = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>();
  globalThis.fetch = (input, init) => answer(String(input), init);
  return { answer };
});
const saved = vi.hoisted(() => ({ files: [] as string[] }));
vi.mock('../../lib/save-file.ts', () => ({
  saveFile: (_blob: Blob, fileName: string) => saved.files.push(fileName),
}));

afterEach(() => {
  cleanup();
  server.answer.mockReset();
  saved.files.length = 0;
  vi.unstubAllGlobals();
});

const thingRowSchema = z.object({ thingId: z.number(), name: z.string() });
const thingBodySchema = z.strictObject({ name: z.string() });
const row = { thingId: 7, name: 'Lavanda' };

function declare() {
  const invalidate = vi.fn(async () => undefined);
  const mutations = resourceMutations({
    path: '/things',
    rowSchema: thingRowSchema,
    bodySchema: thingBodySchema,
    invalidate,
  });
  return { mutations, invalidate };
}

function hook<T>(use: () => T) {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(use, { wrapper }).result.current;
}

const call = (index = 0) => {
  const [url, init] = server.answer.mock.calls[index] ?? [];
  return { url, method: init?.method, body: init?.body };
};

describe('resourceMutations', () => {
  it('creates with POST path and updates with PUT path/{id}, sending the JSON body and answering the row', async () => {
    const { mutations, invalidate } = declare();
    server.answer.mockImplementation(async () => Response.json(row));

    await expect(hook(mutations.useCreate).mutateAsync({ name: 'Lavanda' })).resolves.toEqual(row);
    await expect(
      hook(mutations.useUpdate).mutateAsync({ id: 7, body: { name: 'Lavanda' } }),
    ).resolves.toEqual(row);

    expect(call(0)).toEqual({ url: '/api/things', method: 'POST', body: '{"name":"Lavanda"}' });
    expect(call(1)).toEqual({ url: '/api/things/7', method: 'PUT', body: '{"name":"Lavanda"}' });
    expect(invalidate).toHaveBeenCalledTimes(2);
  });

  it('activates with PUT path/activate/{id}, deactivates with DELETE path/{id}, deletes for good with hardDelete', async () => {
    const { mutations, invalidate } = declare();
    server.answer.mockImplementation(async (_url, init) =>
      init?.method === 'PUT' ? Response.json(row) : new Response(null, { status: 204 }),
    );

    await hook(mutations.useActivate).mutateAsync(7);
    await hook(mutations.useDeactivate).mutateAsync(7);
    await hook(mutations.useDelete).mutateAsync(7);

    expect([call(0), call(1), call(2)].map(({ url, method }) => `${method} ${url}`)).toEqual([
      'PUT /api/things/activate/7',
      'DELETE /api/things/7',
      'DELETE /api/things/7?hardDelete=true',
    ]);
    expect(invalidate).toHaveBeenCalledTimes(3);
  });

  it('toggles a row by its state: an active one is deactivated, an inactive one activated', async () => {
    const { mutations } = declare();
    server.answer.mockImplementation(async (_url, init) =>
      init?.method === 'PUT' ? Response.json(row) : new Response(null, { status: 204 }),
    );
    const commands = hook(() => useRecordCommands(mutations));

    await commands(7, true).toggle();
    await commands(7, false).toggle();
    await commands(7, false).remove();

    expect([call(0), call(1), call(2)].map(({ url, method }) => `${method} ${url}`)).toEqual([
      'DELETE /api/things/7',
      'PUT /api/things/activate/7',
      'DELETE /api/things/7?hardDelete=true',
    ]);
  });

  it("passes a refusal on as the server's error and leaves the caches alone", async () => {
    const { mutations, invalidate } = declare();
    server.answer.mockResolvedValue(
      Response.json({ code: 'THING_IN_USE', message: 'Em uso.' }, { status: 409 }),
    );

    const failure = await hook(mutations.useDeactivate)
      .mutateAsync(7)
      .catch((error: unknown) => error);

    expect(isApiError(failure) && failure.status).toBe(409);
    expect(invalidate).not.toHaveBeenCalled();
  });

  it("exports GET path/export with the list's search, filter and sort, under the server's file name, or one named after its path when the server proposes none", async () => {
    const { mutations } = declare();
    // A fetch answer's body is Node's Blob, which jsdom's global Blob does not recognise.
    vi.stubGlobal('Blob', NodeBlob);
    server.answer
      .mockResolvedValueOnce(
        new Response(new Blob(['x']), {
          headers: { 'Content-Disposition': 'attachment; filename="coisas-2026-11-24.xlsx"' },
        }),
      )
      .mockResolvedValueOnce(new Response(new Blob(['x'])));
    const params = { search: 'lav', isActive: true, orderBy: 'name', orderByDirection: 'asc' as const };

    await mutations.exportList(params);
    await mutations.exportList(params);

    expect(call(0)).toMatchObject({
      url: '/api/things/export?search=lav&isActive=true&orderBy=name&orderByDirection=asc',
      method: 'GET',
    });
    expect(saved.files).toEqual(['coisas-2026-11-24.xlsx', 'things.xlsx']);
  });
});
