// @vitest-environment jsdom
import type { AuditHistoryEvent } from '@scentia/shared/audit-fields';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../../test/i18n-for-tests.ts';
import { RecordHistory } from './record-history.tsx';

// The app's HTTP client takes `fetch` when its module loads: the server's side is in place first.
const server = vi.hoisted(() => {
  const answer = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>();
  globalThis.fetch = (input, init) => answer(String(input), init);
  return { answer };
});

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(() => {
  cleanup();
  server.answer.mockReset();
});

function renderHistory() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RecordHistory recordType="user" recordId={7} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const rename: AuditHistoryEvent = {
  auditId: 3,
  occurredAt: '2026-03-12T12:00:00.000Z',
  actor: { userId: 1, name: 'Ana Lima' },
  ip: '10.0.0.1',
  userAgent: 'test',
  action: 'putUsuarioById',
  record: { type: 'user', id: '7' },
  changes: [
    {
      table: 'users',
      rowKey: '7',
      kind: 'updated',
      fields: [
        { field: 'email', before: 'ana@old.test', after: 'ana@new.test' },
        { field: 'profile_id', before: 1, after: 2 },
      ],
    },
  ],
  names: { 'profile:1': 'ADMIN', 'profile:2': 'OPERADOR' },
};

describe('RecordHistory', () => {
  it("lists who changed the record, when, and each field's values before and after", async () => {
    server.answer.mockResolvedValue(Response.json([rename]));
    renderHistory();
    expect(await screen.findByRole('heading', { level: 2, name: 'Histórico' })).toBeTruthy();
    expect(await screen.findByText(/^Alterado por Ana Lima em 12\/03\/2026 \d\d:\d\d$/)).toBeTruthy();
    expect(screen.getByText('E-mail:').parentElement?.textContent).toBe(
      'E-mail: ana@old.test → ana@new.test',
    );
    expect(screen.getByText('Perfil:').parentElement?.textContent).toBe('Perfil: ADMIN → OPERADOR');
    expect(server.answer.mock.calls[0]?.[0]).toBe('/api/audit/history/user/7');
  });

  it('is left out when the API refuses the reader (a person’s history is for ADMIN only)', async () => {
    server.answer.mockResolvedValue(
      Response.json({ code: 'ADMIN_ONLY', message: 'Somente administradores.' }, { status: 403 }),
    );
    const { container } = renderHistory();
    await vi.waitFor(() => expect(server.answer).toHaveBeenCalled());
    // Loading shows the card; the refusal removes it, leaving no error behind.
    await vi.waitFor(() => expect(container.querySelector('.record-history')).toBeNull());
    expect(container.textContent).toBe('');
  });

  it('shows a long history a few events at a time, and folds an event’s many fields', async () => {
    const columns = ['name', 'email', 'cpf', 'document', 'genre', 'birthday', 'street', 'city', 'state'];
    const fieldNames = [...columns, 'zipcode', 'country', 'language'];
    const events = Array.from({ length: 12 }, (_, index) => ({
      ...rename,
      auditId: 100 - index,
      changes: [
        {
          table: 'users',
          rowKey: '7',
          kind: 'updated' as const,
          fields: fieldNames.map((field) => ({ field, before: `a${index}`, after: `b${index}` })),
        },
      ],
    }));
    server.answer.mockResolvedValue(Response.json(events));
    const { container } = renderHistory();
    const more = await screen.findByRole('button', { name: 'Mostrar mais 5' });
    const entries = () => container.querySelectorAll('.record-history-entry');
    expect(entries()).toHaveLength(5);
    // Ten of the twelve fields, and the way to the rest.
    expect(entries()[0]?.querySelectorAll('.record-history-fields > li')).toHaveLength(10);
    fireEvent.click(screen.getAllByRole('button', { name: 'Ver as 12 alterações' })[0] as HTMLElement);
    expect(entries()[0]?.querySelectorAll('.record-history-fields > li')).toHaveLength(12);
    fireEvent.click(more);
    expect(entries()).toHaveLength(10);
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar mais 2' }));
    expect(entries()).toHaveLength(12);
    expect(screen.queryByRole('button', { name: /^Mostrar mais/ })).toBeNull();
  });
});
