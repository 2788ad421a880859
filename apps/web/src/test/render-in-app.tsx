import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App } from 'antd';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';

/** A page rendered as the app renders it: translations, a query client, antd's App, and a router at `/`. */
export function renderInApp(i18n: I18n, page: React.ReactElement) {
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <App>
          <RouterProvider router={createMemoryRouter([{ path: '/', element: page }])} />
        </App>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}
