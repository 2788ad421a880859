// @vitest-environment jsdom
import type { Page } from '@scentia/shared/list.schemas';
import type { BulkAction } from '@scentia/shared/record-bulk.schemas';
import { QueryClient, QueryClientProvider, type UseQueryResult } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../../test/i18n-for-tests.ts';
import { stubWideScreen } from '../../test/wide-screen.ts';
import { bulkEndpoint } from './bulk-endpoint.ts';
import { ResourceList } from './resource-list.tsx';

// The app's HTTP client takes `fetch` when its module loads: the server's side is in place first.
const server = vi.hoisted(() => {
  const answer = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>();
  globalThis.fetch = (input, init) => answer(String(input), init);
  return { answer };
});
const saved = vi.hoisted(() => ({ files: [] as { name: string; blob: Blob }[] }));
vi.mock('../../lib/save-file.ts', () => ({
  saveFile: (blob: Blob, name: string) => saved.files.push({ name, blob }),
}));

type Row = { id: number; name: string };
const rows: Row[] = [
  { id: 1, name: 'Acme' },
  { id: 2, name: 'Brisa' },
];
const ACTION_ID = '0b8f7d1c-2f3a-4c5e-9a8b-1c2d3e4f5a6b';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
  stubWideScreen();
});
afterEach(() => {
  cleanup();
  server.answer.mockReset();
  saved.files.length = 0;
});

const page: Page<Row> = { data: rows, total: 3, totalPages: 1 };
const useList = () =>
  ({ data: page, isFetching: false, isError: false, isPending: false }) as UseQueryResult<Page<Row>, Error>;

function renderList(actions: readonly BulkAction[] = ['activate', 'deactivate', 'delete']) {
  const invalidate = vi.fn(async () => undefined);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <App>
            <ResourceList<Row>
              title="Organizações"
              endpoint="bulk-selection-test"
              useList={useList}
              columns={[{ title: 'Nome', dataIndex: 'name', card: 'name' }]}
              rowKey={(row) => row.id}
              defaultSort={{ orderBy: 'createdAt', orderByDirection: 'desc' }}
              searchLabel="Buscar"
              hasActiveFilter
              bulk={{
                endpoint: bulkEndpoint('/things'),
                t: i18n.getFixedT('pt-BR', 'organizations'),
                actions,
                rowId: (row) => row.id,
                rowName: (row) => row.name,
                invalidate,
              }}
            />
          </App>
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { invalidate };
}

// Role queries walk antd's whole table; labels and texts are as strict here and far cheaper.
function barElement(): HTMLElement {
  const bar = screen.getByLabelText('Ações em lote');
  expect(bar.tagName).toBe('SECTION');
  return bar;
}

async function dialogTitled(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title);
  const dialog = heading.closest<HTMLElement>('[role="dialog"]');
  if (!dialog) throw new Error(`${title} is not a dialog's title`);
  expect(dialog.getAttribute('aria-labelledby')).toBe(heading.id);
  return dialog;
}

// jsdom's Blob has no text(): read it as a browser without it would.
function readText(blob: Blob | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    if (blob) reader.readAsText(blob);
  });
}

const calls = () =>
  server.answer.mock.calls.map(([url, init]) => ({
    url,
    method: init?.method,
    body: JSON.parse(String(init?.body)),
  }));

describe('the list kit: bulk actions', () => {
  it('shows no bar until a row is selected, then counts the selection and clears it', () => {
    renderList();
    expect(document.querySelector('.bulk-bar')).toBeNull();

    fireEvent.click(screen.getByLabelText('Selecionar Acme'));
    const bar = barElement();
    expect(within(bar).getByText('1 selecionado')).toBeTruthy();

    fireEvent.click(within(bar).getByText('Limpar'));
    expect(document.querySelector('.bulk-bar')).toBeNull();
  });

  it('offers only the actions declared for the caller', () => {
    renderList(['resendConfirmation']);
    fireEvent.click(screen.getByLabelText('Selecionar Acme'));
    const bar = barElement();
    expect(within(bar).getByText('Reenviar e-mail de confirmação')).toBeTruthy();
    expect(within(bar).queryByText('Desativar')).toBeNull();
  });

  it("selects all that match the list's filter, confirms with the count, runs and shows the result per row", async () => {
    const { invalidate } = renderList();
    server.answer.mockImplementation(async (url) =>
      url.endsWith('/bulk/ids')
        ? Response.json({ ids: [1, 2, 3], total: 3 })
        : Response.json({
            actionId: ACTION_ID,
            results: [
              { id: 1, name: 'Acme', outcome: 'refused', code: 'X', message: 'Tem os locais ativos Loja 1.' },
              { id: 2, name: 'Brisa', outcome: 'done', code: null, message: null },
              { id: 3, name: 'Cedro', outcome: 'unchanged', code: null, message: null },
            ],
          }),
    );

    fireEvent.click(screen.getByLabelText('Selecionar Acme'));
    fireEvent.click(screen.getByText('Selecionar todos os 3 que correspondem ao filtro'));
    await screen.findByText('3 selecionados: todos os que correspondem ao filtro');
    expect(calls()[0]).toEqual({ url: '/api/things/bulk/ids', method: 'POST', body: { isActive: 'true' } });

    fireEvent.click(within(barElement()).getByText('Desativar'));
    const dialog = await dialogTitled('Desativar 3 organizações?');
    fireEvent.click(within(dialog).getByText('Desativar'));

    const result = await dialogTitled('Resultado');
    expect(calls()[1]).toEqual({
      url: '/api/things/bulk',
      method: 'POST',
      body: { action: 'deactivate', ids: [1, 2, 3] },
    });
    const counts = within(result).getByLabelText('Registros por resultado');
    expect(counts.textContent).toContain('1 concluídos');
    expect(counts.textContent).toContain('1 já estavam assim');
    expect(counts.textContent).toContain('1 recusados');
    expect(within(result).getByText('Tem os locais ativos Loja 1.')).toBeTruthy();
    expect(invalidate).toHaveBeenCalled();

    fireEvent.click(within(result).getByText('Baixar resultado'));
    expect(saved.files[0]?.name).toBe('resultado-desativar.csv');
    const text = await readText(saved.files[0]?.blob);
    expect(text).toContain('1;Acme;Recusado;Tem os locais ativos Loja 1.');

    fireEvent.click(within(result).getByText('Fechar'));
    await waitFor(() => expect(document.querySelector('.bulk-bar')).toBeNull());
  });

  it("says the server's refusal when more rows match than a bulk action takes", async () => {
    renderList();
    server.answer.mockResolvedValue(
      Response.json(
        { code: 'BULK_TOO_MANY', message: 'Refine o filtro: no máximo 10.000.' },
        { status: 400 },
      ),
    );
    fireEvent.click(screen.getByLabelText('Selecionar Acme'));
    fireEvent.click(screen.getByText('Selecionar todos os 3 que correspondem ao filtro'));
    expect(await screen.findByText('Refine o filtro: no máximo 10.000.')).toBeTruthy();
    expect(screen.getByText('1 selecionado')).toBeTruthy();
  });
});
