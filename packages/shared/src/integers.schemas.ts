import { z } from 'zod';

/** The largest id of an `integer`/`serial` column (PostgreSQL's int4): one past it, the database refuses. */
export const MAX_ID = 2_147_483_647;

const DECIMAL_DIGITS = /^[0-9]+$/;

/**
 * Text as an integer when it is decimal digits and nothing else. `Number()` alone would also read
 * `0x10`, `1e3`, `+5`, ` 5` and `5.0`; those stay text here, so the number schema refuses them.
 */
function decimalText(value: unknown): unknown {
  if (typeof value !== 'string' || !DECIMAL_DIGITS.test(value)) return value;
  const number = Number(value);
  return Number.isFinite(number) ? number : value;
}

const isMissing = (input: unknown) => input === undefined || input === null || input === '';

/**
 * An integer within `min`..`max`, as JSON sends it (a number). Every integer the API takes has both
 * bounds, so nothing past a column's range ever reaches the database. One problem a value: past a
 * bound says which bound, whatever else is wrong with it.
 */
export function boundedInteger(min: number, max: number) {
  return z
    .number({ error: (issue) => (isMissing(issue.input) ? 'required' : 'invalid') })
    .min(min, { abort: true })
    .max(max, { abort: true })
    .int({ error: 'invalid' });
}

/**
 * The same integer where it travels as text (a path segment, a query parameter, a multipart part):
 * decimal digits only. A number is taken as well, so one schema serves the web form and the
 * multipart form it sends. The OpenAPI document shows it as an integer with its bounds; `fallback`
 * is taken when the value is absent.
 */
export function boundedIntegerText(min: number, max: number, fallback?: number) {
  const integer = boundedInteger(min, max);
  // The default sits inside, where the OpenAPI document sees it (outside, the text step hides it).
  return z.preprocess(decimalText, fallback === undefined ? integer : integer.default(fallback));
}

/** An id naming a row in a JSON body: a number within the column's range. */
export const idSchema = boundedInteger(1, MAX_ID);

/** An id naming a row in a path, a query or a multipart part: decimal digits within the column's range. */
export const idTextSchema = boundedIntegerText(1, MAX_ID);
