// @vitest-environment jsdom
import { Blob as NodeBlob } from 'node:buffer';
import type { CurrentUser } from '@scentia/shared/auth.schemas';
import type { Page } from '@scentia/shared/list.schemas';
import type { ImportReport } from '@scentia/shared/record-import.schemas';
import { QueryClient, QueryClientProvider, type UseQueryResult } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, useLocation } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSession, storeUser } from '../../lib/auth-storage.ts';
import { createTestI18n } from '../../test/i18n-for-tests.ts';
import { stubWideScreen } from '../../test/wide-screen.ts';
import { importEndpoint } from './import-endpoint.ts';
import { RecordList, type RecordListProps } from './record-list.tsx';

// The app's HTTP client takes `fetch` when its module loads, so the server's side of the exchange
// is put in place before any import; everything between the dialog and the wire is the real client.
const server = vi.hoisted(() => {
  const answer = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>();
  globalThis.fetch = (input, init) => answer(String(input), init);
  return { answer };
});
const saved = vi.hoisted(() => ({ files: [] as { name: string; text: Promise<string> }[] }));
vi.mock('../../lib/save-file.ts', () => ({
  saveFile: (blob: Blob, name: string) => saved.files.push({ name, text: blob.text() }),
}));

type Row = { id: number; name: string; ativo: boolean; createdAt: string };
const JOB_ID = '0b7c8a52-4f3e-4a57-9d55-1d2f7c0f9a10';

// Opening the dialog loads its chunk; a busy machine takes its time.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 120_000 });

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
  stubWideScreen();
  // A fetch answer's body is Node's Blob, which jsdom's global Blob does not recognise.
  vi.stubGlobal('Blob', NodeBlob);
});
afterAll(() => {
  vi.unstubAllGlobals();
});
afterEach(() => {
  cleanup();
  server.answer.mockReset();
  saved.files.length = 0;
  localStorage.clear();
});

function signIn(membership: CurrentUser['membership'] = null) {
  startSession({ token: 'a', refreshToken: 'r', login: 'ana@example.com' } as never);
  storeUser({
    id: 1,
    nome: 'Ana',
    email: 'ana@example.com',
    profile: { id: 1, nome: 'OPERADOR' },
    confirmedAt: '2026-01-01T00:00:00Z',
    createdAt: '2026-01-01T00:00:00Z',
    membership,
  });
}

function report(overrides: Partial<ImportReport>): ImportReport {
  return {
    id: JOB_ID,
    recordType: 'organization',
    mode: 'check',
    state: 'done',
    fileName: 'lojas.csv',
    processed: 2,
    total: 2,
    counts: { insert: 1, update: 0, unchanged: 0, invalid: 1 },
    errors: [],
    errorsTruncated: false,
    applied: false,
    createdAt: '2026-01-01T00:00:00Z',
    finishedAt: '2026-01-01T00:00:01Z',
    ...overrides,
  };
}

const page: Page<Row> = { data: [], total: 0, totalPages: 0 };
const useList = () => ({ data: page, isFetching: false, isError: false }) as UseQueryResult<Page<Row>, Error>;
const idle = () => ({ mutateAsync: async () => undefined });

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.search}</output>;
}

function renderList({ path = '/', importable = true } = {}) {
  const invalidate = vi.fn(async () => undefined);
  const mutations = {
    useActivate: idle,
    useDeactivate: idle,
    useDelete: idle,
    exportList: async () => undefined,
    importer: importEndpoint('/things', invalidate),
  } as unknown as RecordListProps<Row>['mutations'];
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          <App>
            <RecordList<Row>
              t={i18n.getFixedT('pt-BR', 'categories')}
              resource="categories"
              list={{ useList }}
              mutations={mutations}
              record={(row) => ({ id: row.id, name: row.name })}
              rowActions={() => []}
              columns={[{ title: 'Nome', dataIndex: 'name' }]}
              importable={importable}
            />
            <Address />
          </App>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { invalidate };
}

const file = () => new File(['nome;cnpj\nLoja;1\n'], 'lojas.csv', { type: 'text/csv' });

async function openWithFile() {
  fireEvent.click(screen.getByRole('button', { name: /Importar/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Importar planilha' });
  const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file()] } });
  await within(dialog).findByText('lojas.csv');
  return dialog;
}

const button = (dialog: HTMLElement, name: string | RegExp) =>
  within(dialog).getByRole('button', { name }) as HTMLButtonElement;

function sent(index: number) {
  const [url, init] = server.answer.mock.calls[index] ?? [];
  return { url, method: init?.method, file: init?.body instanceof FormData ? init.body.get('file') : null };
}

describe('the list kit import', () => {
  it('offers Import to staff, but not to a member of a client organisation, nor on a list that does not declare it', () => {
    signIn();
    renderList({ importable: false });
    expect(screen.queryByRole('button', { name: /Importar/ })).toBeNull();
    cleanup();

    signIn({ organizationId: 3, organizationName: 'Loja', role: 'manager', locationIds: null });
    renderList();
    expect(screen.queryByRole('button', { name: /Importar/ })).toBeNull();
    cleanup();

    signIn();
    renderList();
    expect(screen.getByRole('button', { name: /Importar/ })).toBeTruthy();
  });

  it('downloads the template under the name the server gives', async () => {
    signIn();
    renderList();
    server.answer.mockResolvedValue(
      new Response(new Blob(['xlsx']), {
        headers: { 'content-disposition': 'attachment; filename="organizacoes-modelo.xlsx"' },
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: /Importar/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Importar planilha' });
    fireEvent.click(button(dialog, /Baixar o modelo/));
    await waitFor(() => expect(saved.files.map((saved) => saved.name)).toEqual(['organizacoes-modelo.xlsx']));
    expect(sent(0)).toMatchObject({ url: '/api/things/import/template', method: 'GET' });
  });

  it('checks the file, shows the counts and the row errors, refuses the apply and downloads the errors', async () => {
    signIn();
    renderList();
    const dialog = await openWithFile();
    expect(button(dialog, 'Importar').disabled).toBe(true);
    server.answer.mockResolvedValue(
      Response.json(
        report({
          errors: [
            { row: 3, column: 'cnpj', columnLabel: 'CNPJ', code: 'invalidCnpj', message: 'CNPJ Inválido' },
          ],
          errorsTruncated: true,
        }),
      ),
    );
    fireEvent.click(button(dialog, 'Verificar'));

    const message = await within(dialog).findByText('CNPJ Inválido');
    const errors = message.closest('section') as HTMLElement;
    expect(errors.getAttribute('aria-label')).toBe('Erros por linha');
    expect(sent(0)).toMatchObject({ url: '/api/things/import?mode=check', method: 'POST' });
    expect((sent(0).file as File).name).toBe('lojas.csv');
    expect(within(dialog).getByText('A incluir').nextSibling?.textContent).toBe('1');
    expect(within(dialog).getByText('Com erros').nextSibling?.textContent).toBe('1');
    const cells = [...(message.closest('tr')?.querySelectorAll('td') ?? [])].map((cell) => cell.textContent);
    expect(cells).toEqual(['3', 'CNPJ', 'CNPJ Inválido']);
    expect(within(errors).getByText(/Há mais erros do que os 1 mostrados/)).toBeTruthy();
    expect(button(dialog, 'Importar').disabled).toBe(true);

    fireEvent.click(within(errors).getByRole('button', { name: /Baixar os erros/ }));
    expect(saved.files[0]?.name).toBe('erros-importacao.csv');
    expect(await saved.files[0]?.text).toContain('3;CNPJ;CNPJ Inválido');
  });

  it('applies a file whose check found no error, then refreshes the list', async () => {
    signIn();
    const { invalidate } = renderList();
    const dialog = await openWithFile();
    server.answer.mockResolvedValueOnce(
      Response.json(report({ counts: { insert: 2, update: 0, unchanged: 0, invalid: 0 } })),
    );
    fireEvent.click(button(dialog, 'Verificar'));
    await within(dialog).findByText('Nenhum erro encontrado: a planilha pode ser importada.');
    expect(invalidate).not.toHaveBeenCalled();

    server.answer.mockResolvedValueOnce(
      Response.json(
        report({ mode: 'apply', applied: true, counts: { insert: 2, update: 0, unchanged: 0, invalid: 0 } }),
      ),
    );
    fireEvent.click(button(dialog, 'Importar'));
    await within(dialog).findByText('Importação concluída.');
    expect(sent(1)).toMatchObject({ url: '/api/things/import?mode=apply', method: 'POST' });
    expect(within(dialog).getByText('Incluídas').nextSibling?.textContent).toBe('2');
    await waitFor(() => expect(invalidate).toHaveBeenCalledTimes(1));
  });

  it('follows a job in the address with its progress, until it is done', async () => {
    signIn();
    const { invalidate } = renderList();
    const dialog = await openWithFile();
    server.answer.mockResolvedValueOnce(
      Response.json(report({ counts: { insert: 2, update: 0, unchanged: 0, invalid: 0 } })),
    );
    fireEvent.click(button(dialog, 'Verificar'));
    await within(dialog).findByText('Nenhum erro encontrado: a planilha pode ser importada.');

    const running = report({ mode: 'apply', state: 'running', processed: 5, total: 10, finishedAt: null });
    server.answer.mockResolvedValueOnce(Response.json(running, { status: 202 }));
    server.answer.mockResolvedValue(
      Response.json(report({ mode: 'apply', applied: true, processed: 10, total: 10 })),
    );
    fireEvent.click(button(dialog, 'Importar'));
    await within(dialog).findByText('Importando… 5 de 10 linhas');
    expect(screen.getByTestId('address').textContent).toBe(`?import=${JOB_ID}`);
    expect(within(dialog).getByRole('progressbar')).toBeTruthy();

    await within(dialog).findByText('Importação concluída.', undefined, { timeout: 3_000 });
    expect(sent(2)).toMatchObject({ url: `/api/imports/${JOB_ID}`, method: 'GET' });
    expect(invalidate).toHaveBeenCalledTimes(1);

    fireEvent.click(button(dialog, 'Fechar'));
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe(''));
  });

  it('reopens the import of the address after a reload and cancels it', async () => {
    signIn();
    renderList({ path: `/?import=${JOB_ID}` });
    let state: ImportReport['state'] = 'running';
    server.answer.mockImplementation(async (_url, init) => {
      if (init?.method === 'POST') {
        state = 'cancelled';
        return new Response(null, { status: 202 });
      }
      return Response.json(report({ mode: 'apply', state, processed: 3, total: null, finishedAt: null }));
    });

    const dialog = await screen.findByRole('dialog', { name: 'Importar planilha' });
    await within(dialog).findByText('Importando… 3 linhas lidas');
    fireEvent.click(button(dialog, 'Cancelar importação'));
    await within(dialog).findByText('Importação cancelada: nada foi gravado.');
    expect(server.answer.mock.calls.map(([url, init]) => `${init?.method} ${url}`)).toContain(
      `POST /api/imports/${JOB_ID}/cancel`,
    );
    expect(within(dialog).queryByRole('button', { name: 'Cancelar importação' })).toBeNull();
  });

  it("shows the server's refusal of the file in the dialog", async () => {
    signIn();
    renderList();
    const dialog = await openWithFile();
    server.answer.mockResolvedValue(
      Response.json({ code: 'IMPORT_FILE_TYPE', message: 'Envie um arquivo xlsx ou CSV.' }, { status: 400 }),
    );
    fireEvent.click(button(dialog, 'Verificar'));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Envie um arquivo xlsx ou CSV.');
  });
});
