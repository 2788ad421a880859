import { DEFAULT_LANGUAGE, type Language, pickFromAcceptLanguage, toLanguage } from '@scentia/shared/locales';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language answers are written in: Content-Language, then Accept-Language, then pt-BR. */
    language: Language;
  }
}

/** Distinct header pairs remembered: browsers and devices send a handful; past this, forgotten at once. */
const REMEMBERED_HEADERS = 256;
/** Longer pairs are parsed each time, so that what is remembered stays small whatever callers send. */
const LONGEST_REMEMBERED = 200;
const languageByHeaders = new Map<string, Language>();

function languageOf(contentLanguage: string | undefined, acceptLanguage: string | undefined): Language {
  return toLanguage(contentLanguage) ?? pickFromAcceptLanguage(acceptLanguage) ?? DEFAULT_LANGUAGE;
}

export function resolveLanguage(request: Pick<FastifyRequest, 'headers'>): Language {
  const header = request.headers['content-language'];
  const contentLanguage = Array.isArray(header) ? header[0] : header;
  const acceptLanguage = request.headers['accept-language'];
  if (contentLanguage === undefined && acceptLanguage === undefined) return DEFAULT_LANGUAGE;
  // Parsing an Accept-Language (split, weigh, sort) on every request of the same browser is wasted:
  // the answer depends on the two headers alone.
  const key = `${contentLanguage ?? ''}\n${acceptLanguage ?? ''}`;
  if (key.length > LONGEST_REMEMBERED) return languageOf(contentLanguage, acceptLanguage);
  let language = languageByHeaders.get(key);
  if (language === undefined) {
    language = languageOf(contentLanguage, acceptLanguage);
    if (languageByHeaders.size >= REMEMBERED_HEADERS) languageByHeaders.clear();
    languageByHeaders.set(key, language);
  }
  return language;
}

export const i18nPlugin = fp(
  async (app) => {
    app.decorateRequest('language', DEFAULT_LANGUAGE);
    app.addHook('onRequest', function setLanguage(request, reply, done) {
      request.language = resolveLanguage(request);
      reply.header('content-language', request.language);
      done();
    });
  },
  { name: 'i18n' },
);
