import fc from 'fast-check';
import { type Part as MultipartPart, multipart } from '../multipart.ts';
import { type Generators, hostileString, mutatedValue, valueFor } from './hostile-values.ts';
import {
  type Operation,
  type Parameter,
  type resolver,
  type Schema,
  summaryFieldNames,
} from './openapi-operations.ts';

export type FuzzRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
};

export type RequestContext = Omit<Generators, 'isHostile'> & {
  resolve: ReturnType<typeof resolver>;
  images: { png: Buffer; jpeg: Buffer };
  maxUploadBytes: number;
  bodyLimitBytes: number;
};

/** Path segments that are not what the route expects, most already percent-encoded as sent. */
const HOSTILE_SEGMENTS = [
  '0',
  '-1',
  '2147483647',
  '2147483648',
  '4294967296',
  '9007199254740992',
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

type Part<T> = { plausible: fc.Arbitrary<T>; hostile: fc.Arbitrary<T> };
type Body = { payload?: string | Buffer; contentType?: string };

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

const BROKEN_JSON = [
  '',
  '{',
  '{"a":',
  '{"a" 1}',
  '[1,]',
  "{'a':1}",
  'null',
  '[]',
  '"text"',
  '1e999',
  '-',
  '123456789012345678901234567890',
  '{"a":1,"a":2}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '\ufeff{}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"a":"\\x00"}',
  `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
  `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
];

const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/vnd.api+json',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'multipart/form-data; boundary=nothing-here',
  'application/octet-stream',
  'image/png',
  '*/*',
  'application',
];

function jsonBody(schema: Schema, context: RequestContext): Part<Body> {
  const json = 'application/json';
  const invalidUtf8 = [Buffer.from([0xff, 0xfe]), Buffer.from([0xc0, 0x80]), Buffer.from([0xed, 0xa0, 0x80])];
  const shaped = (isHostile: boolean) => valueFor(context.resolve(schema), { ...context, isHostile });
  return {
    plausible: shaped(false).map((value) => ({ payload: JSON.stringify(value) ?? '', contentType: json })),
    hostile: fc.oneof(
      {
        weight: 6,
        arbitrary: mutatedValue(context.resolve(schema), context).map((value) => ({
          payload: JSON.stringify(value) ?? '',
          contentType: json,
        })),
      },
      {
        weight: 4,
        arbitrary: shaped(true).map((value) => ({ payload: JSON.stringify(value) ?? '', contentType: json })),
      },
      {
        weight: 2,
        arbitrary: fc.constantFrom(...BROKEN_JSON).map((payload) => ({ payload, contentType: json })),
      },
      {
        weight: 1,
        arbitrary: fc
          .tuple(fc.constantFrom(...context.vocabulary), fc.constantFrom(...invalidUtf8))
          .map(([name, bytes]) => ({
            payload: Buffer.concat([Buffer.from(`{"${name}":"a`), bytes, Buffer.from('b"}')]),
            contentType: json,
          })),
      },
      {
        weight: 2,
        arbitrary: fc
          .tuple(shaped(false), fc.constantFrom(...WRONG_CONTENT_TYPES))
          .map(([value, contentType]) => ({ payload: JSON.stringify(value) ?? '', contentType })),
      },
      {
        weight: 1,
        arbitrary: fc.constant({
          payload: `{"a":"${'x'.repeat(context.bodyLimitBytes)}"}`,
          contentType: json,
        }),
      },
    ),
  };
}

/** Bytes that claim to be an image, or are one, or are far too many. */
function fileBytes(context: RequestContext): fc.Arbitrary<Buffer> {
  const { png, jpeg } = context.images;
  return fc.constantFrom(
    png,
    jpeg,
    Buffer.alloc(0),
    png.subarray(0, 40),
    Buffer.concat([png.subarray(0, 8), Buffer.alloc(200, 0x41)]),
    Buffer.concat([jpeg.subarray(0, 4), Buffer.alloc(100)]),
    Buffer.from('GIF89a\u0001\u0000\u0001\u0000'),
    Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '),
    Buffer.concat([png, Buffer.alloc(context.maxUploadBytes + 1 - png.length, 0)]),
  );
}

function multipartBody(operation: Operation, schema: Schema, context: RequestContext): Part<Body> {
  const described = context.resolve(schema);
  const properties = described.properties ?? {};
  const required = new Set(described.required ?? []);
  // A form the document does not describe is looked for in the operation's summary.
  const fieldNames = Object.keys(properties).length
    ? Object.keys(properties)
    : summaryFieldNames(operation, context.vocabulary);
  const isFile = (name: string) =>
    properties[name]?.format === 'binary' || (!properties[name] && /file|image/i.test(name));
  const fileNames = fieldNames.filter(isFile);
  const valueNames = fieldNames.filter((name) => !isFile(name));
  const plausible = (name: string): fc.Arbitrary<string> => {
    const property = properties[name];
    if (property) {
      return valueFor(context.resolve(property), { ...context, isHostile: false }, 0, name).map(String);
    }
    return /id$/i.test(name)
      ? fc.constantFrom(...context.ids.map(String))
      : fc.constantFrom('Limão Siciliano', 'Cítrico fresco', 'en-US', 'pt-BR', 'Fresh citrus');
  };
  const hostileValue = hostileString(context.vocabulary);
  const file = (isHostile: boolean) =>
    fc.record({
      name: isHostile
        ? fc.constantFrom(...(fileNames.length ? fileNames : ['file']), 'other.file')
        : fc.constantFrom(...(fileNames.length ? fileNames : ['file'])),
      fileName: isHostile
        ? fc.constantFrom('a.png', '../../a.png', 'a\u0000.png', '', 'C:\\a.png', 'é'.repeat(300), 'a".png')
        : fc.constant('image.png'),
      contentType: isHostile
        ? fc.constantFrom('image/png', 'image/jpeg', 'text/plain', '')
        : fc.constant('image/png'),
      bytes: isHostile ? fileBytes(context) : fc.constantFrom(context.images.png, context.images.jpeg),
    });
  // Every field the document names: plausible values reach the service and the storage.
  const wholeForm = (isHostile: boolean) =>
    fc
      .tuple(
        fc.tuple(
          ...valueNames.map((name) => {
            const value = (
              isHostile ? fc.oneof({ weight: 3, arbitrary: plausible(name) }, hostileValue) : plausible(name)
            ).map((text) => ({ name, value: text }));
            const isRequired = required.has(name) || required.size === 0;
            return isRequired ? value : fc.option(value, { freq: 2, nil: undefined });
          }),
        ),
        fc.option(file(isHostile), { freq: isHostile ? 3 : 5, nil: undefined }),
        // Half the time only the required fields: optional groups rarely come out whole by chance.
        fc.boolean(),
      )
      .map(
        ([fields, image, isMinimal]) =>
          [
            ...fields.filter(
              (part) => part && (!isMinimal || required.size === 0 || required.has(part.name)),
            ),
            ...(image ? [image] : []),
          ] as MultipartPart[],
      );
  const anyField = fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .constantFrom(...(valueNames.length ? valueNames : context.vocabulary))
        .chain((name) => fc.oneof(plausible(name), hostileValue).map((value) => ({ name, value }))),
    },
    { weight: 1, arbitrary: fc.tuple(hostileValue, hostileValue).map(([name, value]) => ({ name, value })) },
  );
  const randomForm = fc
    .tuple(fc.array(anyField, { maxLength: 6 }), fc.array(file(true), { maxLength: 2 }))
    .map(([fields, files]) => [...fields, ...files] as MultipartPart[]);
  const encoded = (parts: MultipartPart[]) => {
    const { payload, headers } = multipart(parts);
    return { payload, contentType: headers['content-type'] };
  };
  return {
    plausible: wholeForm(false).map(encoded),
    hostile: fc
      .tuple(
        fc.oneof(wholeForm(true), randomForm),
        fc.boolean(),
        fc.constantFrom('whole', 'whole', 'whole', 'truncated', 'no-boundary', 'wrong-boundary', 'garbage'),
      )
      .map(([parts, isDuplicated, shape]) => {
        const { payload, contentType } = encoded(
          isDuplicated && parts.length > 0 ? [...parts, parts[0] as MultipartPart] : parts,
        );
        switch (shape) {
          case 'truncated':
            return { payload: payload.subarray(0, Math.floor(payload.length / 2)), contentType };
          case 'no-boundary':
            return { payload, contentType: 'multipart/form-data' };
          case 'wrong-boundary':
            return { payload, contentType: 'multipart/form-data; boundary=other' };
          case 'garbage':
            return {
              payload: Buffer.from('--x\r\nContent-Disposition: form-data\r\n\r\n\u0000'),
              contentType,
            };
          default:
            return { payload, contentType };
        }
      }),
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
