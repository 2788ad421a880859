/** A JSON schema as the OpenAPI document writes it (the subset the generators read). */
export type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  default?: unknown;
};

export type Access =
  | 'public'
  | 'authenticated'
  | 'appUser'
  | 'staff'
  | 'admin'
  | 'device'
  | 'organization'
  | 'organizationManager';
/**
 * `device`: a provisioned device's credential, the only caller the device routes take; `manager` and
 * `viewer`: members of an organisation (a CLIENT account with an accepted membership).
 */
export type Role = 'anonymous' | 'user' | 'operator' | 'admin' | 'device' | 'manager' | 'viewer';

export type Parameter = { name: string; schema: Schema; required: boolean };

export type Operation = {
  method: string;
  /** As the document writes it: `/api/usuario/{id}`. */
  path: string;
  summary: string;
  access: Access;
  /** True when the document said nothing about who may call it (then `staff`, the server's default). */
  isAccessAssumed: boolean;
  pathParameters: Parameter[];
  queryParameters: Parameter[];
  jsonBody: Schema | undefined;
  /** Present for multipart operations; `{}` when the document does not describe the form's fields. */
  multipartBody: Schema | undefined;
};

type OpenApiDocument = {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: Record<string, Record<string, unknown>>;
};
type OpenApiParameter = { $ref?: string; name: string; in: string; required?: boolean; schema?: Schema };
type OpenApiOperation = {
  summary?: string;
  description?: string;
  consumes?: string[];
  'x-access'?: string;
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};

const ACCESS: readonly Access[] = [
  'public',
  'authenticated',
  'appUser',
  'staff',
  'admin',
  'device',
  'organization',
  'organizationManager',
];
const WRITE_METHODS = new Set(['post', 'put', 'patch', 'delete']);

/**
 * Which of our test roles a route's access lets in (the auth plugin's rules), the one that gets
 * furthest last (the edges are sent by it).
 */
export const ROLES_BY_ACCESS: Record<Access, Role[]> = {
  public: ['anonymous', 'user', 'manager', 'viewer', 'operator', 'admin'],
  authenticated: ['user', 'manager', 'viewer', 'operator', 'admin'],
  appUser: ['user'],
  staff: ['operator', 'admin'],
  admin: ['admin'],
  device: ['device'],
  organization: ['viewer', 'manager', 'operator', 'admin'],
  organizationManager: ['manager', 'operator', 'admin'],
};

/** Follows `$ref`s (`#/components/schemas/…`, `#/components/parameters/…`) to what they name. */
export function resolver(document: OpenApiDocument) {
  const at = (pointer: string): unknown =>
    pointer
      .replace(/^#\//, '')
      .split('/')
      .map((key) => key.replaceAll('~1', '/').replaceAll('~0', '~'))
      .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document);
  return <T extends { $ref?: string }>(node: T | undefined): T => {
    let current = (node ?? {}) as T;
    for (let hops = 0; current.$ref && hops < 20; hops += 1) current = (at(current.$ref) ?? {}) as T;
    return current;
  };
}

/**
 * Every operation of the live document, with what a request to it may carry. Multipart operations are
 * those whose request body is multipart/form-data or that declare `consumes` it.
 */
export function readOperations(document: OpenApiDocument): Operation[] {
  const resolve = resolver(document);
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (!['get', ...WRITE_METHODS].includes(method)) continue;
      const declared = operation['x-access'];
      const access = ACCESS.find((candidate) => candidate === declared) ?? 'staff';
      const parameters = (where: string) =>
        (operation.parameters ?? [])
          .map((parameter) => resolve(parameter))
          .filter((parameter) => parameter.in === where)
          .map((parameter) => ({
            name: parameter.name,
            schema: parameter.schema ?? {},
            required: parameter.required === true,
          }));
      const content = operation.requestBody?.content ?? {};
      const jsonType = Object.keys(content).find((type) => /json/.test(type));
      const isMultipart =
        'multipart/form-data' in content || (operation.consumes ?? []).includes('multipart/form-data');
      operations.push({
        method: method.toUpperCase(),
        path,
        summary: `${operation.summary ?? ''} ${operation.description ?? ''}`,
        access,
        isAccessAssumed: declared === undefined,
        pathParameters: parameters('path'),
        queryParameters: parameters('query'),
        jsonBody: jsonType ? (content[jsonType]?.schema ?? {}) : undefined,
        multipartBody: isMultipart ? (content['multipart/form-data']?.schema ?? {}) : undefined,
      });
    }
  }
  return operations;
}

/** Every property, parameter and enum name the document mentions, and what its descriptions quote. */
export function vocabularyOf(document: OpenApiDocument): { names: string[]; values: string[] } {
  const names = new Set<string>();
  const values = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(walk);
      return;
    }
    if (!node || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    if (record.properties && typeof record.properties === 'object') {
      for (const name of Object.keys(record.properties)) names.add(name);
    }
    if (Array.isArray(record.enum)) {
      for (const value of record.enum) if (typeof value === 'string') values.add(value);
    }
    if (typeof record.name === 'string' && typeof record.in === 'string') names.add(record.name);
    // Names a description quotes, such as the sort names a list accepts.
    if (typeof record.description === 'string') {
      for (const [, quoted] of record.description.matchAll(/`([^`\s]{1,40})`/g)) values.add(quoted as string);
    }
    for (const value of Object.values(record)) walk(value);
  };
  walk(document);
  return { names: [...names].sort(), values: [...values].sort() };
}

/**
 * The field names an operation's summary mentions: words the document uses as property names, or that
 * read as identifiers (`image.file`, `categoryId`, `translations[i][name]`). A multipart form the
 * document does not describe yet is named there.
 */
export function summaryFieldNames(operation: Operation, knownNames: string[]): string[] {
  const words = operation.summary.match(/[a-zA-Z][\w.]*(\[[^\]\s,]*\])*/g) ?? [];
  const fields = words
    .filter((word) => knownNames.includes(word) || /[.[]|[a-z][A-Z]/.test(word))
    .map((word) => word.replace(/\[i\]/g, '[0]').replace(/\[…\]/g, '[name]'));
  return [...new Set(fields)];
}
