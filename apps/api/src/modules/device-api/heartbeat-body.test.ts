import { heartbeatBodySchema } from '@scentia/shared/device-api.schemas';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bodyValidators, expectTakesOnlyWhatZodTakes } from '../../../test/hand-checked-bodies.ts';
import { heartbeatValidatorCompiler, plainHeartbeatBody } from './heartbeat-body.ts';

const { zodOnly, withHandCheck } = bodyValidators(
  heartbeatBodySchema,
  '/api/device/heartbeat',
  heartbeatValidatorCompiler,
);

// Values at and around every edge zod checks, valid and not, so that both sides are exercised.
const integer = fc.constantFrom(
  -1,
  0,
  1,
  2,
  19,
  20,
  21,
  999_999,
  1_000_000,
  1_000_001,
  2_147_483_647,
  2_147_483_648,
  1.5,
  Number.NaN,
  '3',
  null,
);
const text = fc.constantFrom(
  '',
  ' ',
  'CAP-1',
  'cap-1',
  'Cap-1',
  ' CAP-1',
  'CAP-1 ',
  'CAP_1',
  'CAP-2',
  'A'.repeat(32),
  'A'.repeat(33),
  'é',
  7,
  null,
);
const firmware = fc.constantFrom(
  '1.4.2',
  'v2+build.7_rc-1',
  '',
  ' 1.0',
  '1.0 ',
  'x'.repeat(32),
  'x'.repeat(33),
  '1/0',
  3,
  null,
);
const dueDate = fc.constantFrom(
  '2027-06-30',
  '2027-02-30',
  '2027-6-30',
  '0000-01-01',
  '9999-12-31',
  '',
  null,
  20270630,
);
const capsule = fc.record(
  {
    slot: integer,
    serialNumber: text,
    fragranceId: integer,
    sizeShots: integer,
    remainingShots: integer,
    dueDate,
    extra: fc.constant(1),
  },
  { requiredKeys: [] },
);
const validCapsule = fc.record(
  {
    slot: fc.integer({ min: 1, max: 20 }),
    serialNumber: fc.oneof(
      { arbitrary: fc.stringMatching(/^[A-Za-z0-9-]{1,32}$/), weight: 30 },
      { arbitrary: fc.constantFrom('cap-1', 'CAP-1', 'Cap-2'), weight: 1 },
    ),
    fragranceId: fc.integer({ min: 1, max: 2_147_483_647 }),
    sizeShots: fc.constant(1_000_000),
    remainingShots: fc.integer({ min: 0, max: 1_000_000 }),
    dueDate: fc.constantFrom('2027-06-30', null),
  },
  { requiredKeys: ['slot', 'serialNumber', 'fragranceId', 'sizeShots', 'remainingShots'] },
);
const noisyBody = fc.record(
  {
    firmwareVersion: firmware,
    capsules: fc.oneof(fc.array(fc.oneof(capsule, validCapsule), { maxLength: 22 }), fc.constant(null)),
    extra: fc.constant(1),
  },
  { requiredKeys: [] },
);
// Mostly valid: each slot once, with now and then one capsule from the noisy ones.
const nearlyValidBody = fc.record({
  firmwareVersion: fc.oneof(
    { arbitrary: fc.constant('1.4.2'), weight: 3 },
    { arbitrary: firmware, weight: 1 },
  ),
  capsules: fc
    .tuple(
      fc.uniqueArray(validCapsule, { selector: (one) => one.slot, maxLength: 20 }),
      fc.oneof({ arbitrary: fc.constant(null), weight: 3 }, { arbitrary: capsule, weight: 1 }),
    )
    .map(([valid, odd]) => (odd ? [...valid, odd] : valid)),
});
const body = fc.oneof(noisyBody, nearlyValidBody);

describe('the heartbeat body checked by hand', () => {
  it('takes only what zod takes, with the same value', () => {
    expectTakesOnlyWhatZodTakes(plainHeartbeatBody, zodOnly, body, 100);
  });

  it('takes a fleet’s usual heartbeat, upper-casing its serials', () => {
    const data = {
      firmwareVersion: '1.4.2',
      capsules: [
        { slot: 1, serialNumber: 'cap-1', fragranceId: 4, sizeShots: 3000, remainingShots: 2950 },
        {
          slot: 2,
          serialNumber: 'CAP-2',
          fragranceId: 5,
          sizeShots: 3000,
          remainingShots: 0,
          dueDate: '2027-06-30',
        },
      ],
    };
    const value = plainHeartbeatBody(data);
    expect(value?.capsules.map((capsule) => capsule.serialNumber)).toEqual(['CAP-1', 'CAP-2']);
    expect(withHandCheck(data)).toStrictEqual(zodOnly(data));
  });

  it('leaves every refusal to zod, so its answers do not change', () => {
    const twice = { slot: 1, serialNumber: 'CAP-1', fragranceId: 4, sizeShots: 10, remainingShots: 5 };
    for (const data of [
      { firmwareVersion: '1.0', capsules: [twice, { ...twice, serialNumber: 'cap-2' }] },
      { firmwareVersion: '1.0', capsules: [twice, { ...twice, slot: 2, serialNumber: 'cap-1' }] },
      { firmwareVersion: '1.0', capsules: [{ ...twice, remainingShots: 11 }] },
      { firmwareVersion: ' ', capsules: [] },
      { capsules: [] },
    ]) {
      expect(plainHeartbeatBody(data)).toBeUndefined();
      const answer = withHandCheck(data);
      expect(answer.error).toBeDefined();
      expect(answer).toStrictEqual(zodOnly(data));
    }
  });
});
