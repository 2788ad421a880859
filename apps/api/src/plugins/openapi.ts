import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { type Access, DEFAULT_ACCESS } from '@scentia/shared/access.rules';
import { operationIdOf } from '@scentia/shared/audit.schemas';
import { listQuerySchema } from '@scentia/shared/list.schemas';
import type { RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import {
  type JsonSchema,
  type NamedSchemas,
  pageInfoSchema,
  toMultipartParts,
  toOpenApiSchema,
} from '../lib/openapi-schemas.ts';
import {
  BEARER_SCHEME,
  DEVICE_SCHEME,
  FILE_ANSWER_MARK,
  LIST_QUERY_MARK,
  SECURITY_SCHEMES,
  shapeDocument,
} from './openapi-document.ts';

declare module 'fastify' {
  // biome-ignore lint/style/useConsistentTypeDefinitions: declaration merging needs an interface
  interface FastifyContextConfig {
    /**
     * The parts of a multipart body, which the handler reads itself (lib/multipart-form.ts), declared
     * for the OpenAPI document only: nested objects and arrays become `translations[0][language]`
     * parts, and a `z.file()` is a binary part.
     */
    multipartBody?: z.ZodType;
    /**
     * The JSON body as the document shows it, for a route whose validating schema cannot say it: one
     * that picks its schema by the body's shape (`PUT /usuario/{id}`: the whole user, or only `{ativo}`).
     */
    documentedBody?: z.ZodType;
    /** The media type of a route answering a file rather than JSON (an .xlsx export, an image). */
    fileAnswer?: string;
  }
}

const PAGE_KEYS = ['data', 'total', 'totalPages', 'totalIsEstimate'];

type RouteSchema = Record<string, unknown> & {
  hide?: boolean;
  tags?: string[];
  operationId?: string;
  querystring?: z.ZodType;
  params?: z.ZodType;
  headers?: z.ZodType;
  body?: z.ZodType;
  response?: Record<string, z.ZodType>;
};

/** A list answer (`pageOf(row)`) as the shared `Page` wrapper plus its rows. */
function pageAnswer(schema: z.ZodType, named: NamedSchemas): JsonSchema | undefined {
  if (!(schema instanceof z.ZodObject)) return undefined;
  const keys = Object.keys(schema.shape);
  const data = schema.shape.data;
  if (keys.length !== PAGE_KEYS.length || !PAGE_KEYS.every((key) => keys.includes(key))) return undefined;
  if (!(data instanceof z.ZodArray)) return undefined;
  if (!named.has('Page')) {
    const page = toOpenApiSchema(pageInfoSchema, 'output', named);
    // Open, so that `allOf` with the rows below is satisfiable.
    delete page.additionalProperties;
    named.set('Page', { io: 'output', schema: page });
  }
  const rows = toOpenApiSchema(data.element as z.ZodType, 'output', named);
  return {
    allOf: [
      { $ref: '#/components/schemas/Page' },
      { type: 'object', required: ['data'], properties: { data: { type: 'array', items: rows } } },
    ],
  };
}

function answerSchema(schema: z.ZodType, named: NamedSchemas): JsonSchema {
  if (schema instanceof z.ZodNull) return { type: 'null' };
  return pageAnswer(schema, named) ?? toOpenApiSchema(schema, 'output', named);
}

/** A route's zod schemas as OpenAPI, with its access, security, operationId and feature tag. */
function transformRoute(route: RouteOptions, url: string, named: NamedSchemas) {
  const schema = (route.schema ?? {}) as RouteSchema;
  if (schema.hide) return { schema: { hide: true }, url };
  const { response, querystring, body, params, headers, tags, operationId, hide, ...rest } = schema;
  const access: Access = route.config?.access ?? DEFAULT_ACCESS;
  // `/files/*`: the wildcard is a named path parameter in the document.
  const documentUrl = url.replace(/\*$/, ':path');
  const method = Array.isArray(route.method) ? (route.method[0] as string) : route.method;
  const transformed: Record<string, unknown> = {
    ...rest,
    operationId: operationId ?? operationIdOf(method, documentUrl),
    tags: [tags?.[0] ?? documentUrl.split('/').filter(Boolean)[1] ?? 'api'],
    security: access === 'public' ? [] : [{ [access === 'device' ? DEVICE_SCHEME : BEARER_SCHEME]: [] }],
    'x-access': access,
  };
  if (querystring) {
    transformed.querystring = toOpenApiSchema(querystring, 'input', named);
    if (querystring === listQuerySchema) transformed[LIST_QUERY_MARK] = true;
  }
  if (params) {
    const json = toOpenApiSchema(params, 'input', named);
    const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
    if (properties['*']) {
      properties.path = { ...properties['*'], description: 'The rest of the path, `/` included.' };
      delete properties['*'];
      json.required = ['path'];
    }
    transformed.params = json;
  }
  if (headers) transformed.headers = toOpenApiSchema(headers, 'input', named);
  const documentedBody = route.config?.documentedBody ?? body;
  if (documentedBody) transformed.body = toOpenApiSchema(documentedBody, 'input', named);
  const multipartBody = route.config?.multipartBody;
  if (multipartBody) {
    transformed.body = toMultipartParts(toOpenApiSchema(multipartBody, 'input', named));
    transformed.consumes = ['multipart/form-data'];
  }
  const answers = Object.entries(response ?? {});
  transformed.response = Object.fromEntries(
    answers.map(([status, zod]) => [status, answerSchema(zod, named)]),
  );
  if (!answers.some(([status]) => status.startsWith('2'))) {
    transformed[FILE_ANSWER_MARK] = route.config?.fileAnswer ?? 'application/octet-stream';
  }
  return { schema: transformed, url: documentUrl };
}

/**
 * The OpenAPI document (`GET /api/openapi.json`) built from the routes' zod schemas, and the
 * interactive reference at `/api/docs` for the mobile app's and the devices' developers. The docs page
 * and its assets live outside `/api`'s guarded scope, so they need no token; "Authorize" takes one
 * for the calls tried from it, and keeps it across reloads.
 */
export const openapiPlugin = fp(
  async (app) => {
    // The registered schemas the routes use, collected while the document is built (once: @fastify/swagger caches it).
    const named: NamedSchemas = new Map();
    await app.register(fastifySwagger, {
      openapi: {
        openapi: '3.0.3',
        info: { title: 'Scentia API', version: '1.0.0' },
        servers: [{ url: '/' }],
        components: { securitySchemes: SECURITY_SCHEMES },
      },
      transform: ({ route, url }) => transformRoute(route, url, named) as never,
      transformObject: (document) =>
        shapeDocument((document as unknown as { openapiObject: JsonSchema }).openapiObject, named) as never,
    });
    await app.register(fastifySwaggerUi, {
      routePrefix: '/api/docs',
      uiConfig: {
        persistAuthorization: true,
        displayOperationId: true,
        docExpansion: 'none',
        filter: true,
        tryItOutEnabled: true,
      },
      // The online validator badge would call a third-party host, which the page's CSP forbids anyway.
      validatorUrl: false,
      theme: { title: 'Scentia API' },
    });
  },
  // The docs page is served under the security plugin's headers (its CSP allows what Swagger UI loads).
  { name: 'openapi', dependencies: ['security'] },
);
