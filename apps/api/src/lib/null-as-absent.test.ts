import Fastify from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validatorCompiler } from './null-as-absent.ts';

const app = Fastify().withTypeProvider<ZodTypeProvider>();

beforeAll(async () => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.post(
    '/echo',
    {
      schema: {
        body: z.strictObject({
          required: z.number(),
          optional: z.number().optional(),
          nullable: z.number().nullish(),
          defaulted: z.number().default(7),
          rows: z.array(z.strictObject({ note: z.string().optional() })).optional(),
        }),
      },
    },
    async (request) => ({ body: request.body, keys: Object.keys(request.body) }),
  );
  await app.ready();
});
afterAll(() => app.close());

const post = (payload: object) => app.inject({ method: 'POST', url: '/echo', payload });

describe('null in a field that may be left out', () => {
  it('is taken as left out, at any depth; a nullable field keeps its null', async () => {
    const response = await post({
      required: 1,
      optional: null,
      nullable: null,
      defaulted: null,
      rows: [{ note: null }, { note: 'a' }],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      body: { required: 1, nullable: null, defaulted: 7, rows: [{}, { note: 'a' }] },
      keys: ['required', 'nullable', 'defaulted', 'rows'],
    });
  });

  it('is still refused where the field is required', async () => {
    expect((await post({ required: null })).statusCode).toBe(400);
  });
});
