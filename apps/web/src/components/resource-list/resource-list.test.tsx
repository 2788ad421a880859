// @vitest-environment jsdom
import type { Page } from '@scentia/shared/list.schemas';
import type { UseQueryResult } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { App } from 'antd';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestI18n } from '../../test/i18n-for-tests.ts';
import { stubWideScreen } from '../../test/wide-screen.ts';
import { ResourceList } from './resource-list.tsx';

type Row = { id: number; name: string };

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
  stubWideScreen();
});
afterEach(cleanup);

// The feature hook, as TanStack Query answers once the page has loaded.
let shownPage: Page<Row>;
const useList = () =>
  ({ data: shownPage, isFetching: false, isError: false }) as UseQueryResult<Page<Row>, Error>;

function renderList(page: Page<Row>) {
  shownPage = page;
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <App>
          <ResourceList<Row>
            title="Pessoas"
            endpoint="people-test"
            useList={useList}
            columns={[{ title: 'Nome', dataIndex: 'name', sortKey: 'name' }]}
            rowKey={(row) => row.id}
            defaultSort={{ orderBy: 'name', orderByDirection: 'asc' }}
            searchLabel="Pesquisar"
          />
        </App>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

const rows = Array.from({ length: 10 }, (_, index) => ({ id: index + 1, name: `Pessoa ${index + 1}` }));

describe('ResourceList', () => {
  it("shows 'from-to of count' with the exact total", () => {
    renderList({ data: rows, total: 42, totalPages: 5 });
    expect(screen.getByText('1-10 de 42')).toBeTruthy();
  });

  it('says "about" when the server estimated the total of a broad search', () => {
    renderList({ data: rows, total: 28000, totalPages: 2800, totalIsEstimate: true });
    expect(screen.getByText('1-10 de cerca de 28000')).toBeTruthy();
  });
});
