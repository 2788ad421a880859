import { STATUS_CODES } from 'node:http';
import { type ErrorBody, ErrorCode } from '@scentia/shared/error-codes';
import { DEFAULT_LANGUAGE } from '@scentia/shared/locales';
import { type MessageKey, translate } from '../i18n/translate.ts';
import { errorBodySchema } from '../lib/http-schemas.ts';
import {
  type JsonSchema,
  LIST_QUERY_PARAMETERS,
  type NamedSchemas,
  toOpenApiSchema,
} from '../lib/openapi-schemas.ts';

export const BEARER_SCHEME = 'bearerAuth';
/** The device API's scheme: the credential a device received at provisioning. */
export const DEVICE_SCHEME = 'deviceCredential';
/** Marks the route transform leaves for the document pass below, which removes them. */
export const LIST_QUERY_MARK = 'x-list-query';
export const FILE_ANSWER_MARK = 'x-file-answer';

/** The features, as routes tag them; a tag missing here leaves its operations undescribed (lint fails). */
const TAGS: Record<string, string> = {
  auth: 'Sign-in and sessions, sign-up, password recovery and changes, mail links',
  users: 'Accounts of the back-office and of the app (the spec’s `usuario`), and their export',
  profiles: 'Profiles (the spec’s `perfil`): ADMIN, OPERADOR, USER, each with its master profile',
  categories: 'Fragrance categories, named in pt-BR, en-US and es-ES',
  fragrances: 'Fragrances with their image and translations',
  campaigns: 'Campaigns: the device’s 20 slots, a cover, descriptions per language and one default campaign',
  organizations:
    'Client organisations, the owners of devices: name and CNPJ unique, a contact person, an address',
  'organization-members':
    'Members of a client organisation (Manager or Viewer, maybe limited to some locations) and their invitations',
  locations:
    'The shops and sites of an organisation, where devices stand: name unique within it, address, time zone',
  devices:
    'The diffusers: MAC address, location (and so owner), campaign, linked app user, connection from the last call; reset codes, user disconnection, schedules',
  capsules:
    'Fragrance capsules as the devices report them (read-only): serial, fragrance, remaining shots, device and slot, due date',
  quiz: 'Quizzes per campaign and language: the draft tree of questions and answers, its banks of texts, validation and publication',
  'quiz-app':
    'The mobile app’s quiz: the published quiz a campaign plays, and the events of each session played (any signed-in account)',
  initiatives:
    'Initiatives: a campaign played at locations of an organisation between two dates, proposed by staff and reviewed by an admin (approve, request changes with a mail, reject, deactivate, reopen); the dashboard’s pie by status',
  dashboard:
    'The dashboard, read from the shot counts ingestion keeps (never the raw shots): shots per campaign and per fragrance over a period of a time zone, the sites compared, their exports',
  geo: 'Countries, regions, cities and Brazilian postcodes (CEP) for the address fields',
  'brand-kit':
    'The visual identity to download: the identity text and the logo files, from the headless content service when one is configured, from the embedded kit otherwise',
  files: 'Stored files (images), through signed URLs that expire',
  health: 'Health check, and the settings the sign-in page reads',
  privacy: 'A person’s data: everything held about an account, as JSON or .xlsx, and its anonymisation',
  audit: 'The audit trail: who changed which record, when, from where, and what changed',
  imports:
    'Spreadsheet imports run as jobs (files over IMPORT_JOB_MIN_ROWS rows): their progress and their report, and cancelling them',
  device:
    'The device API, what the diffusers call with their own credential (`deviceCredential`, never a staff token): provisioning, heartbeats, shot batches, the configuration to play',
  'device-pairings':
    'The app’s device pairing: a signed-in USER links themself to a device with the reset code it shows, lists and unlinks their devices',
  notifications:
    'The quick panel’s alerts (capsules running out or past due, devices offline) with each person’s read marks, and their notification settings (the daily digest mail)',
};

const ACCESS_LEVELS = [
  'A JWT access token from `POST /api/login` (its `token`), sent as `Authorization: Bearer <token>`;',
  'it lives 15 minutes and `POST /api/login/refresh` trades the refresh token for a new pair.',
  '',
  'Each operation says who may call it in `x-access`:',
  '- `public`: anyone, no token (its `security` is empty);',
  '- `authenticated`: any signed-in account, the app’s USER profile included;',
  '- `staff`: any profile but USER (what a route that declares nothing is);',
  '- `appUser`: the app’s USER profile only;',
  '- `admin`: the ADMIN profile only;',
  '- `device`: a device credential (the `deviceCredential` scheme), no account token;',
  '- `organization`: staff, and the members of an organisation (Manager, Viewer), who see its rows only;',
  '- `organizationManager`: staff, and an organisation’s Managers, on its rows only.',
  '',
  'No token, or a session that ended, is a 401; a profile below the level is a 403.',
].join('\n');

/** Declared in the swagger options: @fastify/swagger reads it while it builds each operation. */
export const SECURITY_SCHEMES = {
  [BEARER_SCHEME]: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: ACCESS_LEVELS },
  [DEVICE_SCHEME]: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'dvc_ + 43 base64url characters',
    description: [
      'The credential `POST /api/device/provision` answered once (`dvc_…`), sent as',
      '`Authorization: Bearer <credential>` on every `/api/device/*` call. The server keeps only its SHA-256;',
      'retiring the device or allowing a new provisioning revokes it (401 `DEVICE_CREDENTIAL_INVALID`).',
    ].join('\n'),
  },
} as const;

const DESCRIPTION = [
  'The API of the Scentia back-office, for its web client, the mobile app and the devices.',
  '',
  'Field names are the spec’s (`nome`, `ativo`, `Login`, `Senha`…). Errors answer `ErrorBody`: a stable',
  '`code` and a `message` in the request’s language (`Accept-Language`: pt-BR, en-US or es-ES).',
  'Lists take the same query parameters (`page`, `perPage`, `search`, `isActive`, `orderBy`,',
  '`orderByDirection`) and answer `{ data, total, totalPages }`.',
].join('\n');

type ErrorAnswer = {
  name: string;
  description: string;
  /** The example: what a call typically gets with this status, in the default language. */
  code: ErrorCode;
  params?: Record<string, string | number>;
  fields?: { path: string; key: MessageKey; params?: Record<string, string | number> }[];
};

/** Error answers written once under `components.responses`, by status, each with its own example. */
const ERROR_ANSWERS: Record<string, ErrorAnswer> = {
  400: {
    name: 'BadRequest',
    description:
      'Refused input: `VALIDATION` names each field in `fields` (unsafe text included, on any route)',
    code: ErrorCode.VALIDATION,
    fields: [
      { path: 'name', key: 'field.tooShort', params: { min: 3 } },
      { path: 'address.street', key: 'field.tooLong', params: { max: 200 } },
    ],
  },
  401: {
    name: 'Unauthorized',
    description: 'No token, a wrong one, or a session that ended',
    code: ErrorCode.UNAUTHENTICATED,
  },
  403: {
    name: 'Forbidden',
    description: 'The signed-in profile may not do this',
    code: ErrorCode.FORBIDDEN,
  },
  404: { name: 'NotFound', description: 'No such record', code: ErrorCode.NOT_FOUND },
  409: {
    name: 'Conflict',
    description: 'The record’s state forbids it (inactive, in use, name taken…)',
    code: ErrorCode.NAME_TAKEN,
  },
  410: {
    name: 'Gone',
    description: 'The link was used already, or has expired',
    code: ErrorCode.LINK_EXPIRED,
  },
  413: {
    name: 'PayloadTooLarge',
    description: 'The body or the file is too large',
    code: ErrorCode.FILE_TOO_LARGE,
    params: { max: 5 },
  },
  415: {
    name: 'UnsupportedMediaType',
    description: 'A content type or an image format the route does not take',
    code: ErrorCode.UNSUPPORTED_IMAGE,
  },
  429: {
    name: 'TooManyRequests',
    description: 'Too many attempts: retry after `Retry-After` seconds',
    code: ErrorCode.TOO_MANY_REQUESTS,
    params: { seconds: 60 },
  },
  500: {
    name: 'InternalServerError',
    description: 'An unexpected failure; nothing was changed and no internals are told',
    code: ErrorCode.INTERNAL,
  },
  503: {
    name: 'ServiceUnavailable',
    description: 'A service the route needs does not answer',
    code: ErrorCode.GEO_UNAVAILABLE,
  },
};

function errorExample(status: string, answer: ErrorAnswer): ErrorBody {
  return {
    statusCode: Number(status),
    code: answer.code,
    message: translate(DEFAULT_LANGUAGE, answer.code, answer.params),
    ...(answer.fields
      ? {
          fields: answer.fields.map((field) => ({
            path: field.path,
            message: translate(DEFAULT_LANGUAGE, field.key, field.params),
          })),
        }
      : {}),
  };
}

const SUCCESS_ANSWERS: Record<string, string> = { 200: 'OK', 201: 'Created', 204: 'Done, no content' };

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];
const ERROR_BODY_REF = '#/components/schemas/ErrorBody';

type Operation = JsonSchema & {
  operationId: string;
  tags: string[];
  parameters?: JsonSchema[];
  responses: Record<string, JsonSchema>;
};

function isErrorBodyAnswer(answer: JsonSchema): boolean {
  const content = answer.content as Record<string, { schema?: JsonSchema }> | undefined;
  const types = Object.keys(content ?? {});
  return types.length === 1 && content?.[types[0] as string]?.schema?.$ref === ERROR_BODY_REF;
}

const errorAnswer = () => ({
  description: '',
  content: { 'application/json': { schema: { $ref: ERROR_BODY_REF } } },
});

/** Error answers as references to `components.responses`; other answers get a real description. */
function shapeAnswers(operation: Operation, responses: Record<string, JsonSchema>): void {
  const access = operation['x-access'];
  const answers = operation.responses;
  // Every route answers these (plugins/input-guard.ts, plugins/auth.ts, plugins/error-handler.ts)
  // whether or not it declares them.
  answers[400] ??= errorAnswer();
  answers[500] ??= errorAnswer();
  if (access !== 'public') answers[401] ??= errorAnswer();
  if (access === 'staff' || access === 'admin' || access === 'appUser') answers[403] ??= errorAnswer();
  const fileType = operation[FILE_ANSWER_MARK];
  if (typeof fileType === 'string') {
    answers[200] = {
      description: 'The file',
      content: { [fileType]: { schema: { type: 'string', format: 'binary' } } },
    };
  }
  delete operation[FILE_ANSWER_MARK];
  const sorted = Object.keys(answers).sort();
  operation.responses = Object.fromEntries(
    sorted.map((status) => {
      const answer = answers[status] as JsonSchema;
      if (isErrorBodyAnswer(answer)) {
        const known = ERROR_ANSWERS[status];
        const name = known?.name ?? `Error${status}`;
        const example = known ? { example: errorExample(status, known) } : {};
        responses[name] = {
          description: known?.description ?? STATUS_CODES[status],
          content: { 'application/json': { schema: { $ref: ERROR_BODY_REF }, ...example } },
        };
        return [status, { $ref: `#/components/responses/${name}` }];
      }
      if (answer.description === 'Default Response') {
        answer.description =
          SUCCESS_ANSWERS[status] ?? ERROR_ANSWERS[status]?.description ?? STATUS_CODES[status];
      }
      return [status, answer];
    }),
  );
}

/**
 * True when the operation takes every parameter of the list contract: a list whose query extends
 * `listQuerySchema` with filters of its own (`organizationId`), which the route transform cannot mark.
 */
function takesListQuery(operation: Operation): boolean {
  const names = new Set(
    (operation.parameters ?? [])
      .filter((parameter) => parameter.in === 'query')
      .map((parameter) => parameter.name),
  );
  return Object.keys(LIST_QUERY_PARAMETERS).every((name) => names.has(name));
}

/** The list contract's query parameters as references to `components.parameters`. */
function shapeListParameters(operation: Operation, parameters: Record<string, JsonSchema>): void {
  if (operation[LIST_QUERY_MARK] || takesListQuery(operation)) {
    operation.parameters = operation.parameters?.map((parameter) => {
      const name = parameter.name as string;
      const docs = LIST_QUERY_PARAMETERS[name];
      if (parameter.in !== 'query' || !docs) return parameter;
      const { schema, ...text } = docs;
      parameters[`list.${name}`] ??= { ...parameter, ...text, ...(schema ? { schema } : {}) };
      return { $ref: `#/components/parameters/list.${name}` };
    });
  }
  delete operation[LIST_QUERY_MARK];
}

/**
 * The document-level pass over what @fastify/swagger built from the routes: named schemas, shared
 * parameters and error answers under `components`, the security scheme, described tags, and a check
 * that every operationId is unique (a clash throws, naming both routes).
 */
export function shapeDocument(document: JsonSchema, named: NamedSchemas): JsonSchema {
  toOpenApiSchema(errorBodySchema, 'output', named);
  const parameters: Record<string, JsonSchema> = {};
  const responses: Record<string, JsonSchema> = {};
  const tags = new Set<string>();
  const operationIds = new Map<string, string>();
  for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, Operation>>)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const where = `${method.toUpperCase()} ${path}`;
      const clash = operationIds.get(operation.operationId);
      if (clash) throw new Error(`operationId ${operation.operationId} of ${where} is also ${clash}'s`);
      operationIds.set(operation.operationId, where);
      for (const tag of operation.tags) tags.add(tag);
      shapeListParameters(operation, parameters);
      shapeAnswers(operation, responses);
    }
  }
  const schemas = Object.fromEntries(
    [...named.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([id, { schema }]) => [id, schema]),
  );
  const sortedByKey = (record: Record<string, JsonSchema>) =>
    Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
  return {
    ...document,
    info: { ...(document.info as JsonSchema), description: DESCRIPTION },
    tags: [...tags].sort().map((name) => ({ name, description: TAGS[name] })),
    components: {
      ...(document.components as JsonSchema),
      schemas,
      parameters: sortedByKey(parameters),
      responses: sortedByKey(responses),
    },
  };
}
