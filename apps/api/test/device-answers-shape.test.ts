import {
  deviceConfigSchema,
  heartbeatAnswerSchema,
  shotBatchAnswerSchema,
} from '@scentia/shared/device-api.schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createDeviceFixture, type DeviceFixture } from './device-fixture.ts';
import { createTestApp, type TestContext } from './test-app.ts';

let ctx: TestContext;
let fixture: DeviceFixture;

beforeAll(async () => {
  ctx = await createTestApp();
  fixture = await createDeviceFixture(ctx, { fragrances: 2 });
});
afterAll(() => ctx.close());

/**
 * The device routes write their answers as the service built them, without their schema's pass
 * (lib/built-answer-serializer.ts): each answer must already be exactly what its schema allows. Parsing
 * it must change nothing: no key the schema would strip, no value it would convert or refuse.
 */
function expectExactly(schema: z.ZodType, answer: unknown) {
  const parsed = schema.safeParse(answer);
  expect(parsed.error).toBeUndefined();
  expect(parsed.data).toStrictEqual(answer);
}

describe('device answers, written without their schema’s pass', () => {
  it('are exactly their contract: heartbeats (changed and unchanged), shot batches (new and repeated), the configuration', async () => {
    const device = await fixture.createDevice();
    const heartbeat = {
      firmwareVersion: '1.0',
      capsules: fixture.fragranceIds.map((fragranceId, index) => ({
        slot: index + 1,
        serialNumber: `SHAPE-${device.id}-${index + 1}`,
        fragranceId,
        sizeShots: 1000,
        remainingShots: 900,
        dueDate: '2027-06-30',
      })),
    };
    const beat = () =>
      fixture.call(device.credential, { method: 'POST', url: '/api/device/heartbeat', payload: heartbeat });
    for (const answer of [await beat(), await beat()]) {
      expect(answer.statusCode, answer.body).toBe(200);
      expectExactly(heartbeatAnswerSchema, answer.json());
    }

    const batch = { sequence: 1, shots: [{ at: new Date().toISOString(), slot: 1, count: 3 }] };
    for (const isNew of [true, false]) {
      const answer = await fixture.call(device.credential, {
        method: 'POST',
        url: '/api/device/shots',
        payload: batch,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().isNew).toBe(isNew);
      expectExactly(shotBatchAnswerSchema, answer.json());
    }

    const config = await fixture.call(device.credential, { method: 'GET', url: '/api/device/config' });
    expect(config.statusCode, config.body).toBe(200);
    expectExactly(deviceConfigSchema, config.json());
  });
});
