import fc from 'fast-check';
import { type Body, jsonBody, multipartBody, type Part, type RequestContext } from './hostile-bodies.ts';
import { hostileString } from './hostile-strings.ts';
import { valueFor } from './hostile-values.ts';
import type { Operation, Parameter } from './openapi-operations.ts';

export type FuzzRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
};

/** Path segments that are not what the route expects, most already percent-encoded as sent. */
const HOSTILE_SEGMENTS = [
  '0',
  '-1',
  '2147483647',
  '2147483648',
  '4294967296',
  '9007199254740992',
  '12345678901234567890',
  '1e3',
  '0x10',
  '1.0',
  '+1',
  ' 1',
  '%201',
  '１',
  'abc',
  'null',
  '%00',
  '1%00',
  '%FF',
  '%ED%A0%80',
  '%C0%80',
  '%E2%80%AE',
  '%',
  '%zz',
  '%2e%2e%2f%2e%2e',
  '..',
  '%2F',
  '1;drop',
  '9'.repeat(400),
];

/** Query values that break decoding rather than validation. */
const RAW_QUERY_VALUES = ['%00', '%FF', '%ED%A0%80', '%C0%AF', '%', '%zz', '%uD800', '%EF%BF%BF', '+', ''];

function encode(value: unknown): string {
  return encodeURIComponent(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
}

/** `encodeURIComponent` throws on lone surrogates; the raw escape is what a broken client sends. */
function safeEncode(value: unknown): string {
  try {
    return encode(value);
  } catch {
    return String(value)
      .split('')
      .map((unit) => `%${unit.charCodeAt(0).toString(16)}`)
      .join('');
  }
}

function pathValue(parameter: Parameter, context: RequestContext): Part<string> {
  const schema = context.resolve(parameter.schema);
  // A wildcard may hold slashes; any other segment is one segment.
  const asSegment = (value: unknown) => (parameter.name === '*' ? String(value) : safeEncode(value));
  const plausible =
    schema.type === 'integer' || schema.type === 'number'
      ? fc.constantFrom(...context.ids.map(String))
      : valueFor(schema, { ...context, isHostile: false }).map(asSegment);
  return {
    plausible,
    hostile: fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_SEGMENTS) },
      { weight: 2, arbitrary: valueFor(schema, { ...context, isHostile: true }).map(asSegment) },
      { weight: 1, arbitrary: plausible },
    ),
  };
}

function queryString(parameters: Parameter[], context: RequestContext): Part<string> {
  const pair = (parameter: Parameter, value: unknown) => `${encode(parameter.name)}=${safeEncode(value)}`;
  const join = (pieces: string[]) => {
    const query = pieces.filter(Boolean).join('&');
    return query ? `?${query}` : '';
  };
  const plausibleOne = (parameter: Parameter) =>
    valueFor(context.resolve(parameter.schema), { ...context, isHostile: false }, 0, parameter.name).map(
      (value) => pair(parameter, value),
    );
  const hostileOne = (parameter: Parameter) => {
    const value = valueFor(context.resolve(parameter.schema), { ...context, isHostile: true });
    return fc.oneof(
      { weight: 4, arbitrary: value.map((item) => pair(parameter, item)) },
      {
        weight: 1,
        arbitrary: fc.constantFrom(...RAW_QUERY_VALUES).map((raw) => `${encode(parameter.name)}=${raw}`),
      },
      // The same parameter repeated: Fastify turns it into an array.
      {
        weight: 1,
        arbitrary: fc
          .array(value, { minLength: 2, maxLength: 3 })
          .map((items) => items.map((item) => pair(parameter, item)).join('&')),
      },
      { weight: 1, arbitrary: fc.constant(encode(parameter.name)) },
    );
  };
  const each = (one: (parameter: Parameter) => fc.Arbitrary<string>) =>
    fc.tuple(
      ...parameters.map((parameter) =>
        parameter.required ? one(parameter) : fc.option(one(parameter), { freq: 2, nil: '' }),
      ),
    );
  const extra = fc
    .tuple(
      fc.constantFrom(...context.vocabulary, '__proto__', 'constructor[prototype]', 'a[b][c]'),
      hostileString(context.vocabulary),
    )
    .map(([name, value]) => `${safeEncode(name)}=${safeEncode(value)}`);
  // Right but for one parameter, which then reaches as deep as its own schema lets it.
  const oneWrong =
    parameters.length === 0
      ? extra.map((added) => join([added]))
      : fc
          .nat({ max: parameters.length - 1 })
          .chain((wrong) =>
            fc
              .tuple(
                ...parameters.map((parameter, index) =>
                  index === wrong
                    ? hostileOne(parameter)
                    : parameter.required
                      ? plausibleOne(parameter)
                      : fc.option(plausibleOne(parameter), { freq: 2, nil: '' }),
                ),
              )
              .map(join),
          );
  return {
    plausible: each(plausibleOne).map(join),
    hostile: fc.oneof(
      { weight: 3, arbitrary: oneWrong },
      {
        weight: 1,
        arbitrary: fc
          .tuple(each(hostileOne), fc.option(extra, { freq: 3, nil: '' }))
          .map(([pieces, added]) => join([...pieces, added])),
      },
    ),
  };
}

/**
 * Requests for one operation, its path, query and body as the document describes them: all plausible
 * (to reach the service and the database), one part hostile, or all of them.
 */
export function requestsFor(operation: Operation, context: RequestContext): fc.Arbitrary<FuzzRequest> {
  const segments = operation.pathParameters.map((parameter) => pathValue(parameter, context));
  const path = (isHostile: boolean) =>
    fc
      .tuple(...segments.map((segment) => (isHostile ? segment.hostile : segment.plausible)))
      .map((values) =>
        operation.pathParameters.reduce(
          (url, parameter, index) => url.replace(`{${parameter.name}}`, values[index] as string),
          operation.path,
        ),
      );
  const query = queryString(operation.queryParameters, context);
  const bodies: Array<Part<Body>> = [];
  if (operation.jsonBody) bodies.push(jsonBody(operation.jsonBody, context));
  if (operation.multipartBody) bodies.push(multipartBody(operation, operation.multipartBody, context));
  const noBody = jsonBody({ type: 'object', properties: {} }, context);
  const body: Part<Body> = bodies.length
    ? {
        plausible: fc.oneof(...bodies.map((part) => part.plausible)),
        hostile: fc.oneof(...bodies.map((part) => part.hostile)),
      }
    : // A route without a body, sent one anyway now and then.
      { plausible: fc.constant({}), hostile: fc.oneof(fc.constant({}), noBody.hostile) };
  const request = (isPathHostile: boolean, isQueryHostile: boolean, isBodyHostile: boolean) =>
    fc
      .tuple(
        path(isPathHostile),
        isQueryHostile ? query.hostile : query.plausible,
        isBodyHostile ? body.hostile : body.plausible,
      )
      .map(([url, search, sent]) => ({
        method: operation.method,
        url: `${url}${search}`,
        headers: (sent.contentType === undefined ? {} : { 'content-type': sent.contentType }) as Record<
          string,
          string
        >,
        ...(sent.payload === undefined ? {} : { payload: sent.payload }),
      }));
  return fc.oneof(
    { weight: 2, arbitrary: request(false, false, false) },
    { weight: 1, arbitrary: request(true, false, false) },
    { weight: 1, arbitrary: request(false, true, false) },
    { weight: 2, arbitrary: request(false, false, true) },
    { weight: 2, arbitrary: request(true, true, true) },
  );
}

/** The request as a failure report shows it: short, and with every invisible character visible. */
export function describeRequest(request: FuzzRequest): string {
  const payload =
    request.payload === undefined
      ? ''
      : Buffer.isBuffer(request.payload)
        ? request.payload.toString('latin1')
        : request.payload;
  const shown = JSON.stringify(
    payload.length > 600 ? `${payload.slice(0, 600)}…(${payload.length})` : payload,
  );
  return `${request.method} ${request.url.slice(0, 300)} [${request.headers['content-type'] ?? 'no content-type'}] ${shown}`;
}
