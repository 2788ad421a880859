import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findUnsafeCharacter, findUnsafeText } from './unsafe-text.ts';

const REFUSED = [
  ...Array.from({ length: 0x20 }, (_, code) => code).filter((code) => ![0x09, 0x0a, 0x0d].includes(code)),
  ...Array.from({ length: 0x21 }, (_, offset) => 0x7f + offset),
  0xfffe,
  0xffff,
].map((code) => String.fromCharCode(code));

/** Text a person may type: every code point but the refused ones, surrogate pairs whole. */
const cleanText = fc.string({ unit: 'grapheme', maxLength: 12 }).map((text) =>
  Array.from(text)
    .filter((character) => !REFUSED.includes(character))
    .join(''),
);

describe('findUnsafeCharacter', () => {
  it('names every refused character, C0 (but TAB, LF, CR), DEL, C1, U+FFFE and U+FFFF', () => {
    for (const character of REFUSED) {
      const code = `U+${character.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
      expect(findUnsafeCharacter(`ok${character}ok`)).toBe(code);
    }
  });

  it('refuses lone surrogates, at either end or in the wrong order, and keeps pairs', () => {
    expect(findUnsafeCharacter('a\uD800')).toBe('U+D800');
    expect(findUnsafeCharacter('\uDC00a')).toBe('U+DC00');
    expect(findUnsafeCharacter('\uDC00\uD800')).toBe('U+DC00');
    expect(findUnsafeCharacter('\uD83D\uDE00 \uD83C\uDDE7\uD83C\uDDF7')).toBeUndefined();
  });

  it('accepts TAB, LF, CR, accents, no-break space, U+FFFD and text in any script', () => {
    expect(findUnsafeCharacter('Linha 1\r\n\tLinha 2 — João Ñandú\u00a0\ufffd 香水 عطر')).toBeUndefined();
  });

  it('accepts whatever a person may type (property)', () => {
    fc.assert(fc.property(cleanText, (text) => findUnsafeCharacter(text) === undefined));
  });
});

describe('findUnsafeText', () => {
  it('finds a refused character in a nested value and names its path', () => {
    const body = { name: 'Cítricos', translations: [{ language: 'en-US', name: 'Cit\u0000rus' }] };
    expect(findUnsafeText(body)).toEqual({ path: 'translations.0.name', character: 'U+0000' });
    expect(findUnsafeText({ Login: 'a\u0000b@x.com' })).toEqual({ path: 'Login', character: 'U+0000' });
  });

  it('finds one in an object key and never echoes it raw', () => {
    expect(findUnsafeText({ filter: { 'na\u0000me': 1 } })).toEqual({
      path: 'filter.na\\u0000me',
      character: 'U+0000',
    });
  });

  it('reports the first one in the value’s own order', () => {
    expect(findUnsafeText({ a: ['ok', { b: '\u0007' }], c: '\u0000' })).toEqual({
      path: 'a.1.b',
      character: 'U+0007',
    });
    expect(findUnsafeText({ a: 'ok', 'k\u0001': 'ok', z: '\u0000' })?.path).toBe('k\\u0001');
  });

  it('starts paths at the root given and reports a bare string by that root', () => {
    expect(findUnsafeText('\uFFFF', 'body')).toEqual({ path: 'body', character: 'U+FFFF' });
    expect(findUnsafeText({ id: '\u0085' }, 'params')).toEqual({ path: 'params.id', character: 'U+0085' });
  });

  it('ignores numbers, booleans, null and clean text', () => {
    expect(findUnsafeText({ a: 1, b: true, c: null, d: [1.5, 'ok\tok\n'], e: {} })).toBeUndefined();
    expect(findUnsafeText(undefined)).toBeUndefined();
  });

  it('walks a deeply nested value without overflowing the stack', () => {
    let deep: unknown = 'bottom\u0000';
    for (let level = 0; level < 200_000; level += 1) deep = [deep];
    expect(findUnsafeText(deep)?.character).toBe('U+0000');
  });

  it('finds a refused character planted anywhere in any value (property)', () => {
    const json = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        cleanText,
        fc.integer(),
        fc.boolean(),
        fc.constant(null),
        fc.array(tie('value')),
        fc.dictionary(cleanText, tie('value')),
      ),
    })).value;
    fc.assert(
      fc.property(json, fc.constantFrom(...REFUSED), fc.nat(), (value, character, where) => {
        expect(findUnsafeText(value)).toBeUndefined();
        const planted = findUnsafeText({ value, extra: [`${'x'.repeat(where % 5)}${character}`] });
        expect(planted).toEqual({ path: 'extra.0', character: findUnsafeCharacter(character) });
        expect(findUnsafeCharacter(character)).toMatch(/^U\+[0-9A-F]{4}$/);
      }),
    );
  });
});
