import { beforeAll, describe, expect, it } from 'vitest';
import { createTestI18n } from '../test/i18n-for-tests.ts';
import { timeZoneLabel } from './time-zone-options.ts';

let t: Parameters<typeof timeZoneLabel>[1];
beforeAll(async () => {
  t = (await createTestI18n()).t;
});

describe('timeZoneLabel', () => {
  it('gives New York the offset in force at the moment, its name, and the other offset of its year', () => {
    expect(timeZoneLabel('America/New_York', t, new Date('2026-11-28T15:00:00Z'))).toBe(
      'America/New York — Horário do Leste (agora GMT-05:00; GMT-04:00 em parte do ano)',
    );
    expect(timeZoneLabel('America/New_York', t, new Date('2026-07-01T15:00:00Z'))).toBe(
      'America/New York — Horário do Leste (agora GMT-04:00; GMT-05:00 em parte do ano)',
    );
  });

  it('gives a zone without daylight saving its one offset', () => {
    expect(timeZoneLabel('America/Sao_Paulo', t, new Date('2026-11-28T15:00:00Z'))).toBe(
      'America/Sao Paulo — Horário Padrão de Brasília (GMT-03:00)',
    );
  });
});
