import { shotBatchBodySchema } from '@scentia/shared/device-api.schemas';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bodyValidators, expectTakesOnlyWhatZodTakes } from '../../../test/hand-checked-bodies.ts';
import { plainShotBatchBody, shotBatchValidatorCompiler } from './shot-batch-body.ts';

const { zodOnly, withHandCheck } = bodyValidators(
  shotBatchBodySchema,
  '/api/device/shots',
  shotBatchValidatorCompiler,
);

// Values at and around every edge zod checks, valid and not, so that both sides are exercised.
const integer = fc.constantFrom(
  -1,
  0,
  1,
  19,
  20,
  21,
  999,
  1_000,
  1_001,
  2 ** 53 - 1,
  2 ** 53,
  1.5,
  Number.NaN,
  '3',
  null,
);
const instant = fc.constantFrom(
  '2026-11-24T15:04:05Z',
  '2026-11-24T15:04:05.1Z',
  '2026-11-24T15:04:05.123Z',
  '2026-11-24T15:04:05.1234Z',
  '2026-11-24T15:04:05+00:00',
  '2026-11-24T15:04:05-03:00',
  '2026-11-24T15:04Z',
  '2026-11-24 15:04:05Z',
  '2026-11-24T15:04:05z',
  '2026-11-24T15:04:05',
  '2027-02-29T10:00:00Z',
  '2028-02-29T10:00:00Z',
  '2026-11-31T10:00:00Z',
  '2026-13-01T10:00:00Z',
  '2026-11-24T24:00:00Z',
  '2026-11-24T23:60:00Z',
  '2026-11-24T23:59:60Z',
  '0000-01-01T00:00:00Z',
  '0001-01-01T00:00:00Z',
  '9999-12-31T23:59:59.999Z',
  '+02026-11-24T15:04:05Z',
  '',
  20261124,
  null,
);
const entry = fc.record(
  { at: instant, slot: integer, count: integer, extra: fc.constant(1) },
  { requiredKeys: [] },
);
const validEntry = fc.record(
  {
    at: fc
      .date({
        min: new Date('2000-01-01T00:00:00Z'),
        max: new Date('2099-12-31T23:59:59Z'),
        noInvalidDate: true,
      })
      .chain((date) =>
        fc.constantFrom(
          date.toISOString(),
          `${date.toISOString().slice(0, 19)}Z`,
          `${date.toISOString().slice(0, 21)}Z`,
        ),
      ),
    slot: fc.integer({ min: 1, max: 20 }),
    count: fc.integer({ min: 1, max: 1_000 }),
  },
  { noNullPrototype: true },
);
const noisyBody = fc.record(
  {
    sequence: integer,
    shots: fc.oneof(fc.array(fc.oneof(entry, validEntry), { maxLength: 12 }), fc.constant(null)),
    extra: fc.constant(1),
  },
  { requiredKeys: [] },
);
// Mostly valid: a plain batch, with now and then one entry from the noisy ones. (A parsed JSON body
// never has a null prototype; fast-check's records sometimes do, and those go to zod.)
const nearlyValidBody = fc.record(
  {
    sequence: fc.oneof({ arbitrary: fc.nat(), weight: 3 }, { arbitrary: integer, weight: 1 }),
    shots: fc
      .tuple(
        fc.array(validEntry, { minLength: 1, maxLength: 12 }),
        fc.oneof({ arbitrary: fc.constant(null), weight: 3 }, { arbitrary: entry, weight: 1 }),
      )
      .map(([valid, odd]) => (odd ? [...valid, odd] : valid)),
  },
  { noNullPrototype: true },
);
const body = fc.oneof(noisyBody, nearlyValidBody);

describe('the shot batch body checked by hand', () => {
  it('takes only what zod takes, with the same value', () => {
    expectTakesOnlyWhatZodTakes(plainShotBatchBody, zodOnly, body, 500);
  });

  it('takes a device’s usual batch, its times written as the API writes them', () => {
    const data = {
      sequence: 42,
      shots: [
        { at: '2026-11-24T15:04:05Z', slot: 3, count: 2 },
        { at: '2026-11-24T15:04:15.5Z', slot: 4, count: 1 },
      ],
    };
    expect(plainShotBatchBody(data)?.shots.map((shot) => shot.at)).toEqual([
      '2026-11-24T15:04:05.000Z',
      '2026-11-24T15:04:15.500Z',
    ]);
    expect(withHandCheck(data)).toStrictEqual(zodOnly(data));
  });

  it('leaves the other forms and every refusal to zod, so its answers do not change', () => {
    const plain = { at: '2026-11-24T15:04:05Z', slot: 3, count: 2 };
    for (const data of [
      { sequence: 1, shots: [{ ...plain, at: '2026-11-24T12:04:05-03:00' }] },
      { sequence: 1, shots: [{ ...plain, at: '2027-02-30T10:00:00Z' }] },
      { sequence: 1, shots: [{ ...plain, at: '0000-01-01T00:00:00Z' }] },
      { sequence: 1, shots: [{ ...plain, slot: 21 }] },
      { sequence: 1, shots: [] },
      { sequence: -1, shots: [plain] },
      { shots: [plain] },
    ]) {
      expect(plainShotBatchBody(data)).toBeUndefined();
      expect(withHandCheck(data)).toStrictEqual(zodOnly(data));
    }
    // The offset is zod's to take: the same instant in UTC.
    expect(
      withHandCheck({ sequence: 1, shots: [{ ...plain, at: '2026-11-24T12:04:05-03:00' }] }),
    ).toStrictEqual({
      value: { sequence: 1, shots: [{ ...plain, at: '2026-11-24T15:04:05.000Z' }] },
    });
  });
});
