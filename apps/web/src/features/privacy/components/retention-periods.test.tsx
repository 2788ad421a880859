// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import type { TFunction } from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestI18n } from '../../../test/i18n-for-tests.ts';
import { RetentionPeriods } from './retention-periods.tsx';

let t: TFunction;
beforeAll(async () => {
  t = (await createTestI18n()).getFixedT('pt-BR', 'privacy');
});
afterEach(cleanup);

const CONFIGURED = { personalDataDays: 730, accessLogDays: 183, auditDays: 3653 };

function textOf(kind: string): string {
  return document.querySelector(`[data-kind="${kind}"] dd`)?.textContent ?? '';
}

describe('RetentionPeriods', () => {
  it('states the configured periods, not the defaults', () => {
    render(<RetentionPeriods t={t} language="pt-BR" retention={CONFIGURED} isLoading={false} />);
    expect(textOf('personalDataDays')).toContain('2 anos (730 dias)');
    expect(textOf('accessLogDays')).toContain('6 meses (183 dias)');
    expect(textOf('accessLogDays')).toContain('no mínimo 6 meses');
    expect(textOf('auditDays')).toContain('10 anos (3.653 dias)');
    expect(screen.getByText('Dados pessoais').tagName).toBe('DT');
  });

  it('keeps each period in place while loading and says so to screen readers', () => {
    render(<RetentionPeriods t={t} language="pt-BR" retention={undefined} isLoading />);
    expect(document.querySelectorAll('.retention-placeholder')).toHaveLength(3);
    expect(document.querySelector('dl')?.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByText('Carregando os prazos de guarda…')).toBeTruthy();
  });

  it('states the limits the configuration always respects when the periods cannot be read', () => {
    render(<RetentionPeriods t={t} language="pt-BR" retention={undefined} isLoading={false} />);
    expect(screen.getByText(/Não foi possível ler os prazos/)).toBeTruthy();
    expect(textOf('personalDataDays')).toContain('no máximo 5 anos');
    expect(textOf('accessLogDays')).toContain('por no mínimo 6 meses');
    expect(textOf('auditDays')).toContain('no máximo 10 anos');
  });
});
