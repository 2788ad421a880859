// @vitest-environment jsdom
import type { Page } from '@scentia/shared/list.schemas';
import type { UseQueryResult } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestI18n } from '../../test/i18n-for-tests.ts';
import { stubWideScreen } from '../../test/wide-screen.ts';
import type { ListParams } from '../resource-list/list-params.ts';
import { ResourceList } from '../resource-list/resource-list.tsx';
import { PeriodChip } from './period-chip.tsx';
import { shotsInPeriodColumn } from './shots-in-period-column.tsx';

type Row = { id: number; name: string; shotsInPeriod: number | null };

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
  stubWideScreen();
});
afterEach(cleanup);

let asked: ListParams[] = [];
const page: Page<Row> = {
  data: [
    { id: 1, name: 'Loja Paulista', shotsInPeriod: 1234 },
    { id: 2, name: 'Loja Centro', shotsInPeriod: 0 },
  ],
  total: 2,
  totalPages: 1,
};
const useList = (params: ListParams) => {
  asked.push(params);
  return { data: page, isFetching: false, isError: false } as UseQueryResult<Page<Row>, Error>;
};

describe("a list opened on a dashboard slice's period", () => {
  it('shows the period as a chip that removes it', () => {
    let cleared = 0;
    render(
      <I18nextProvider i18n={i18n}>
        <PeriodChip
          period={{ from: '2026-10-01', to: '2026-10-31', timeZone: 'America/Sao_Paulo' }}
          onClear={() => {
            cleared += 1;
          }}
        />
        <PeriodChip period={{ from: '2026-10-01', to: '2026-10-31' }} onClear={() => undefined} />
      </I18nextProvider>,
    );
    const label = 'Período: 01/10/2026 – 31/10/2026 (America/Sao_Paulo)';
    expect(screen.getByText(label)).toBeTruthy();
    expect(screen.getByText('Período: 01/10/2026 – 31/10/2026 (dias UTC)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: `Remover o filtro ${label}` }));
    expect(cleared).toBe(1);
  });

  it("shows each row's shots in the period and opens on every row, active or not", () => {
    asked = [];
    render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <App>
            <ResourceList<Row>
              title="Dispositivos"
              endpoint="period-test"
              useList={useList}
              hasActiveFilter
              filters={{
                values: { from: '2026-10-01', to: '2026-10-31' },
                controls: null,
                initialActiveFilter: 'all',
              }}
              columns={[
                { title: 'Nome', dataIndex: 'name', sortKey: 'name' },
                shotsInPeriodColumn<Row>(i18n.t('list.shotsInPeriod')),
              ]}
              rowKey={(row) => row.id}
              defaultSort={{ orderBy: 'name', orderByDirection: 'asc' }}
              searchLabel="Pesquisar"
            />
          </App>
        </MemoryRouter>
      </I18nextProvider>,
    );
    expect(screen.getByRole('columnheader', { name: 'Shots no período' })).toBeTruthy();
    expect(screen.getByText(new Intl.NumberFormat('pt-BR').format(1234))).toBeTruthy();
    expect(asked.at(-1)?.isActive).toBeUndefined();
    expect(asked.at(-1)?.filters).toEqual({ from: '2026-10-01', to: '2026-10-31' });
  });
});
