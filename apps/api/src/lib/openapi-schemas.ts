import { auditChangeSchema, auditEventSchema } from '@scentia/shared/audit.schemas';
import {
  currentUserSchema,
  loginBodySchema,
  logoutBodySchema,
  publicConfigSchema,
  refreshBodySchema,
  temporaryRequestBodySchema,
  temporaryRequestResultSchema,
  tokenPairSchema,
} from '@scentia/shared/auth.schemas';
import { categoryBodySchema, categoryRowSchema } from '@scentia/shared/categories.schemas';
import { PAGE_SIZES } from '@scentia/shared/constants';
import { fragranceBodySchema, fragranceRowSchema } from '@scentia/shared/fragrances.schemas';
import { citySchema, countrySchema, postcodeAnswerSchema, regionSchema } from '@scentia/shared/geo.schemas';
import { pageOf } from '@scentia/shared/list.schemas';
import { locationListQuerySchema } from '@scentia/shared/locations.schemas';
import { profileOptionSchema, profileRowSchema } from '@scentia/shared/profiles.schemas';
import { userBodySchema, userRowSchema, userToggleBodySchema } from '@scentia/shared/users.schemas';
import { z } from 'zod';
import { errorBodySchema } from './http-schemas.ts';

/**
 * The names the OpenAPI document gives to shared schemas. A schema registered here is written once
 * under `components.schemas` and referenced wherever a route uses that very schema object (nested or
 * not); schemas a route builds inline stay inline. Registered from the API side so packages/shared
 * stays free of documentation concerns. `example` uses the spec's field names. What a field means (a
 * unit, an encoding, a numbering) is not a name: it is said with the contract, `.describe()` in
 * packages/shared, and reaches the document through `toOpenApiSchema`.
 */
type OpenApiMeta = { id?: string; description?: string; example?: unknown };
const openApiRegistry = z.registry<OpenApiMeta>();

const named: [z.ZodType, OpenApiMeta][] = [
  [
    errorBodySchema,
    {
      id: 'ErrorBody',
      description:
        'Every error answer: a stable `code` to branch on and a `message` in the request language ' +
        '(`Accept-Language` / `Content-Language`); `fields` names each refused field of a 400.',
      example: {
        statusCode: 400,
        code: 'VALIDATION',
        message: 'Os dados enviados são inválidos.',
        fields: [{ path: 'name', message: 'Deve ter no mínimo 3 caracteres.' }],
      },
    },
  ],
  [
    loginBodySchema,
    {
      id: 'LoginBody',
      description: 'Either `{Login, Senha}` (the spec) or `{email, password}`.',
      example: { Login: 'admin@scentia.local', Senha: 'Secret#123' },
    },
  ],
  [refreshBodySchema, { id: 'RefreshBody', example: { Login: 'admin@scentia.local', Refresh: '4f1c0e…' } }],
  [logoutBodySchema, { id: 'LogoutBody' }],
  [tokenPairSchema, { id: 'TokenPair' }],
  [currentUserSchema, { id: 'CurrentUser' }],
  [publicConfigSchema, { id: 'PublicConfig' }],
  [temporaryRequestBodySchema, { id: 'TemporaryRequestBody' }],
  [temporaryRequestResultSchema, { id: 'TemporaryRequestResult' }],
  [userBodySchema, { id: 'UserBody' }],
  [
    userToggleBodySchema,
    {
      id: 'UserToggleBody',
      description: 'Only `ativo`: activates or deactivates the account (the list’s toggle).',
      example: { ativo: false },
    },
  ],
  [userRowSchema, { id: 'User' }],
  [profileRowSchema, { id: 'Profile' }],
  [profileOptionSchema, { id: 'ProfileOption' }],
  [
    categoryBodySchema,
    {
      id: 'CategoryBody',
      example: {
        name: 'Cítricos',
        translations: [
          { language: 'en-US', name: 'Citrus' },
          { language: 'es-ES', name: 'Cítricos' },
        ],
      },
    },
  ],
  [categoryRowSchema, { id: 'Category' }],
  [fragranceBodySchema, { id: 'FragranceBody' }],
  [fragranceRowSchema, { id: 'Fragrance' }],
  [countrySchema, { id: 'Country' }],
  [regionSchema, { id: 'Region' }],
  [citySchema, { id: 'City' }],
  [postcodeAnswerSchema, { id: 'PostcodeAnswer' }],
  [auditEventSchema, { id: 'AuditEvent' }],
  [auditChangeSchema, { id: 'AuditChange' }],
  [
    locationListQuerySchema.shape.organizationId,
    { description: "Only this organisation's locations; every organisation's when absent." },
  ],
];
for (const [schema, meta] of named) openApiRegistry.add(schema, meta);

/** The page wrapper of every list answer (`pageOf` in packages/shared), without its rows. */
export const pageInfoSchema = pageOf(z.never()).omit({ data: true });

/**
 * The list contract's query parameters (spec §7), written once under `components.parameters` and
 * referenced by every route whose querystring is `listQuerySchema`. Examples only where every list
 * accepts them: Swagger UI fills them in when a call is tried, and sort names differ per resource.
 */
export const LIST_QUERY_PARAMETERS: Record<
  string,
  { description: string; example?: unknown; schema?: Record<string, unknown> }
> = {
  page: { description: 'Page number, from 1.', example: 1 },
  // Refinements do not reach JSON Schema: the page sizes and directions are spelled out here.
  perPage: {
    description: 'Rows a page: 10, 20 or 50.',
    example: 10,
    schema: { type: 'integer', enum: [...PAGE_SIZES], default: 10 },
  },
  search: { description: 'Text searched in the resource’s searchable columns (at most 100 characters).' },
  FilterString: { description: 'Alias of `search`, as the spec’s older screens send it.' },
  isActive: {
    description: '`true`: active rows only; `false`: inactive rows only; absent: both.',
    example: 'true',
  },
  orderBy: {
    description:
      'A sort name the resource accepts, as its screen sends it (`name` for categories, `User.Nome` for users…); any other is a 400.',
  },
  orderByDirection: {
    description: '`asc` or `desc` (any case).',
    example: 'desc',
    schema: { type: 'string', enum: ['asc', 'desc'], default: 'desc' },
  },
};

export type JsonSchema = Record<string, unknown>;
type Io = 'input' | 'output';

const DEFINITIONS_REF = '#/definitions/';
const COMPONENTS_REF = '#/components/schemas/';

/**
 * Rewrites zod's `#/definitions/X` references to `#/components/schemas/X`, in place, and drops the
 * ±2^53 bounds zod writes on every integer (they say nothing a client needs).
 */
function pointAtComponents(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) pointAtComponents(item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const record = node as Record<string, unknown>;
  if (typeof record.$ref === 'string' && record.$ref.startsWith(DEFINITIONS_REF)) {
    record.$ref = COMPONENTS_REF + record.$ref.slice(DEFINITIONS_REF.length);
  }
  if (record.minimum === Number.MIN_SAFE_INTEGER) delete record.minimum;
  if (record.maximum === Number.MAX_SAFE_INTEGER) delete record.maximum;
  for (const value of Object.values(record)) pointAtComponents(value);
}

/** A registered schema's JSON, and which side of the API (request or answer) it was written for. */
export type NamedSchemas = Map<string, { io: Io; schema: JsonSchema }>;

/**
 * A zod schema as an OpenAPI 3.0 schema. Registered schemas inside it become references, and their
 * bodies are collected in `named`. One name is one schema: a registered schema used both in requests
 * and in answers must read the same on both sides, or the document refuses to build (register an
 * input and an output schema under two names instead).
 */
export function toOpenApiSchema(schema: z.ZodType, io: Io, named: NamedSchemas): JsonSchema {
  const json = z.toJSONSchema(schema, {
    target: 'openapi-3.0',
    io,
    metadata: openApiRegistry,
    unrepresentable: 'any',
    cycles: 'ref',
    reused: 'inline',
    // What a field means (its unit, encoding, numbering) is said once, with the contract in packages/shared
    // (`.describe()`); the names and examples above are the document's own.
    override: ({ zodSchema, jsonSchema }) => {
      const description = z.globalRegistry.get(zodSchema)?.description;
      if (description && jsonSchema.description === undefined) jsonSchema.description = description;
    },
  }) as JsonSchema;
  const definitions = (json.definitions ?? {}) as Record<string, JsonSchema>;
  delete json.definitions;
  delete json.$schema;
  pointAtComponents(json);
  for (const [id, body] of Object.entries(definitions)) {
    pointAtComponents(body);
    const known = named.get(id);
    if (known && known.io !== io && JSON.stringify(known.schema) !== JSON.stringify(body)) {
      throw new Error(`The OpenAPI schema ${id} reads differently in requests and in answers`);
    }
    if (!known) named.set(id, { io, schema: body });
  }
  return json;
}

/** An object schema's properties, and the array items' schema, as the flattening below reads them. */
function propertiesOf(schema: JsonSchema): [string, JsonSchema][] {
  return Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>);
}

/**
 * A multipart form's parts as the API reads them (lib/multipart-form.ts): nested objects and arrays
 * travel as bracketed names, `translations[0][language]`, one part per value; an array is spelled out
 * up to its `maxItems` (else once). Files are `string`/`binary`.
 */
export function toMultipartParts(schema: JsonSchema): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const visit = (node: JsonSchema, name: string, isRequired: boolean) => {
    if (node.type === 'array' && node.items) {
      const count = typeof node.maxItems === 'number' ? node.maxItems : 1;
      for (let index = 0; index < count; index += 1) {
        visit(node.items as JsonSchema, `${name}[${index}]`, false);
      }
      return;
    }
    if (node.type === 'object' && node.properties) {
      const requiredKeys = new Set((node.required ?? []) as string[]);
      for (const [key, child] of propertiesOf(node)) {
        visit(child, `${name}[${key}]`, isRequired && requiredKeys.has(key));
      }
      return;
    }
    properties[name] = node;
    if (isRequired) required.push(name);
  };
  const topRequired = new Set((schema.required ?? []) as string[]);
  for (const [key, child] of propertiesOf(schema)) visit(child, key, topRequired.has(key));
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
}
