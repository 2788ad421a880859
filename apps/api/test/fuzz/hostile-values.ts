import fc from 'fast-check';
import { hostileString, limitNumbers, wrongValue } from './hostile-strings.ts';
import type { Schema } from './openapi-operations.ts';

export type Generators = {
  vocabulary: string[];
  values: string[];
  ids: number[];
  /** False for values the schema accepts, as far as the document tells; true lets any part go wrong. */
  isHostile: boolean;
};

/**
 * What a field's name says it holds, in the spec's and the code's words alike: a field called `email`
 * or `Login` gets addresses, `nome` a person's name… so whole requests get past validation.
 */
export const MEANINGS: Array<[RegExp, string[]]> = [
  [/mail|login/i, ['ana@scentia.test', 'someone@example.com']],
  [/senha|password/i, ['Secret#123', 'demo1234']],
  [/nome|name/i, ['Ana Souza', 'Cítricos Frescos', 'Limão Siciliano']],
  [/cpf/i, ['529.982.247-24', '52998224724']],
  [/zip|cep/i, ['01001-000', '01001000']],
  [/country/i, ['BR', 'US']],
  [/birth/i, ['1990-05-17']],
  [/profile|perfil/i, ['OPERADOR', 'USER', 'ADMIN']],
  [/token|refresh/i, ['x'.repeat(43)]],
];

/** A text the schema accepts, or nearly: right length, right pattern or enum, a word the API knows. */
function plausibleString(
  schema: Schema,
  { vocabulary, values }: Generators,
  name = '',
): fc.Arbitrary<string> {
  if (schema.enum?.length) return fc.constantFrom(...schema.enum.map(String));
  const meant = MEANINGS.filter(([pattern]) => pattern.test(name)).flatMap(([, examples]) => examples);
  if (/mail|login/i.test(name)) meant.push(...values.filter((value) => value.includes('@')));
  const choices: Array<fc.Arbitrary<string>> = [
    fc.constantFrom(...vocabulary, ...values, 'Cítricos', 'Ana Souza', 'Secret#123'),
    fc.string({
      unit: 'grapheme',
      minLength: Math.min(schema.minLength ?? 0, 40),
      maxLength: Math.min(Math.max(schema.maxLength ?? 30, schema.minLength ?? 0), 40),
    }),
  ];
  if (meant.length > 0) choices.push(fc.constantFrom(...meant), fc.constantFrom(...meant));
  if (schema.format === 'email' || /mail|login/i.test(name)) choices.push(fc.emailAddress());
  if (schema.pattern) {
    try {
      choices.push(fc.stringMatching(new RegExp(schema.pattern)));
    } catch {
      // A pattern fast-check cannot generate from: the other choices still apply.
    }
  }
  return fc.oneof(...choices);
}

/**
 * A value shaped by the schema, with any part of it possibly hostile: the way to reach the services
 * and the database with the strings and numbers a route's schema lets through.
 */
export function valueFor(
  schema: Schema,
  generators: Generators,
  depth = 0,
  /** The property's name, which hints at what it holds. */
  name = '',
): fc.Arbitrary<unknown> {
  const shaped = shapedValue(schema, generators, depth, name);
  if (!generators.isHostile) return shaped;
  const hostile = fc.oneof(hostileString(generators.vocabulary), wrongValue(generators.vocabulary));
  return fc.oneof({ weight: 5, arbitrary: shaped }, { weight: 1, arbitrary: hostile });
}

function shapedValue(
  schema: Schema,
  generators: Generators,
  depth: number,
  name: string,
): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) {
    return fc.oneof(...alternatives.map((inner) => valueFor(inner, generators, depth + 1, name)));
  }
  if (schema.allOf?.length) return valueFor(schema.allOf[0] as Schema, generators, depth + 1);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) {
    const listed = fc.constantFrom(...schema.enum);
    return generators.isHostile ? fc.oneof(listed, fc.constantFrom(...schema.enum.map(String))) : listed;
  }
  const type = Array.isArray(schema.type) ? schema.type.find((name) => name !== 'null') : schema.type;
  const base = ((): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'string':
        if (!generators.isHostile) return plausibleString(schema, generators, name);
        return fc.oneof(
          { weight: 3, arbitrary: plausibleString(schema, generators, name) },
          { weight: 1, arbitrary: hostileString(generators.vocabulary) },
        );
      case 'integer':
      case 'number': {
        const inRange = fc.integer({
          min: Math.max(schema.minimum ?? -1e6, -Number.MAX_SAFE_INTEGER),
          max: Math.min(schema.maximum ?? 1e6, Number.MAX_SAFE_INTEGER),
        });
        if (!generators.isHostile) return fc.oneof(fc.constantFrom(...generators.ids), inRange);
        return fc.oneof(fc.constantFrom(...generators.ids), limitNumbers, inRange);
      }
      case 'boolean':
        return fc.boolean();
      case 'array':
        if (depth > 6) return fc.constant([]);
        return fc.array(valueFor(schema.items ?? {}, generators, depth + 1), {
          maxLength: Math.min(schema.maxItems ?? 4, 4) + 1,
        });
      case 'object':
        return objectFor(schema, generators, depth);
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  })();
  return schema.nullable ? fc.oneof(base, fc.constant(null)) : base;
}

function objectFor(schema: Schema, generators: Generators, depth: number): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant({});
  const properties = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const shape = fc.record(
    Object.fromEntries(
      properties.map(([key, inner]) => [key, valueFor(inner, generators, depth + 1, key)]),
    ) as Record<string, fc.Arbitrary<unknown>>,
    { requiredKeys: properties.map(([name]) => name).filter((name) => required.has(name)) },
  );
  if (!generators.isHostile) return shape;
  // Sometimes a required field goes missing, or a field the schema does not know comes along.
  const extra = fc.option(
    fc.tuple(
      fc.constantFrom(...generators.vocabulary, '__proto__', 'constructor', 'prototype', '', 'x'.repeat(300)),
      wrongValue(generators.vocabulary),
    ),
    { freq: 5 },
  );
  const dropped = fc.option(fc.constantFrom(...properties.map(([name]) => name), ''), { freq: 6 });
  return fc.tuple(shape, extra, dropped).map(([value, added, removed]) => {
    const result = { ...(value as Record<string, unknown>) };
    if (removed) delete result[removed];
    // defineProperty, so a `__proto__` key becomes an own property that JSON.stringify writes out.
    if (added) Object.defineProperty(result, added[0], { value: added[1], enumerable: true });
    return result;
  });
}

/**
 * The value with one of its parts (picked by `pick`, the whole value included) replaced: a request
 * that is right but for one thing reaches as deep as the schema lets that one thing go.
 */
function replaceOnePart(value: unknown, pick: number, replacement: unknown): unknown {
  const paths: Array<Array<string | number>> = [];
  const walk = (node: unknown, path: Array<string | number>) => {
    paths.push(path);
    if (Array.isArray(node)) {
      node.forEach((item, index) => {
        walk(item, [...path, index]);
      });
    } else if (node && typeof node === 'object') {
      for (const [key, item] of Object.entries(node)) walk(item, [...path, key]);
    }
  };
  walk(value, []);
  const target = paths[pick % paths.length] as Array<string | number>;
  if (target.length === 0) return replacement;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let cursor = copy;
  for (const segment of target.slice(0, -1)) cursor = cursor[segment] as Record<string | number, unknown>;
  cursor[target[target.length - 1] as string | number] = replacement;
  return copy;
}

/** A schema-shaped value wrong in exactly one place. */
export function mutatedValue(
  schema: Schema,
  generators: Omit<Generators, 'isHostile'>,
): fc.Arbitrary<unknown> {
  return fc
    .tuple(
      valueFor(schema, { ...generators, isHostile: false }),
      fc.nat(),
      fc.oneof(
        { weight: 3, arbitrary: hostileString(generators.vocabulary) },
        { weight: 1, arbitrary: wrongValue(generators.vocabulary) },
      ),
    )
    .map(([value, pick, replacement]) => replaceOnePart(value, pick, replacement));
}
