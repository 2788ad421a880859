// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import dayjs, { type Dayjs } from 'dayjs';
import type { i18n as I18n } from 'i18next';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestI18n } from '../../test/i18n-for-tests.ts';
import { DateField } from './date-field.tsx';

let i18n: I18n;

beforeAll(async () => {
  i18n = await createTestI18n();
  // The calendar's popup measures itself; jsdom lays nothing out.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});
afterEach(cleanup);

let held: Dayjs | null = null;

function Held({ initial }: { initial: Dayjs | null }) {
  const [value, setValue] = useState<Dayjs | null>(initial);
  held = value;
  return (
    <I18nextProvider i18n={i18n}>
      <DateField aria-label="Nascimento" value={value} onChange={setValue} />
    </I18nextProvider>
  );
}

function typeAndLeave(text: string) {
  const input = screen.getByLabelText('Nascimento') as HTMLInputElement;
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.blur(input);
  return () => (screen.getByLabelText('Nascimento') as HTMLInputElement).value;
}

describe('DateField', () => {
  it('takes a complete typed day on leaving the field, whatever the calendar would allow', () => {
    render(<Held initial={null} />);
    const shown = typeAndLeave('25/11/2020');
    expect(held?.format('YYYY-MM-DD')).toBe('2020-11-25');
    expect(shown()).toBe('25/11/2020');
  });

  it('shows the held day again after unfinished text, and empties the value with the field', () => {
    render(<Held initial={dayjs('1990-03-15')} />);
    const shown = typeAndLeave('25/11/20');
    expect(held?.format('YYYY-MM-DD')).toBe('1990-03-15');
    expect(shown()).toBe('15/03/1990');

    typeAndLeave('');
    expect(held).toBeNull();
  });

  it('says why a day the calendar lacks gave way to the held one, until the next try', () => {
    render(<Held initial={dayjs('1990-03-15')} />);
    for (const day of ['30/02/2001', '31/04/2001']) {
      const shown = typeAndLeave(day);
      expect(held?.format('YYYY-MM-DD')).toBe('1990-03-15');
      expect(shown()).toBe('15/03/1990');
      expect(screen.getByRole('alert').textContent).toBe(
        `${day} não existe no calendário; a data anterior foi mantida.`,
      );
    }
    typeAndLeave('28/02/2001');
    expect(held?.format('YYYY-MM-DD')).toBe('2001-02-28');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
