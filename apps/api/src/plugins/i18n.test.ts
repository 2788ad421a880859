import { describe, expect, it } from 'vitest';
import { resolveLanguage } from './i18n.ts';

const languageOf = (headers: Record<string, string | string[]>) => resolveLanguage({ headers });

describe('the language of an answer', () => {
  it('is Content-Language, then Accept-Language by weight, then pt-BR', () => {
    expect(languageOf({})).toBe('pt-BR');
    expect(languageOf({ 'content-language': 'es-ES', 'accept-language': 'en-US' })).toBe('es-ES');
    expect(languageOf({ 'content-language': ['en', 'es'] })).toBe('en-US');
    expect(languageOf({ 'accept-language': 'fr-FR, es;q=0.5, en;q=0.8' })).toBe('en-US');
    expect(languageOf({ 'content-language': 'fr', 'accept-language': 'es' })).toBe('es-ES');
    expect(languageOf({ 'accept-language': 'fr, de' })).toBe('pt-BR');
  });

  it('is the same for the same headers however often they come, and whatever else came between', () => {
    const header = { 'accept-language': 'es;q=0.9, en;q=0.95' };
    expect(languageOf(header)).toBe('en-US');
    // More distinct pairs than are remembered: the memory is emptied, the answers do not change.
    for (let index = 0; index < 600; index += 1) languageOf({ 'accept-language': `x${index}, es` });
    expect(languageOf(header)).toBe('en-US');
    expect(languageOf({ 'accept-language': 'x599, es' })).toBe('es-ES');
  });

  it('reads a header too long to be remembered, each time', () => {
    const long = `${Array.from({ length: 60 }, (_, index) => `x${index};q=0.1`).join(', ')}, es;q=0.2`;
    expect(languageOf({ 'accept-language': long })).toBe('es-ES');
    expect(languageOf({ 'accept-language': long })).toBe('es-ES');
  });
});
