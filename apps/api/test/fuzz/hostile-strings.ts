import fc from 'fast-check';

/** Strings a hostile or broken client sends: controls, lone surrogates, noncharacters, tricks. */
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b@x.com',
  '\u0001\u0002\u0003',
  '\u0008\u000b\u000c',
  '\u001b[2J',
  '\u007f',
  '\u0085',
  '\u009b31m',
  '\ud800',
  '\udc00',
  'x\udbffy',
  '\udc00\ud800',
  '\ufffe',
  '\uffff',
  '\ufeffBOM',
  '\u202eRTL',
  '\u200b',
  '\t\n\r',
  'Ω≈ç√∫',
  'ÀÉÎÕÜ ñ ç',
  '😀🇧🇷👩‍👩‍👧',
  '𝕬𝖇𝖈',
  '香水',
  'عطر',
  "'; drop table users; --",
  '" or 1=1 --',
  '%00',
  '%',
  '\\',
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  '{{constructor}}',
  '__proto__',
  'constructor',
  'prototype',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e999',
  '9007199254740993',
  // Integers as text past a column's range, and in the spellings `Number()` reads but digits do not.
  '2147483648',
  '12345678901234567890',
  '0x10',
  '1e3',
  '+5',
  ' 5',
  '5.0',
  'true',
  '[]',
  '{}',
  'a@b',
  '@',
  'x'.repeat(101),
  'x'.repeat(256),
  'é'.repeat(1_000),
];

/** Numbers at and past their limits (JSON cannot carry NaN or Infinity; raw bodies try those). */
export const limitNumbers = fc.constantFrom(
  0,
  -0,
  -1,
  1,
  1.5,
  2_147_483_647,
  2_147_483_648,
  -2_147_483_649,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER - 2,
  1e308,
  -1e308,
  Number.MIN_VALUE,
);

/** Code points a person never types, planted into otherwise ordinary text. */
const controlCharacter = fc
  .oneof(
    // NUL the most: it is the one PostgreSQL refuses outright.
    { weight: 4, arbitrary: fc.constant(0) },
    { weight: 2, arbitrary: fc.integer({ min: 0, max: 0x1f }) },
    { weight: 1, arbitrary: fc.integer({ min: 0x7f, max: 0x9f }) },
    { weight: 2, arbitrary: fc.integer({ min: 0xd800, max: 0xdfff }) },
    { weight: 1, arbitrary: fc.constantFrom(0xfffe, 0xffff) },
  )
  .map((code) => String.fromCharCode(code));

export function hostileString(vocabulary: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
    {
      weight: 4,
      arbitrary: fc
        .tuple(fc.constantFrom(...vocabulary, 'Ana Souza', 'ana@scentia.test'), controlCharacter, fc.nat())
        .map(([text, character, at]) => {
          const cut = at % (text.length + 1);
          return `${text.slice(0, cut)}${character}${text.slice(cut)}`;
        }),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...vocabulary, 'a'), fc.constantFrom(2, 101, 1_000, 20_000))
        .map(([text, times]) => text.repeat(times).slice(0, times)),
    },
  );
}

/** Any JSON value of the wrong kind, including deep nesting and poisoned keys. */
export function wrongValue(vocabulary: string[]): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom(null, true, false, [], {}, [null], { '': '' }),
    limitNumbers,
    hostileString(vocabulary),
    fc.nat({ max: 3_000 }).map((depth) => nest(depth, 'deep')),
    fc.jsonValue({ maxDepth: 3 }),
    fc.constant(JSON.parse('{"__proto__":{"isAdmin":true}}')),
    fc.constant({ constructor: { prototype: { isAdmin: true } } }),
  );
}

function nest(depth: number, bottom: unknown): unknown {
  let value = bottom;
  for (let level = 0; level < depth; level += 1) value = level % 2 ? [value] : { a: value };
  return value;
}
