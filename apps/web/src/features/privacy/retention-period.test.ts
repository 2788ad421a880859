import type { TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestI18n } from '../../test/i18n-for-tests.ts';
import { describeDays, splitDays } from './retention-period.ts';

let t: TFunction;
beforeAll(async () => {
  t = (await createTestI18n()).getFixedT('pt-BR', 'privacy');
});

describe('splitDays', () => {
  it('states the configuration defaults and limits in whole years and months', () => {
    expect(splitDays(1826)).toEqual({ years: 5, months: 0, days: 0 });
    expect(splitDays(365)).toEqual({ years: 1, months: 0, days: 0 });
    expect(splitDays(183)).toEqual({ years: 0, months: 6, days: 0 });
    expect(splitDays(3653)).toEqual({ years: 10, months: 0, days: 0 });
    expect(splitDays(30)).toEqual({ years: 0, months: 1, days: 0 });
    expect(splitDays(548)).toEqual({ years: 1, months: 6, days: 0 });
  });

  it('keeps the days of a period that is not whole months', () => {
    expect(splitDays(45)).toEqual({ years: 0, months: 1, days: 15 });
    expect(splitDays(400)).toEqual({ years: 1, months: 1, days: 5 });
    expect(splitDays(7)).toEqual({ years: 0, months: 0, days: 7 });
  });
});

describe('describeDays', () => {
  it('gives the human period with the exact days beside it, in the translator language', () => {
    expect(describeDays(1826, t, 'pt-BR')).toBe('5 anos (1.826 dias)');
    expect(describeDays(183, t, 'pt-BR')).toBe('6 meses (183 dias)');
    expect(describeDays(365, t, 'pt-BR')).toBe('1 ano (365 dias)');
    expect(describeDays(400, t, 'pt-BR')).toBe('1 ano, 1 mês e 5 dias (400 dias)');
  });

  it('does not repeat a period of days alone', () => {
    expect(describeDays(1, t, 'pt-BR')).toBe('1 dia');
  });
});
