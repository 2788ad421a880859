import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorHandlerPlugin } from './error-handler.ts';
import { i18nPlugin } from './i18n.ts';

/**
 * Field messages name their limits, whether the schema gives a message key with the limit
 * (`.max(6, { error: 'tooLong' })`, as the shared schemas do) or not; lists say items, not characters.
 */
const app = Fastify().withTypeProvider<ZodTypeProvider>();

beforeAll(async () => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(i18nPlugin);
  await app.register(errorHandlerPlugin);
  app.post(
    '/fields',
    {
      schema: {
        body: z.strictObject({
          keyed: z.string().min(4, { error: 'tooShort' }).max(6, { error: 'tooLong' }),
          bare: z.string().min(4).max(6),
          list: z.array(z.string()).min(2).max(3),
          count: z.number().max(9),
        }),
      },
    },
    async () => ({}),
  );
  await app.ready();
});
afterAll(() => app.close());

const fieldsOf = async (payload: object, language: string) => {
  const response = await app.inject({
    method: 'POST',
    url: '/fields',
    headers: { 'content-language': language },
    payload,
  });
  expect(response.statusCode).toBe(400);
  return response.json().fields as { path: string; message: string }[];
};

describe('field messages', () => {
  it.each([
    [
      'pt-BR',
      {
        short: 'Deve ter no mínimo 4 caracteres.',
        long: 'Deve ter no máximo 6 caracteres.',
        few: 'Informe no mínimo 2 itens.',
        many: 'Informe no máximo 3 itens.',
        big: 'Deve ser no máximo 9.',
      },
    ],
    [
      'en-US',
      {
        short: 'Must be at least 4 characters long.',
        long: 'Must be at most 6 characters long.',
        few: 'Give at least 2 items.',
        many: 'Give at most 3 items.',
        big: 'Must be at most 9.',
      },
    ],
    [
      'es-ES',
      {
        short: 'Debe tener al menos 4 caracteres.',
        long: 'Debe tener como máximo 6 caracteres.',
        few: 'Indique como mínimo 2 elementos.',
        many: 'Indique como máximo 3 elementos.',
        big: 'Debe ser como máximo 9.',
      },
    ],
  ])('name the limit in %s', async (language, expected) => {
    expect(await fieldsOf({ keyed: 'abc', bare: 'abc', list: ['a'], count: 10 }, language)).toEqual([
      { path: 'keyed', message: expected.short },
      { path: 'bare', message: expected.short },
      { path: 'list', message: expected.few },
      { path: 'count', message: expected.big },
    ]);
    expect(
      await fieldsOf({ keyed: 'abcdefg', bare: 'abcdefg', list: ['a', 'b', 'c', 'd'], count: 1 }, language),
    ).toEqual([
      { path: 'keyed', message: expected.long },
      { path: 'bare', message: expected.long },
      { path: 'list', message: expected.many },
    ]);
  });
});
