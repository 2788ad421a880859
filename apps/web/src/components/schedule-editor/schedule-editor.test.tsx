// @vitest-environment jsdom
import type { Schedule } from '@scentia/shared/schedules.schemas';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestI18n } from '../../test/i18n-for-tests.ts';
import { stubWideScreen } from '../../test/wide-screen.ts';
import { ScheduleEditor } from './schedule-editor.tsx';

let i18n: I18n;
let held: Schedule | null = null;

beforeAll(async () => {
  i18n = await createTestI18n();
  stubWideScreen();
});
afterEach(cleanup);

function Held({ initial }: { initial: Schedule | null }) {
  const [value, setValue] = useState<Schedule | null>(initial);
  held = value;
  return (
    <I18nextProvider i18n={i18n}>
      <ScheduleEditor value={value} onChange={setValue} timeZone="America/Sao_Paulo" />
    </I18nextProvider>
  );
}

const friday = { weekday: 5, start: '22:00', end: '02:00', intensity: 120 };

// Queries by label and text rather than by role: computing roles over antd's dialogs is slow in jsdom.

/** The list of one day's ranges, found by the day's name. */
function day(name: string) {
  return screen.getByRole('list', { name });
}

describe('ScheduleEditor', () => {
  it('lists a range crossing midnight on its day and on the next, and names the time zone', () => {
    render(<Held initial={{ ranges: [friday] }} />);
    expect(within(day('Sexta-feira')).getByText(/22:00–02:00 \(Sábado\)/)).toBeTruthy();
    expect(within(day('Sábado')).getByText(/00:00–02:00, continuação de Sexta-feira 22:00/)).toBeTruthy();
    expect(within(day('Domingo')).getByText('Não difunde')).toBeTruthy();
    expect(screen.getByText(/America\/Sao_Paulo/)).toBeTruthy();
    // Two bars for one range: the evening on Friday, the night on Saturday.
    expect(document.querySelectorAll('.schedule-bar')).toHaveLength(2);
    expect(document.querySelectorAll('.schedule-bar.is-carried-over')).toHaveLength(1);
  });

  it('refuses a new range overlapping the night that crossed into Saturday, showing why', async () => {
    render(<Held initial={{ ranges: [friday] }} />);
    fireEvent.click(screen.getByLabelText('Adicionar intervalo em Sábado'));
    fireEvent.change(await screen.findByLabelText('Início'), { target: { value: '01:00' } });
    fireEvent.change(screen.getByLabelText('Fim'), { target: { value: '05:00' } });
    expect(screen.getByText(/Este intervalo se sobrepõe a outro da agenda/).textContent).toContain(
      'Este intervalo se sobrepõe a outro da agenda: Sexta-feira 22:00–02:00',
    );
    fireEvent.click(screen.getByText('Aplicar'));
    expect(held).toEqual({ ranges: [friday] });
  });

  it('adds a valid range and removes one', async () => {
    render(<Held initial={null} />);
    fireEvent.click(screen.getByLabelText('Adicionar intervalo em Sábado'));
    fireEvent.change(await screen.findByLabelText('Início'), { target: { value: '22:00' } });
    fireEvent.change(screen.getByLabelText('Fim'), { target: { value: '02:00' } });
    fireEvent.click(screen.getByText('Aplicar'));
    await screen.findByText(/00:00–02:00, continuação de Sábado 22:00/);
    expect(held).toEqual({ ranges: [{ weekday: 6, start: '22:00', end: '02:00', intensity: 60 }] });

    fireEvent.click(screen.getByLabelText(/^Remover intervalo Sábado 22:00–02:00/));
    expect(held).toEqual({ ranges: [] });
  });
});
