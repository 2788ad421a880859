// @vitest-environment jsdom

import type { CapsuleRow } from '@scentia/shared/capsules.schemas';
import { cleanup, render, screen } from '@testing-library/react';
import type { TFunction } from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { DueDate, RemainingShots } from './capsule-columns.tsx';

afterEach(cleanup);

const t = ((key: string) => key) as unknown as TFunction;

describe('RemainingShots', () => {
  it('never says 100 % of a capsule that is not full', () => {
    const level = ((_key: string, values: { remaining: string; size: string; percent: number }) =>
      `${values.remaining} / ${values.size} (${values.percent}%)`) as unknown as TFunction;
    const capsule = { remainingShots: 995, sizeShots: 1_000 } as CapsuleRow;
    render(<RemainingShots capsule={capsule} t={level} />);
    expect(screen.getByText(/\(99%\)$/)).toBeTruthy();
  });
});

describe('DueDate', () => {
  it('marks a past due date with an icon and a word', () => {
    render(<DueDate dueDate="2026-03-01" today="2026-03-10" t={t} />);
    expect(screen.getByText('due.past')).toBeTruthy();
    expect(screen.getByText(/01\/03\/2026/)).toBeTruthy();
  });

  it('marks a date within the week as due soon, and leaves a later one plain', () => {
    render(<DueDate dueDate="2026-03-17" today="2026-03-10" t={t} />);
    expect(screen.getByText('due.soon')).toBeTruthy();
    cleanup();
    render(<DueDate dueDate="2026-03-18" today="2026-03-10" t={t} />);
    expect(screen.queryByText('due.soon')).toBeNull();
    expect(screen.getByText('18/03/2026')).toBeTruthy();
  });
});
