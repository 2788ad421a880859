import fc from 'fast-check';
import { type Part as MultipartPart, multipart } from '../multipart.ts';
import { hostileString } from './hostile-strings.ts';
import { type Generators, mutatedValue, valueFor } from './hostile-values.ts';
import { type Operation, type resolver, type Schema, summaryFieldNames } from './openapi-operations.ts';

export type RequestContext = Omit<Generators, 'isHostile'> & {
  resolve: ReturnType<typeof resolver>;
  images: { png: Buffer; jpeg: Buffer };
  maxUploadBytes: number;
  bodyLimitBytes: number;
};

export type Part<T> = { plausible: fc.Arbitrary<T>; hostile: fc.Arbitrary<T> };
export type Body = { payload?: string | Buffer; contentType?: string };

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

export function jsonBody(schema: Schema, context: RequestContext): Part<Body> {
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

export function multipartBody(operation: Operation, schema: Schema, context: RequestContext): Part<Body> {
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
