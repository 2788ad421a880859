// @vitest-environment jsdom
import type { Alert, Notifications } from '@scentia/shared/alerts.schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../../../test/i18n-for-tests.ts';
import { stubWideScreen } from '../../../test/wide-screen.ts';
import { NotificationList } from './notification-list.tsx';

// The app's HTTP client takes `fetch` when its module loads: the server's side is in place first.
const server = vi.hoisted(() => {
  const answer = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>();
  globalThis.fetch = (input, init) => answer(String(input), init);
  return { answer };
});

let i18n: I18n;
beforeAll(async () => {
  stubWideScreen();
  i18n = await createTestI18n();
});
afterEach(() => {
  cleanup();
  server.answer.mockReset();
});

function alert(alertId: number, overrides: Partial<Alert> = {}): Alert {
  return {
    alertId,
    kind: 'capsuleRunningOut',
    severity: 'critical',
    canKeepRunning: false,
    device: { deviceId: 40 + alertId, macAddress: `AABBCC11223${alertId}` },
    location: { locationId: 3, name: 'Loja Centro', timeZone: 'America/Sao_Paulo' },
    organization: { organizationId: 2, name: 'Rede Aroma' },
    slot: alertId,
    fragrance: { fragranceId: 5, name: 'Lavanda' },
    capsule: { capsuleId: alertId, serialNumber: `SN-${alertId}` },
    runsOutOn: '2026-11-26',
    dueDate: null,
    lastSeenAt: null,
    raisedAt: '2026-11-25T09:30:00.000Z',
    isRead: false,
    ...overrides,
  };
}

/** The server: the list as it stands, a read mark applied to it, and every call recorded. */
function serve(list: Notifications) {
  let current = list;
  server.answer.mockImplementation(async (url, init) => {
    const path = new URL(url, 'http://localhost').pathname;
    if (init?.method === 'PUT' && path.startsWith('/api/notifications/read/')) {
      const alertId = Number(path.split('/').pop());
      const wasUnread = current.items.some((item) => item.alertId === alertId && !item.isRead);
      current = {
        ...current,
        unreadCount: current.unreadCount - (wasUnread ? 1 : 0),
        items: current.items.map((item) => (item.alertId === alertId ? { ...item, isRead: true } : item)),
      };
      return new Response(null, { status: 204 });
    }
    if (init?.method === 'PUT' && path === '/api/notifications/read-all') {
      current = {
        ...current,
        unreadCount: 0,
        items: current.items.map((item) => ({ ...item, isRead: true })),
      };
      return new Response(null, { status: 204 });
    }
    return Response.json(current);
  });
}

function calls(method: string) {
  return server.answer.mock.calls
    .filter(([, init]) => (init?.method ?? 'GET') === method)
    .map(([url]) => new URL(url, 'http://localhost').pathname);
}

function renderList(onNavigate = vi.fn()) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <App>
            <NotificationList onNavigate={onNavigate} />
          </App>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return onNavigate;
}

describe('NotificationList', () => {
  it('says each alert in words with its urgency, marks the unread ones and reads one on request', async () => {
    serve({
      unreadCount: 1,
      total: 2,
      items: [alert(1), alert(2, { severity: 'warning', isRead: true, runsOutOn: '2026-12-20' })],
    });
    renderList();
    const list = await screen.findByRole('list', { name: 'Alertas abertos' });
    const [first, second] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(first.textContent).toContain('Crítico: agir hoje');
    expect(first.textContent).toContain('Não lida');
    expect(first.textContent).toContain('A cápsula do slot 1 (Lavanda) do dispositivo AA:BB:CC:11:22:31');
    expect(second.textContent).toContain('Atenção: programar');
    expect(second.textContent).not.toContain('Não lida');
    expect(screen.getByRole('status').textContent).toBe('1 não lida');

    fireEvent.click(within(first).getByRole('button', { name: 'Marcar como lida' }));
    await waitFor(() => expect(within(first).queryByText('Não lida')).toBeNull());
    expect(calls('PUT')).toEqual(['/api/notifications/read/1']);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Nenhuma não lida'));
    expect(screen.getByRole('button', { name: /Marcar todas como lidas/ }).hasAttribute('disabled')).toBe(
      true,
    );
  });

  it("reads an alert followed to its device's page, and closes the panel", async () => {
    serve({ unreadCount: 1, total: 1, items: [alert(3)] });
    const onNavigate = renderList();
    const link = await screen.findByRole('link', { name: 'Abrir o dispositivo AA:BB:CC:11:22:33' });
    expect(link.getAttribute('href')).toBe('/admin/devices/43/update');
    fireEvent.click(link);
    expect(onNavigate).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(calls('PUT')).toEqual(['/api/notifications/read/3']));
  });

  it('marks every alert read at once, and says when there are more open than shown', async () => {
    serve({ unreadCount: 2, total: 75, items: [alert(4), alert(5)] });
    renderList();
    fireEvent.click(await screen.findByRole('button', { name: /Marcar todas como lidas/ }));
    await waitFor(() => expect(screen.queryAllByText('Não lida')).toHaveLength(0));
    expect(calls('PUT')).toEqual(['/api/notifications/read-all']);
    expect(screen.getByText('Mostrando os 2 alertas mais urgentes de 75.')).toBeTruthy();
  });

  it('says when nothing is open', async () => {
    serve({ unreadCount: 0, total: 0, items: [] });
    renderList();
    expect(await screen.findByText(/Nenhum alerta aberto/)).toBeTruthy();
  });
});
