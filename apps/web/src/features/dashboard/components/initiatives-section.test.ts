import { describe, expect, it } from 'vitest';
import { countsByStatus } from './initiatives-section.tsx';

describe('the initiatives chart', () => {
  it('reads the spec’s status names as status codes, every status present', () => {
    expect(
      countsByStatus([
        { status: 'Aprovada', totalIniciativas: 3 },
        { status: 'Necessita Alteração', totalIniciativas: 1 },
        { status: 'Inativo', totalIniciativas: 0 },
      ]),
    ).toEqual({ approved: 3, inReview: 0, changesRequested: 1, rejected: 0, inactive: 0 });
  });
});
