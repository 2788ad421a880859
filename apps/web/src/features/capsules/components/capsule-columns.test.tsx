// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import type { TFunction } from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { DueDate, remainingPercent } from './capsule-columns.tsx';

afterEach(cleanup);

const t = ((key: string) => key) as unknown as TFunction;

describe('remainingPercent', () => {
  it('is the level as a whole share of the size, held within 0 and 100', () => {
    expect(remainingPercent({ remainingShots: 1_250, sizeShots: 5_000 })).toBe(25);
    expect(remainingPercent({ remainingShots: 1, sizeShots: 3 })).toBe(33);
    expect(remainingPercent({ remainingShots: 0, sizeShots: 5_000 })).toBe(0);
    expect(remainingPercent({ remainingShots: 6_000, sizeShots: 5_000 })).toBe(100);
    expect(remainingPercent({ remainingShots: 10, sizeShots: 0 })).toBe(0);
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
