import { scheduledIntensityAt } from '@scentia/shared/schedule-times';
import type { EffectiveSchedule } from '@scentia/shared/schedules.schemas';
import { describe, expect, it } from 'vitest';
import { shopHoursOf } from '../demo-data/fleet.ts';
import { chooseDevices } from './choose-devices.ts';
import { DEFAULT_SPEED, FLUSH_MS } from './simulated-device.ts';

const timeZone = 'America/Sao_Paulo';
const shop: EffectiveSchedule = {
  source: 'location',
  timeZone,
  ranges: [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '10:00', end: '22:00', intensity: 60 })),
};
const airport: EffectiveSchedule = {
  source: 'location',
  timeZone,
  ranges: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '00:00', end: '00:00', intensity: 30 })),
};
const fleet = [
  ...Array.from({ length: 12 }, (_, index) => ({ name: `shop-${index}`, schedule: shop })),
  { name: 'airport-1', schedule: airport },
  { name: 'airport-2', schedule: airport },
];

describe('chooseDevices', () => {
  it('drives the devices open now first: at 09:52 São Paulo time, the airport’s, then the closed shops', () => {
    // Tuesday 2026-11-24 09:52 in São Paulo (UTC−3).
    const { chosen, openNow } = chooseDevices(fleet, 10, new Date('2026-11-24T12:52:00Z'));
    expect(openNow).toBe(2);
    expect(chosen.slice(0, 2).map((device) => device.name)).toEqual(['airport-1', 'airport-2']);
    expect(chosen).toHaveLength(10);
  });

  it('keeps the seed’s order among the open ones when enough are open', () => {
    const { chosen, openNow } = chooseDevices(fleet, 3, new Date('2026-11-24T15:00:00Z'));
    expect(openNow).toBe(3);
    expect(chosen.map((device) => device.name)).toEqual(['shop-0', 'shop-1', 'shop-2']);
  });
});

describe('the default speed', () => {
  it('has the demo’s around-the-clock shop fire several shots before the first batch is sent', () => {
    const hours = shopHoursOf('Essenza Aeroporto Guarulhos');
    // Any hour of a week: the airport is the shop open at 03:00 as at 09:52.
    for (let hour = 0; hour < 7 * 24; hour += 1) {
      const at = new Date(Date.UTC(2026, 10, 22) + hour * 3_600_000);
      const perHour = scheduledIntensityAt(hours, 'America/Sao_Paulo', at);
      expect((perHour * DEFAULT_SPEED * FLUSH_MS) / 3_600_000).toBeGreaterThanOrEqual(3);
    }
  });
});
