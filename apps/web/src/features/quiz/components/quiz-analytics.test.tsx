// @vitest-environment jsdom
import type { QuizAnalytics as Figures } from '@scentia/shared/quiz-sessions.schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../../../test/i18n-for-tests.ts';
import { stubWideScreen } from '../../../test/wide-screen.ts';
import QuizAnalytics from './quiz-analytics.tsx';

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
  vi.useRealTimers();
  server.answer.mockReset();
});

function renderPanel() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <App>
          <QuizAnalytics quizId={9} language="es-ES" />
        </App>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const FIGURES: Figures = {
  from: '2026-10-26',
  to: '2026-11-24',
  language: 'es-ES',
  starts: 1200,
  completions: 900,
  abandoned: 300,
  completionRate: 0.75,
  questions: [
    {
      quizQuestionId: 11,
      quest: '¿Qué ambiente prefiere?',
      reached: 1200,
      leftThere: 200,
      answers: [
        { quizQuestionAnswerId: 21, label: 'Fresco', count: 700 },
        { quizQuestionAnswerId: 22, label: 'Cálido', count: 300 },
      ],
    },
    {
      quizQuestionId: 12,
      quest: '¿Qué nota le gusta más?',
      reached: 700,
      leftThere: 100,
      answers: [{ quizQuestionAnswerId: 24, label: 'Cítricos', count: 600 }],
    },
  ],
  recommendations: [
    { fragranceId: 5, name: 'Brisa', count: 300 },
    { fragranceId: 6, name: 'Cítrico', count: 600 },
  ],
};

const tableNamed = (name: string) => screen.getByRole('table', { name });
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('QuizAnalytics', () => {
  it('asks for the last 30 days and shows the cards, each chart, and the same figures as tables', async () => {
    server.answer.mockResolvedValue(Response.json(FIGURES));
    renderPanel();
    expect(await screen.findByText('Inícios')).toBeTruthy();
    const url = new URL(server.answer.mock.calls[0]?.[0] ?? '', 'http://x');
    expect(url.pathname).toBe('/api/quiz/analytics/9');
    const from = new Date(`${url.searchParams.get('from')}T00:00:00Z`).getTime();
    const to = new Date(`${url.searchParams.get('to')}T00:00:00Z`).getTime();
    expect((to - from) / 86_400_000).toBe(29);

    const cards = [...document.querySelectorAll('.quiz-analytics-card')].map((card) => card.textContent);
    expect(cards).toEqual(['Inícios1.200', 'Conclusões900', 'Taxa de conclusão75%', 'Abandonos300']);
    expect(screen.getByText('De 26/10/2026 a 24/11/2026 (dias em UTC)')).toBeTruthy();

    // The tables are there for screen readers while the charts show (and the charts are hidden from them).
    expect(rowsOf(tableNamed('Abandono por pergunta'))).toEqual([
      ['¿Qué ambiente prefiere?', '1.200', '100%', '200'],
      ['¿Qué nota le gusta más?', '700', '58,3%', '100'],
    ]);
    expect(rowsOf(tableNamed('Respostas por pergunta'))).toEqual([
      ['¿Qué ambiente prefiere?', 'Fresco', '700', '70%'],
      ['Cálido', '300', '30%'],
      ['¿Qué nota le gusta más?', 'Cítricos', '600', '100%'],
    ]);
    expect(rowsOf(tableNamed('Recomendações por fragrância'))).toEqual([
      ['Cítrico', '600'],
      ['Brisa', '300'],
    ]);
    expect(document.querySelectorAll('.quiz-chart-body[aria-hidden="true"]')).toHaveLength(3);
    expect(screen.getAllByText('1.200 chegaram · 200 saíram')).toHaveLength(1);
    // Questions and answers are marked in the quiz's language.
    expect(screen.getAllByText('Fresco').every((element) => element.getAttribute('lang') === 'es-ES')).toBe(
      true,
    );
  });

  it('shows a chart as its table, and back', async () => {
    server.answer.mockResolvedValue(Response.json(FIGURES));
    renderPanel();
    const funnel = (await screen.findByRole('heading', { name: 'Abandono por pergunta' })).closest('section');
    if (!funnel) throw new Error('no funnel section');
    fireEvent.click(within(funnel).getByRole('button', { name: 'Ver como tabela' }));
    expect(funnel.querySelector('.quiz-chart-body')).toBeNull();
    expect(funnel.querySelector('.visually-hidden')).toBeNull();
    fireEvent.click(within(funnel).getByRole('button', { name: 'Ver como gráfico' }));
    expect(funnel.querySelector('.quiz-chart-body')).toBeTruthy();
  });

  it('asks for a custom period, and not for one the API would refuse', async () => {
    // Only the clock is faked (timers run as they do), so "today" is a known day.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T12:00:00Z'));
    server.answer.mockImplementation(async () => Response.json(FIGURES));
    renderPanel();
    await screen.findByText('Inícios');
    expect(new URL(server.answer.mock.calls[0]?.[0] ?? '', 'http://x').search).toBe(
      '?from=2026-10-26&to=2026-11-24',
    );
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Período' }));
    fireEvent.click(await screen.findByText('Personalizado'));
    const from = screen.getByLabelText('De');
    const to = screen.getByLabelText('Até');

    fireEvent.change(to, { target: { value: '2026-11-01' } });
    await vi.waitFor(() => expect(server.answer).toHaveBeenCalledTimes(2));
    fireEvent.change(from, { target: { value: '2026-11-10' } });
    expect(screen.getByRole('alert').textContent).toBe(
      'A data inicial deve ser igual ou anterior à data final.',
    );
    fireEvent.change(from, { target: { value: '2025-10-31' } });
    expect(screen.getByRole('alert').textContent).toBe('O período pode ter no máximo 366 dias.');
    expect(server.answer).toHaveBeenCalledTimes(2);

    fireEvent.change(from, { target: { value: '2025-11-01' } });
    expect(screen.queryByRole('alert')).toBeNull();
    await vi.waitFor(() => expect(server.answer).toHaveBeenCalledTimes(3));
    const url = new URL(server.answer.mock.calls[2]?.[0] ?? '', 'http://x');
    expect(url.search).toBe('?from=2025-11-01&to=2026-11-01');
  });

  it('says nobody played when the period has no start, and offers no download', async () => {
    server.answer.mockResolvedValue(
      Response.json({
        ...FIGURES,
        starts: 0,
        completions: 0,
        abandoned: 0,
        completionRate: 0,
        questions: [],
      }),
    );
    renderPanel();
    expect(await screen.findByText(/Ninguém jogou este quiz no período/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('button', { name: /Baixar resultados/ }).hasAttribute('disabled')).toBe(true);
  });

  it("shows the server's message when the figures cannot be read, and tries again", async () => {
    server.answer.mockResolvedValueOnce(
      Response.json({ code: 'NOT_FOUND', message: 'Quiz não encontrado.' }, { status: 404 }),
    );
    renderPanel();
    expect(await screen.findByText('Quiz não encontrado.')).toBeTruthy();
    server.answer.mockResolvedValue(Response.json(FIGURES));
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Inícios')).toBeTruthy();
  });
});
