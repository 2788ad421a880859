// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestI18n } from '../../test/i18n-for-tests.ts';
import { CapsuleRunOut, runOutState } from './capsule-run-out.tsx';

const TODAY = '2026-03-10';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(cleanup);

describe('runOutState', () => {
  it('is soon within the week or past, later after it, none without a forecast, empty at level 0', () => {
    expect(runOutState({ runsOutOn: '2026-03-17', remainingShots: 10 }, TODAY)).toBe('soon');
    expect(runOutState({ runsOutOn: '2026-03-08', remainingShots: 10 }, TODAY)).toBe('soon');
    expect(runOutState({ runsOutOn: '2026-03-18', remainingShots: 10 }, TODAY)).toBe('later');
    expect(runOutState({ runsOutOn: null, remainingShots: 10 }, TODAY)).toBe('none');
    expect(runOutState({ runsOutOn: null, remainingShots: 0 }, TODAY)).toBe('empty');
    expect(runOutState({ runsOutOn: '2026-05-01', remainingShots: 0 }, TODAY)).toBe('empty');
  });
});

describe('CapsuleRunOut', () => {
  function show(runsOutOn: string | null, remainingShots = 100) {
    return render(
      <I18nextProvider i18n={i18n}>
        <CapsuleRunOut runsOutOn={runsOutOn} remainingShots={remainingShots} today={TODAY} />
      </I18nextProvider>,
    );
  }

  it('flags a day within the week with a word, not a colour alone, and leaves a later day plain', () => {
    show('2026-03-12');
    expect(screen.getByText('Acaba em breve')).toBeTruthy();
    expect(screen.getByText(/12\/03\/2026/)).toBeTruthy();
    cleanup();
    show('2026-04-02');
    expect(screen.queryByText('Acaba em breve')).toBeNull();
    expect(screen.getByText('02/04/2026')).toBeTruthy();
  });

  it('says an empty capsule is empty, and a capsule without recent shots has no forecast', () => {
    show('2026-03-10', 0);
    expect(screen.getByText('Vazia')).toBeTruthy();
    cleanup();
    // Empty with no forecast at all (no recent shots): still empty, not "no forecast".
    show(null, 0);
    expect(screen.getByText('Vazia')).toBeTruthy();
    expect(screen.queryByText('Sem previsão')).toBeNull();
    cleanup();
    show(null);
    expect(screen.getByText('Sem previsão')).toBeTruthy();
  });
});
