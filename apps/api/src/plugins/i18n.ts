import { DEFAULT_LANGUAGE, type Language, pickFromAcceptLanguage, toLanguage } from '@scentia/shared/locales';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language answers are written in: Content-Language, then Accept-Language, then pt-BR. */
    language: Language;
  }
}

export function resolveLanguage(request: Pick<FastifyRequest, 'headers'>): Language {
  const contentLanguage = request.headers['content-language'];
  return (
    toLanguage(Array.isArray(contentLanguage) ? contentLanguage[0] : contentLanguage) ??
    pickFromAcceptLanguage(request.headers['accept-language']) ??
    DEFAULT_LANGUAGE
  );
}

export const i18nPlugin = fp(
  async (app) => {
    app.decorateRequest('language', DEFAULT_LANGUAGE);
    app.addHook('onRequest', async (request, reply) => {
      request.language = resolveLanguage(request);
      reply.header('content-language', request.language);
    });
  },
  { name: 'i18n' },
);
