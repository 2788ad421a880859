import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

type Strip = (value: unknown) => unknown;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `.optional()` says `optional`, `.default()` (taken when the key is absent) says `defaulted`. */
const mayBeLeftOut = (field: z.ZodType) => (field._zod.optin as string | undefined) !== undefined;

/** Whether the field takes null itself (a `.nullable()`/`.nullish()` field keeps its null). */
function takesNull(field: z.ZodType): boolean {
  try {
    return field.safeParse(null).success;
  } catch {
    // An asynchronous refinement cannot be run here: its null is left to the validation.
    return true;
  }
}

/**
 * What turns a value's nulls into absent keys, for a schema: `undefined` where nothing in it has to
 * change. Read once per route, from the schema's definition; unions are left as they are (which
 * option a value belongs to is the validation's to say).
 */
function stripperOf(schema: z.ZodType): Strip | undefined {
  // Not a zod schema (none is today, but the compiler would take one): nothing to read.
  if (!schema?._zod) return undefined;
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return stripperOf(def.innerType as z.ZodType);
    case 'pipe':
      return stripperOf(def.in as z.ZodType);
    case 'array': {
      const item = stripperOf(def.element as z.ZodType);
      return item && ((value) => (Array.isArray(value) ? value.map(item) : value));
    }
    case 'object':
      return objectStripper(def.shape as Record<string, z.ZodType>);
    default:
      return undefined;
  }
}

function objectStripper(shape: Record<string, z.ZodType>): Strip | undefined {
  const fields = Object.entries(shape)
    .map(([key, field]) => ({
      key,
      // A key that may be left out and does not take null: its null means "none", as leaving it out does.
      dropsNull: mayBeLeftOut(field) && !takesNull(field),
      inner: stripperOf(field),
    }))
    .filter((field) => field.dropsNull || field.inner);
  if (fields.length === 0) return undefined;
  return (value) => {
    if (!isPlainObject(value)) return value;
    let copy: Record<string, unknown> | undefined;
    for (const { key, dropsNull, inner } of fields) {
      if (!Object.hasOwn(value, key)) continue;
      const current = value[key];
      const next = dropsNull && current === null ? undefined : inner ? inner(current) : current;
      if (next === current) continue;
      copy ??= { ...value };
      if (next === undefined) delete copy[key];
      else copy[key] = next;
    }
    return copy ?? value;
  };
}

/**
 * The zod validator of every route, with one rule added for all of them: `null` in a field that may
 * be left out is taken as leaving it out. JSON clients send `null` for "none" as often as they omit
 * the key, and a refusal saying "required" of a field that is not told them the opposite of the fix.
 * A field that is required still refuses null; a nullable one keeps it.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  const strip = stripperOf(route.schema);
  return strip ? (data: unknown) => validate(strip(data)) : validate;
};
