import { describe, expect, it } from 'vitest';
import { moveAroundRing, slotPosition } from './ring-geometry.ts';

describe('the device ring', () => {
  it('walks the ring in both directions, 20 next to 1', () => {
    expect(moveAroundRing(1, 1)).toBe(2);
    expect(moveAroundRing(20, 1)).toBe(1);
    expect(moveAroundRing(1, -1)).toBe(20);
    expect(moveAroundRing(5, -3)).toBe(2);
  });

  it('draws slot 1 at the top, slot 6 at the right, slot 11 at the bottom and slot 16 at the left', () => {
    const close = (value: number) => Math.round(value * 100) / 100;
    expect(close(slotPosition(1).left)).toBe(0.5);
    expect(slotPosition(1).top).toBeLessThan(0.1);
    expect(slotPosition(6).left).toBeGreaterThan(0.9);
    expect(slotPosition(11).top).toBeGreaterThan(0.9);
    expect(slotPosition(16).left).toBeLessThan(0.1);
  });
});
