// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import spanishTexts from '../../../locales/es-ES/quiz-insights.json';
import { createTestI18n } from '../../../test/i18n-for-tests.ts';
import { stubWideScreen } from '../../../test/wide-screen.ts';
import QuizPreview from './quiz-preview.tsx';
import { previewQuiz } from './quiz-preview-fixture.ts';

let i18n: I18n;
beforeAll(async () => {
  stubWideScreen();
  i18n = await createTestI18n();
  // The preview's quiz is in Spanish: the player's labels are read in it.
  i18n.addResourceBundle('es-ES', 'quiz-insights', spanishTexts);
});
afterEach(cleanup);

function renderPreview(quiz = previewQuiz()) {
  return render(
    <I18nextProvider i18n={i18n}>
      <QuizPreview quiz={quiz} />
    </I18nextProvider>,
  );
}

const heading = () => screen.getByRole('heading', { level: 3 });
const choose = (label: string) => fireEvent.click(screen.getByRole('button', { name: label }));

describe('QuizPreview', () => {
  it('walks from the entry, answer by answer, to the recommended fragrances with their images', () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    renderPreview();
    expect(heading().textContent).toBe('Pregunta 1¿Qué ambiente prefiere?');
    // The quiz's texts and the player's own labels are in its language, as the app shows them, and
    // marked so; the preview's controls are the viewer's.
    expect(within(heading()).getByText('¿Qué ambiente prefiere?').getAttribute('lang')).toBe('es-ES');
    expect(within(heading()).getByText('Pregunta 1').getAttribute('lang')).toBe('es-ES');
    expect(screen.getByRole('button', { name: 'Fresco' }).querySelector('[lang="es-ES"]')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Voltar uma pergunta/ }).hasAttribute('disabled')).toBe(true);

    choose('Fresco');
    expect(heading().textContent).toBe('Pregunta 2¿Qué nota le gusta más?');
    expect(document.activeElement).toBe(heading());

    choose('Cítricos');
    expect(heading().textContent).toBe('Fragancias recomendadas');
    expect(screen.getByText('Usted respondió:')).toBeTruthy();
    expect(document.activeElement).toBe(heading());
    const cards = screen.getAllByRole('listitem').filter((item) => item.querySelector('img'));
    expect(cards.map((card) => card.textContent)).toEqual(['Brisa', 'Cítrico']);
    expect(cards.map((card) => card.querySelector('img')?.getAttribute('src'))).toEqual([
      '/img/brisa.png',
      '/img/citrico.png',
    ]);
    // A preview is not a played session: nothing reaches the server.
    expect(fetch).not.toHaveBeenCalled();
  });

  it('goes back one question, and starts over from the entry', () => {
    renderPreview();
    choose('Fresco');
    choose('Cítricos');
    fireEvent.click(screen.getByRole('button', { name: /Voltar uma pergunta/ }));
    expect(heading().textContent).toBe('Pregunta 2¿Qué nota le gusta más?');
    expect(document.activeElement).toBe(heading());
    fireEvent.click(screen.getByRole('button', { name: /Recomeçar/ }));
    expect(heading().textContent).toBe('Pregunta 1¿Qué ambiente prefiere?');
    expect(screen.getByRole('button', { name: /Recomeçar/ }).hasAttribute('disabled')).toBe(true);
  });

  it('stops at an answer that leads nowhere and says why', () => {
    renderPreview();
    choose('Sin terminar');
    expect(heading().textContent).toBe('O percurso não pode continuar');
    expect(document.activeElement).toBe(heading());
    expect(screen.getByText(/não é final e não leva a nenhuma pergunta/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Fresco' })).toBeNull();
  });

  it('walks a loop as the user clicks it, and says the quiz came back to a question', () => {
    renderPreview();
    choose('Fresco');
    choose('Otra vez');
    expect(heading().textContent).toBe('Pregunta 3¿Qué ambiente prefiere?');
    expect(screen.getByText(/o quiz volta a ela em um ciclo/)).toBeTruthy();
    choose('Cálido');
    expect(heading().textContent).toBe('Fragancia recomendada');
  });

  it('says so when the quiz has no question, and offers nothing to click', () => {
    renderPreview({ ...previewQuiz(), questions: [] });
    expect(heading().textContent).toBe('O percurso não pode continuar');
    expect(screen.getByText('O quiz ainda não tem perguntas.')).toBeTruthy();
    // Opening the preview does not pull the focus.
    expect(document.activeElement).toBe(document.body);
  });
});
