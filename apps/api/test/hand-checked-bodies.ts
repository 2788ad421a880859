import fc from 'fast-check';
import type { FastifySchemaCompiler } from 'fastify';
import { expect } from 'vitest';
import type { z } from 'zod';
import { validatorCompiler } from '../src/lib/null-as-absent.ts';

// What the device bodies' hand-check tests share (modules/device-api/*-body.test.ts): the route's
// validator with zod alone and with the hand check first, and the property that holds them together.

type Validate = (data: unknown) => { value?: unknown; error?: unknown };

/** A device route's body validated by zod alone, and by the route's own compiler (hand check first). */
export function bodyValidators(schema: z.ZodType, url: string, compiler: FastifySchemaCompiler<unknown>) {
  const route = { schema, method: 'POST', url, httpPart: 'body' } as Parameters<typeof validatorCompiler>[0];
  return {
    zodOnly: validatorCompiler(route) as Validate,
    withHandCheck: compiler(route as Parameters<typeof compiler>[0]) as Validate,
  };
}

/**
 * Every body of `bodies` the hand check takes, zod takes with the same value; and not a vacuous run:
 * more than `atLeast` of them were taken by hand.
 */
export function expectTakesOnlyWhatZodTakes(
  plain: (data: unknown) => unknown,
  zodOnly: Validate,
  bodies: fc.Arbitrary<unknown>,
  atLeast: number,
) {
  let taken = 0;
  fc.assert(
    fc.property(bodies, (data) => {
      const value = plain(data);
      if (!value) return;
      taken += 1;
      expect(zodOnly(data)).toStrictEqual({ value });
    }),
    { numRuns: 5_000, seed: 41 },
  );
  expect(taken).toBeGreaterThan(atLeast);
}
