import { describe, expect, it } from 'vitest';
import { capsuleLevelPercent } from './capsules.schemas.ts';

describe('capsuleLevelPercent', () => {
  it('is the level as a whole share of the size', () => {
    expect(capsuleLevelPercent(1_250, 5_000)).toBe(25);
    expect(capsuleLevelPercent(1, 3)).toBe(33);
  });

  it('says 100 only when full and 0 only when empty', () => {
    expect(capsuleLevelPercent(995, 1_000)).toBe(99);
    expect(capsuleLevelPercent(4_999, 5_000)).toBe(99);
    expect(capsuleLevelPercent(1_000, 1_000)).toBe(100);
    expect(capsuleLevelPercent(3, 1_000)).toBe(1);
    expect(capsuleLevelPercent(0, 1_000)).toBe(0);
  });

  it('holds a level past the size at 100 and an unknown size at 0', () => {
    expect(capsuleLevelPercent(6_000, 5_000)).toBe(100);
    expect(capsuleLevelPercent(10, 0)).toBe(0);
    expect(capsuleLevelPercent(-5, 100)).toBe(0);
  });
});
