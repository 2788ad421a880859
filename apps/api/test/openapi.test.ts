import type { Access } from '@scentia/shared/access.rules';
import { operationIdOf } from '@scentia/shared/audit.schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './test-app.ts';

type Schema = Record<string, unknown>;
type Operation = {
  operationId?: string;
  tags?: string[];
  description?: string;
  security?: Record<string, string[]>[];
  'x-access'?: string;
  parameters?: Schema[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, Schema>;
};
type Document = {
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, Schema>;
    parameters: Record<string, Schema>;
    responses: Record<string, { content: Record<string, { schema: Schema }> }>;
    securitySchemes: Record<string, Schema>;
  };
};

let ctx: TestContext;
let document: Document;
let operations: { where: string; path: string; operation: Operation }[];

beforeAll(async () => {
  ctx = await createTestApp();
  const answer = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
  document = answer.json() as Document;
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      where: `${method.toUpperCase()} ${path}`,
      path,
      operation,
    })),
  );
});
afterAll(() => ctx.close());

const operationAt = (method: string, path: string) => document.paths[path]?.[method] as Operation;

/** Every object in `node` whose properties are exactly the error answer's, wherever it sits. */
function errorBodyCopies(node: unknown, found: string[] = [], at = '#'): string[] {
  if (!node || typeof node !== 'object') return found;
  const properties = (node as Schema).properties as Schema | undefined;
  if (properties && ['statusCode', 'code', 'message'].every((key) => key in properties)) found.push(at);
  for (const [key, value] of Object.entries(node)) errorBodyCopies(value, found, `${at}/${key}`);
  return found;
}

/** Every door of the access policy (lib/access-policy.ts); the document describes each one. */
const ACCESS_LEVELS: readonly Access[] = [
  'public',
  'authenticated',
  'appUser',
  'staff',
  'admin',
  'device',
  'organization',
  'organizationManager',
];

describe('GET /api/openapi.json', () => {
  it('gives every operation a unique operationId, one described tag, its security and x-access', () => {
    expect(operations.length).toBeGreaterThan(30);
    const described = new Map(document.tags.map((tag) => [tag.name, tag.description]));
    const ids = new Set<string>();
    for (const { where, operation } of operations) {
      expect(operation.operationId, where).toMatch(/^[a-z][A-Za-z0-9]+$/);
      expect(ids.has(operation.operationId as string), `${where} repeats an operationId`).toBe(false);
      ids.add(operation.operationId as string);
      expect(operation.tags, where).toHaveLength(1);
      expect(described.get(operation.tags?.[0] as string), `${where}'s tag is described`).toBeTruthy();
      expect(ACCESS_LEVELS, where).toContain(operation['x-access']);
      const scheme = operation['x-access'] === 'device' ? 'deviceCredential' : 'bearerAuth';
      expect(operation.security, where).toEqual(operation['x-access'] === 'public' ? [] : [{ [scheme]: [] }]);
    }
  });

  it('reads each route’s access: public, authenticated, staff by default, admin', () => {
    expect(operationAt('post', '/api/login')['x-access']).toBe('public');
    expect(operationAt('post', '/api/login').security).toEqual([]);
    expect(operationAt('get', '/api/usuario/me')['x-access']).toBe('authenticated');
    expect(operationAt('get', '/api/categories')['x-access']).toBe('staff');
    expect(operationAt('delete', '/api/usuario/{id}')['x-access']).toBe('admin');
  });

  it('declares the HTTP bearer scheme (JWT) and describes the access levels in it', () => {
    const scheme = document.components.securitySchemes.bearerAuth as Schema;
    expect(scheme).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    for (const level of ['public', 'authenticated', 'staff', 'admin']) {
      expect(scheme.description).toContain(`\`${level}\``);
    }
  });

  it('declares the devices’ credential scheme, used by the device routes and no other', () => {
    const scheme = document.components.securitySchemes.deviceCredential as Schema;
    expect(scheme).toMatchObject({ type: 'http', scheme: 'bearer' });
    const deviceRoutes = operations.filter(({ operation }) => operation['x-access'] === 'device');
    expect(deviceRoutes.map(({ where }) => where).sort()).toEqual([
      'GET /api/device/config',
      'POST /api/device/heartbeat',
      'POST /api/device/shots',
    ]);
    for (const { where, operation } of deviceRoutes) {
      expect(operation.tags, where).toEqual(['device']);
      expect(operation.description, where).toContain('Rate limit');
    }
    expect(operationAt('post', '/api/device/provision')['x-access']).toBe('public');
    expect(operationAt('post', '/api/app/device-pairings')['x-access']).toBe('appUser');
  });

  it('generates readable operationIds from method and path', () => {
    expect(operationIdOf('GET', '/api/categories/:id')).toBe('getCategoriesById');
    expect(operationIdOf('PUT', '/api/usuario/resend-mail/:id')).toBe('putUsuarioResendMailById');
    expect(operationIdOf('GET', '/api/perfil/')).toBe('getPerfilTrailingSlash');
    expect(operationAt('get', '/api/perfil/').operationId).not.toBe(
      operationAt('get', '/api/perfil').operationId,
    );
  });

  it('writes the error answer once, as ErrorBody, and refers to it everywhere else', () => {
    expect(document.components.schemas.ErrorBody).toBeDefined();
    expect(errorBodyCopies(document)).toEqual(['#/components/schemas/ErrorBody']);
    const badRequest = document.components.responses.BadRequest;
    expect(badRequest?.content['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/ErrorBody',
    });
    for (const { where, operation } of operations) {
      expect(operation.responses['400'], where).toEqual({ $ref: '#/components/responses/BadRequest' });
    }
    expect(operationAt('get', '/api/categories').responses['401']).toEqual({
      $ref: '#/components/responses/Unauthorized',
    });
  });

  it('names the row schemas, and list answers are the Page wrapper around them', () => {
    for (const name of ['Category', 'Fragrance', 'User', 'Profile', 'Page']) {
      expect(document.components.schemas[name], name).toBeDefined();
    }
    const answer = operationAt('get', '/api/categories').responses['200'] as {
      content: Record<string, { schema: Schema }>;
    };
    expect(answer.content['application/json']?.schema).toEqual({
      allOf: [
        { $ref: '#/components/schemas/Page' },
        {
          type: 'object',
          required: ['data'],
          properties: { data: { type: 'array', items: { $ref: '#/components/schemas/Category' } } },
        },
      ],
    });
  });

  it('refers to the shared list query parameters instead of repeating them', () => {
    const parameters = operationAt('get', '/api/usuario').parameters ?? [];
    expect(parameters).toContainEqual({ $ref: '#/components/parameters/list.page' });
    expect(parameters).toContainEqual({ $ref: '#/components/parameters/list.perPage' });
    expect(document.components.parameters['list.perPage']).toMatchObject({
      in: 'query',
      name: 'perPage',
      schema: { enum: [10, 20, 50] },
    });
  });

  it('declares every path parameter', () => {
    for (const { where, path, operation } of operations) {
      const names = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
      const declared = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path');
      expect(declared.map((parameter) => parameter.name).sort(), where).toEqual(names.sort());
    }
    expect(document.paths['/api/files/{path}']).toBeDefined();
  });

  it('documents the parts of multipart saves, the image as a binary part', () => {
    const create = operationAt('post', '/api/fragrances').requestBody?.content['multipart/form-data']?.schema;
    expect(create?.properties).toMatchObject({
      name: { type: 'string' },
      ofactoryWay: { type: 'string' },
      categoryId: { type: 'integer' },
      'image.file': { type: 'string', format: 'binary' },
      'translations[0][language]': { enum: ['pt-BR', 'en-US', 'es-ES'] },
      'translations[2][ofactoryWay]': { type: 'string' },
    });
    expect(create?.required).toEqual(expect.arrayContaining(['name', 'categoryId', 'image.file']));
    const update = operationAt('put', '/api/fragrances/{id}').requestBody?.content['multipart/form-data']
      ?.schema;
    expect(update?.properties).toHaveProperty('image.file');
    expect(update?.required).not.toContain('image.file');
  });

  it('describes both bodies of PUT /api/usuario/{id}: the whole user, or only {ativo}', () => {
    const body = operationAt('put', '/api/usuario/{id}').requestBody?.content['application/json']?.schema;
    expect(body).toEqual({
      anyOf: [{ $ref: '#/components/schemas/UserBody' }, { $ref: '#/components/schemas/UserToggleBody' }],
    });
    expect(document.components.schemas.UserToggleBody).toMatchObject({
      type: 'object',
      properties: { ativo: { type: 'boolean' } },
      required: ['ativo'],
      additionalProperties: false,
    });
    expect(document.components.schemas.UserBody?.required).toEqual(
      expect.arrayContaining(['email', 'nome', 'profile']),
    );
  });

  it('gives each error status its own example, 500 included on every operation', () => {
    const examples = Object.entries(document.components.responses).map(([name, answer]) => {
      const media = answer.content['application/json'] as { schema: Schema; example?: Schema };
      expect(media.example, name).toBeDefined();
      return media.example as { statusCode: number; code: string; message: string };
    });
    const byStatus = new Map(examples.map((example) => [example.statusCode, example]));
    for (const status of [400, 401, 403, 404, 409, 413, 415, 429, 500]) {
      expect(byStatus.get(status), String(status)).toBeDefined();
    }
    expect(new Set(examples.map((example) => example.code)).size).toBe(examples.length);
    expect(new Set(examples.map((example) => example.message)).size).toBe(examples.length);
    for (const [status, name] of [
      ['401', 'Unauthorized'],
      ['404', 'NotFound'],
      ['429', 'TooManyRequests'],
    ]) {
      const media = document.components.responses[name as string]?.content['application/json'] as
        | { example?: { statusCode: number; message: string } }
        | undefined;
      expect(media?.example?.statusCode).toBe(Number(status));
      expect(media?.example?.message).not.toMatch(/\{\{|\s{2}/);
    }
    for (const { where, operation } of operations) {
      expect(operation.responses['500'], where).toEqual({
        $ref: '#/components/responses/InternalServerError',
      });
    }
  });

  it('takes any RFC 3339 offset in the multipart updatedAt part, as the JSON routes do', () => {
    const parts = operationAt('put', '/api/campaigns/{id}').requestBody?.content['multipart/form-data']
      ?.schema.properties as Record<string, { format?: string; pattern?: string }>;
    const updatedAt = parts.updatedAt;
    expect(updatedAt?.format).toBe('date-time');
    const pattern = new RegExp(updatedAt?.pattern as string);
    for (const value of [
      '2026-11-23T21:40:44.123Z',
      '2026-11-23T18:40:44.123-03:00',
      '2026-11-24T07:10:44+09:30',
    ]) {
      expect(pattern.test(value), value).toBe(true);
    }
    expect(pattern.test('2026-02-30T10:00:00Z')).toBe(false);
    const auditFrom = (operationAt('get', '/api/audit').parameters ?? []).find(
      (parameter) => parameter.name === 'from',
    ) as { schema: { pattern: string } };
    expect(auditFrom.schema.pattern).toBe(updatedAt?.pattern);
  });

  it('gives category rows the spec’s fragrances beside fragranceCount', () => {
    const category = document.components.schemas.Category as { properties: Schema; required: string[] };
    expect(category.required).toEqual(expect.arrayContaining(['fragrances', 'fragranceCount']));
    expect(category.properties.fragrances).toEqual({
      type: 'array',
      items: {
        type: 'object',
        properties: { fragranceId: { type: 'integer' }, name: { type: 'string' } },
        required: ['fragranceId', 'name'],
        additionalProperties: false,
      },
    });
  });

  it('gives examples in the spec’s field names', () => {
    expect(document.components.schemas.LoginBody?.example).toEqual({
      Login: 'admin@scentia.local',
      Senha: 'Secret#123',
    });
    expect(document.components.schemas.CategoryBody?.example).toMatchObject({ name: 'Cítricos' });
    expect(document.components.parameters['list.page']).toMatchObject({ example: 1 });
  });

  it('leaves the docs page’s own routes out', () => {
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/api/docs'))).toEqual([]);
    expect(document.paths['/api/openapi.json']).toBeUndefined();
  });
});

describe('GET /api/docs', () => {
  it('answers the interactive reference without a token', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('/api/docs/static/swagger-ui-bundle.js');
    const setup = await ctx.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(setup.statusCode).toBe(200);
    expect(setup.body).toContain('"persistAuthorization":true');
    const served = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(served.json()).toEqual(document);
  });
});
