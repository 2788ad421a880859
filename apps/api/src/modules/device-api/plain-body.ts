import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from '../../lib/null-as-absent.ts';

// What the device bodies' hand checks share (heartbeat-body.ts, shot-batch-body.ts): each takes only
// the common shape of its body, with the value zod would give, and leaves everything else — every
// refusal included — to zod, so the answers to a wrong body are zod's, unchanged.

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

export const hasOnly = (value: Record<string, unknown>, keys: ReadonlySet<string>) =>
  Object.keys(value).every((key) => keys.has(key));

export const isWithin = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

/** A route's body validator: `plain` first, zod (the house validator) for anything it does not take. */
export function handCheckedValidatorCompiler<T>(
  plain: (data: unknown) => T | undefined,
): FastifySchemaCompiler<unknown> {
  return (route) => {
    const validate = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
    if (route.httpPart !== 'body') return validate;
    return (data: unknown) => {
      const value = plain(data);
      return value ? { value } : validate(data);
    };
  };
}
