// @vitest-environment jsdom
import type { DeviceRecord } from '@scentia/shared/devices.schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../../../test/i18n-for-tests.ts';
import { DeviceScheduleCard } from './device-schedule-card.tsx';

// A staff member: the schedule's door admits them (a Viewer is offered no edit).
vi.mock('../../../lib/use-session.ts', () => ({
  useSession: () => ({ user: { profile: { nome: 'Operador' }, membership: null }, tokens: null }),
}));

const sent: { url: string; body: unknown }[] = [];
vi.hoisted(() => {
  // jsdom does not lay out: the failure alert's scroll into view does nothing here.
  Element.prototype.scrollIntoView = () => undefined;
  globalThis.fetch = async (input, init) => {
    sent.push({ url: String(input), body: init?.body ? JSON.parse(String(init.body)) : undefined });
    return Response.json(
      { code: 'STALE_RECORD', message: 'Outra pessoa alterou este registro.' },
      { status: 409 },
    );
  };
});

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(cleanup);

const ranges = [{ weekday: 1, start: '08:00', end: '18:00', intensity: 60 }];
const device = {
  deviceId: 9,
  ativo: true,
  user: null,
  isProvisioned: false,
  updatedAt: '2026-11-20T10:00:00.123Z',
  location: { locationId: 3, name: 'Loja Centro' },
  schedule: { source: 'location', timeZone: 'America/Sao_Paulo', ranges },
  ownSchedule: null,
} as unknown as DeviceRecord;

describe('DeviceScheduleCard', () => {
  it('saves with the version the page loaded, and offers the reload when that save is stale', async () => {
    const reload = vi.fn(async () => undefined);
    render(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={new QueryClient()}>
          <MemoryRouter>
            <App>
              <DeviceScheduleCard device={device} reload={reload} />
            </App>
          </MemoryRouter>
        </QueryClientProvider>
      </I18nextProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Criar agenda própria' }));
    fireEvent.click(screen.getByRole('button', { name: 'Salvar agenda' }));

    const alert = await screen.findByRole('alert');
    expect(sent.at(-1)).toMatchObject({
      url: expect.stringContaining('/devices/schedule/9'),
      body: { schedule: { ranges }, updatedAt: device.updatedAt },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Recarregar o registro' }));
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(alert).toBeTruthy();
  });
});
