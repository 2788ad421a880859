import fc from 'fast-check';
import { type Part as MultipartPart, multipart } from '../multipart.ts';
import type { RequestContext } from './hostile-bodies.ts';
import type { FuzzRequest } from './hostile-requests.ts';
import { MEANINGS } from './hostile-values.ts';
import type { Operation, Parameter, Schema } from './openapi-operations.ts';

/*
 * Requests aimed at the edges of every field the live document declares: each integer at 0, −1,
 * 2³¹−1, 2³¹, 2⁵³, a 20-digit number and its own bounds ±1; each string empty, one past its
 * maxLength and at its maxLength in a two-byte letter. One field at a time, the rest of the request
 * plausible, so the edge reaches as deep as the schema lets it (the database, for an id it lets past).
 * Unlike the random runs these are listed, not drawn: every field meets every edge in every run.
 */

/** The integers at and past a column's range (an `integer` column ends at 2³¹−1). */
const EDGE_INTEGERS = ['0', '-1', '2147483647', '2147483648', '9007199254740992', '12345678901234567890'];

type Path = Array<string | number>;
/** A field of a JSON body: where it sits, its schema, and the schema of each container on the way. */
type Field = { path: Path; schema: Schema; containers: Schema[] };

const typeOf = (schema: Schema) =>
  Array.isArray(schema.type) ? schema.type.find((name) => name !== 'null') : schema.type;
const isInteger = (schema: Schema) => typeOf(schema) === 'integer' || typeOf(schema) === 'number';

function integerEdges(schema: Schema): string[] {
  const edges = new Set(EDGE_INTEGERS);
  for (const bound of [schema.minimum, schema.maximum]) {
    if (typeof bound !== 'number' || !Number.isSafeInteger(bound)) continue;
    for (const value of [bound - 1, bound, bound + 1]) edges.add(String(value));
  }
  return [...edges];
}

function stringEdges(schema: Schema): string[] {
  const edges = [''];
  if (typeof schema.maxLength === 'number') {
    edges.push('x'.repeat(schema.maxLength + 1), 'é'.repeat(schema.maxLength));
  }
  if (typeof schema.minLength === 'number' && schema.minLength > 1)
    edges.push('x'.repeat(schema.minLength - 1));
  return edges;
}

/** An edge as it travels: text (path, query, multipart part) or raw JSON (`number: true` writes digits). */
type Edge = { text: string; isJsonNumber: boolean };

function edgesOf(schema: Schema, isJson: boolean): Edge[] {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return alternatives.flatMap((inner) => edgesOf(inner, isJson));
  if (isInteger(schema)) {
    return integerEdges(schema).flatMap((text) => [
      { text, isJsonNumber: isJson },
      // In JSON, the same digits as a string: an integer field must not take text.
      ...(isJson ? [{ text, isJsonNumber: false }] : []),
    ]);
  }
  if (typeOf(schema) === 'string' && schema.format !== 'binary' && !schema.enum) {
    return stringEdges(schema).map((text) => ({ text, isJsonNumber: false }));
  }
  return [];
}

let counter = 0;
/** A number no other example used: e-mail addresses and catalog names must be unique. */
function fresh(): number {
  counter += 1;
  return counter;
}

/**
 * A value the schema accepts, for everything but the field under test: the first example that fits
 * the field's name (an e-mail, a person's name…), a fresh name or address where one must be unique.
 */
function exampleFor(schema: Schema, name: string, context: RequestContext, depth = 0): unknown {
  const resolved = context.resolve(schema);
  const alternatives = resolved.anyOf ?? resolved.oneOf;
  if (alternatives?.length) return exampleFor(alternatives[0] as Schema, name, context, depth + 1);
  if (resolved.allOf?.length) return exampleFor(resolved.allOf[0] as Schema, name, context, depth + 1);
  if (resolved.const !== undefined) return resolved.const;
  if (resolved.enum?.length) return resolved.enum[0];
  if (resolved.default !== undefined) return resolved.default;
  switch (typeOf(resolved)) {
    case 'integer':
    case 'number':
      return /id$/i.test(name) ? context.ids[0] : (resolved.minimum ?? 1);
    case 'boolean':
      return true;
    case 'array':
      return depth > 6 ? [] : [exampleFor(resolved.items ?? {}, name, context, depth + 1)];
    case 'object': {
      if (depth > 6) return {};
      const required = new Set(resolved.required ?? []);
      return Object.fromEntries(
        Object.entries(resolved.properties ?? {})
          .filter(([key]) => required.has(key))
          .map(([key, inner]) => [key, exampleFor(inner, key, context, depth + 1)]),
      );
    }
    default:
      return exampleText(resolved, name);
  }
}

function exampleText(schema: Schema, name: string): string {
  if (/mail|login/i.test(name) || schema.format === 'email') return `edge${fresh()}@scentia.test`;
  // Catalog names are unique: each request gets its own.
  if (name === 'name') return `Limite ${fresh()}`;
  if (schema.format === 'date-time') return new Date().toISOString();
  const meant = MEANINGS.find(([pattern]) => pattern.test(name))?.[1][0];
  if (meant) return meant;
  if (schema.pattern) {
    try {
      return fc.sample(fc.stringMatching(new RegExp(schema.pattern)), { numRuns: 1, seed: 1 })[0] as string;
    } catch {
      // Fall through to plain text.
    }
  }
  const text = 'Cítrico fresco';
  return text.slice(0, schema.maxLength ?? text.length).padEnd(schema.minLength ?? 0, 'x');
}

/** Every leaf field of a JSON schema, alternatives included (`profile` as a name and as `{id}`). */
function fieldsOf(
  schema: Schema,
  context: RequestContext,
  path: Path = [],
  containers: Schema[] = [],
): Field[] {
  const resolved = context.resolve(schema);
  if (path.length > 8) return [];
  const alternatives = resolved.anyOf ?? resolved.oneOf ?? resolved.allOf;
  if (alternatives?.length) {
    return alternatives.flatMap((inner) => fieldsOf(inner, context, path, containers));
  }
  switch (typeOf(resolved)) {
    case 'object':
      return Object.entries(resolved.properties ?? {}).flatMap(([key, inner]) =>
        fieldsOf(inner, context, [...path, key], [...containers, resolved]),
      );
    case 'array':
      return fieldsOf(resolved.items ?? {}, context, [...path, 0], [...containers, resolved]);
    default:
      return [{ path, schema: resolved, containers }];
  }
}

/** `value` with `replacement` at `path`; a container missing on the way is filled with its example. */
function placeAt(
  value: unknown,
  field: Field,
  replacement: unknown,
  example: (schema: Schema, name: string) => unknown,
): unknown {
  if (field.path.length === 0) return replacement;
  const root = structuredClone(value ?? example(field.containers[0] as Schema, '')) as Record<
    string | number,
    unknown
  >;
  let cursor = root;
  field.path.forEach((segment, index) => {
    if (index === field.path.length - 1) {
      cursor[segment] = replacement;
      return;
    }
    const inner = field.containers[index + 1] as Schema;
    const isArray = typeOf(inner) === 'array';
    const current = cursor[segment];
    const fits = isArray
      ? Array.isArray(current)
      : current && typeof current === 'object' && !Array.isArray(current);
    if (!fits) cursor[segment] = example(inner, String(segment));
    cursor = cursor[segment] as Record<string | number, unknown>;
  });
  return root;
}

const RAW_NUMBER = '\u0001number:';

/** JSON text in which the marked strings are written as bare numbers (20 digits stay 20 digits). */
function jsonWithNumbers(value: unknown): string {
  return (JSON.stringify(value) ?? '').replace(/"\\u0001number:(-?\d+)"/g, '$1');
}

const label = (where: string, name: string, edge: Edge) =>
  `${where} ${name} = ${edge.isJsonNumber ? edge.text : JSON.stringify(edge.text.length > 24 ? `${edge.text.slice(0, 12)}…(${edge.text.length})` : edge.text)}`;

export type EdgeRequest = FuzzRequest & { edge: string };

/** True when the operation's path names a record by an integer (`/usuario/{id}`). */
export function hasIdInPath(operation: Operation, context: RequestContext): boolean {
  return operation.pathParameters.some((parameter) => isInteger(context.resolve(parameter.schema)));
}

/** The operation with every field plausible, its path's integers set to `id`. */
export function plainRequestFor(operation: Operation, context: RequestContext, id: number): EdgeRequest {
  return requestsOf(operation, context, id, true)[0] as EdgeRequest;
}

/**
 * The requests that put each field of the operation, one at a time, at each of its edges; the path's
 * integers are `id` (a record the plain request reaches) unless they are the field under test.
 */
export function edgeRequestsFor(operation: Operation, context: RequestContext, id: number): EdgeRequest[] {
  return requestsOf(operation, context, id, false);
}

function requestsOf(
  operation: Operation,
  context: RequestContext,
  id: number,
  isPlain: boolean,
): EdgeRequest[] {
  const example = (schema: Schema, name: string) => exampleFor(schema, name, context);
  const plainPath = (overrides: Record<string, string> = {}) =>
    operation.pathParameters.reduce((url, parameter) => {
      const value =
        overrides[parameter.name] ??
        (isInteger(context.resolve(parameter.schema))
          ? String(id)
          : String(example(parameter.schema, parameter.name)));
      return url.replace(
        `{${parameter.name}}`,
        parameter.name === 'path' ? value : encodeURIComponent(value),
      );
    }, operation.path);
  const plainQuery = (overrides: Record<string, string> = {}) => {
    const pairs = operation.queryParameters
      .filter((parameter) => parameter.required || parameter.name in overrides)
      .map(
        (parameter) =>
          `${encodeURIComponent(parameter.name)}=${encodeURIComponent(
            overrides[parameter.name] ?? String(example(parameter.schema, parameter.name)),
          )}`,
      );
    return pairs.length ? `?${pairs.join('&')}` : '';
  };
  const body = bodyOf(operation, context, example);
  const requests: EdgeRequest[] = [];
  const add = (url: string, sent: { payload?: string | Buffer; contentType?: string }, edge: string) =>
    requests.push({
      method: operation.method,
      url,
      headers: sent.contentType ? { 'content-type': sent.contentType } : {},
      ...(sent.payload === undefined ? {} : { payload: sent.payload }),
      edge,
    });
  const textEdges = (parameter: Parameter) => edgesOf(context.resolve(parameter.schema), false);
  if (isPlain) {
    add(plainPath() + plainQuery(), body.plain(), 'plain');
    return requests;
  }

  for (const parameter of operation.pathParameters) {
    for (const edge of textEdges(parameter)) {
      add(
        plainPath({ [parameter.name]: edge.text }) + plainQuery(),
        body.plain(),
        label('path', parameter.name, edge),
      );
    }
  }
  for (const parameter of operation.queryParameters) {
    for (const edge of textEdges(parameter)) {
      add(
        plainPath() + plainQuery({ [parameter.name]: edge.text }),
        body.plain(),
        label('query', parameter.name, edge),
      );
    }
  }
  for (const { name, edge, sent } of body.edges())
    add(plainPath() + plainQuery(), sent, label('body', name, edge));
  return requests;
}

type BodyEdges = {
  plain: () => { payload?: string | Buffer; contentType?: string };
  edges: () => Array<{ name: string; edge: Edge; sent: { payload: string | Buffer; contentType: string } }>;
};

function bodyOf(
  operation: Operation,
  context: RequestContext,
  example: (schema: Schema, name: string) => unknown,
): BodyEdges {
  if (operation.jsonBody) {
    const schema = context.resolve(operation.jsonBody);
    const json = (value: unknown) => ({ payload: jsonWithNumbers(value), contentType: 'application/json' });
    return {
      plain: () => json(example(schema, '')),
      edges: () =>
        fieldsOf(schema, context).flatMap((field) =>
          edgesOf(field.schema, true).map((edge) => ({
            name: field.path.join('.') || '(body)',
            edge,
            sent: json(
              placeAt(
                example(schema, ''),
                field,
                edge.isJsonNumber ? `${RAW_NUMBER}${edge.text}` : edge.text,
                example,
              ),
            ),
          })),
        ),
    };
  }
  if (operation.multipartBody) return multipartEdges(operation.multipartBody, context, example);
  return { plain: () => ({}), edges: () => [] };
}

/** `collection[0][slot]` → `slot`: what the name of the part says it holds. */
const leafName = (name: string) => name.match(/\[([^\]]+)\]$/)?.[1] ?? name;
const isFirstOfEach = (name: string) => [...name.matchAll(/\[(\d+)\]/g)].every((match) => match[1] === '0');

/**
 * A multipart form's parts as the document flattens them. The plain form holds the required parts and
 * the first entry of each list (a campaign's first slot, its first description); the edges are aimed
 * at those, one part at a time — `collection[19][slot]` follows the same schema as `collection[0][slot]`.
 */
function multipartEdges(
  schema: Schema,
  context: RequestContext,
  example: (schema: Schema, name: string) => unknown,
): BodyEdges {
  const described = context.resolve(schema);
  const properties = Object.entries(described.properties ?? {}).map(
    ([name, inner]) => [name, context.resolve(inner)] as const,
  );
  const required = new Set(described.required ?? []);
  const files = properties.filter(([, inner]) => inner.format === 'binary').map(([name]) => name);
  const values = properties.filter(
    ([name, inner]) =>
      inner.format !== 'binary' && isFirstOfEach(name) && (required.has(name) || name.includes('[')),
  );
  const form = (override?: { name: string; text: string }) => {
    const parts: MultipartPart[] = values.map(([name, inner]) => ({
      name,
      value: override?.name === name ? override.text : String(example(inner, leafName(name))),
    }));
    if (override && !values.some(([name]) => name === override.name))
      parts.push({ name: override.name, value: override.text });
    for (const name of files) {
      parts.push({ name, fileName: 'image.png', contentType: 'image/png', bytes: context.images.png });
    }
    const { payload, headers } = multipart(parts);
    return { payload, contentType: headers['content-type'] };
  };
  return {
    plain: form,
    edges: () =>
      properties
        .filter(([name, inner]) => inner.format !== 'binary' && isFirstOfEach(name))
        .flatMap(([name, inner]) =>
          edgesOf(inner, false).map((edge) => ({ name, edge, sent: form({ name, text: edge.text }) })),
        ),
  };
}
