// @vitest-environment jsdom
import type { Page } from '@scentia/shared/list.schemas';
import type { UseQueryResult } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestI18n } from '../../test/i18n-for-tests.ts';
import { stubWideScreen } from '../../test/wide-screen.ts';
import { RecordList, type RecordListProps } from './record-list.tsx';

type Row = {
  id: number;
  name: string;
  ativo: boolean;
  isLocked: boolean;
  updatedAt: string;
  createdAt: string;
};

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
  stubWideScreen();
});
afterEach(cleanup);

const rows: Row[] = [
  {
    id: 1,
    name: 'Âmbar',
    ativo: true,
    isLocked: true,
    updatedAt: '2026-01-02T10:00:00Z',
    createdAt: '2026-01-01T10:00:00Z',
  },
  {
    id: 2,
    name: 'Brisa',
    ativo: false,
    isLocked: false,
    updatedAt: '2026-01-02T10:00:00Z',
    createdAt: '2026-01-01T10:00:00Z',
  },
];
const page: Page<Row> = { data: rows, total: 2, totalPages: 1 };
const useList = () => ({ data: page, isFetching: false, isError: false }) as UseQueryResult<Page<Row>, Error>;
const idle = () => ({ mutateAsync: async () => undefined });
const mutations = {
  useActivate: idle,
  useDeactivate: idle,
  useDelete: idle,
  exportList: async () => undefined,
} as unknown as RecordListProps<Row>['mutations'];

function renderList(props: Partial<RecordListProps<Row>>) {
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <App>
          <RecordList<Row>
            t={i18n.getFixedT('pt-BR', 'categories')}
            resource="categories"
            list={{ useList }}
            mutations={mutations}
            record={(row) => ({ id: row.id, name: row.name })}
            rowActions={() => ['edit']}
            columns={[{ title: 'Nome', dataIndex: 'name' }]}
            {...props}
          />
        </App>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

function headers() {
  return screen.getAllByRole('columnheader').map((header) => header.textContent?.trim());
}

describe('RecordList', () => {
  it('puts the status, then the columns after it, then the creation after the resource columns', () => {
    renderList({ columnsAfterStatus: [{ title: 'Alterado em', dataIndex: 'updatedAt' }] });
    const titles = headers();
    const at = (title: string) => titles.findIndex((text) => text?.startsWith(title));
    expect(at('Nome')).toBeLessThan(at('Situação'));
    expect(at('Situação')).toBeLessThan(at('Alterado em'));
    expect(at('Alterado em')).toBeLessThan(at('Criado em'));
  });

  it("shows a row's status note beside its status tag", () => {
    renderList({ statusNote: (row) => row.isLocked && <span>trancada</span> });
    const [first, second] = screen.getAllByRole('row').slice(1);
    expect(within(first as HTMLElement).getByText('trancada')).toBeTruthy();
    expect(within(second as HTMLElement).queryByText('trancada')).toBeNull();
  });
});
