import { type ErrorBody, ErrorCode } from '@scentia/shared/error-codes';
import type { Language } from '@scentia/shared/locales';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  type ZodFastifySchemaValidationError,
} from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { isMessageKey, type MessageKey, translate } from '../i18n/translate.ts';
import { AppError } from '../lib/app-error.ts';
import { isDatabaseOverloaded, OVERLOAD_RETRY_AFTER_SECONDS } from '../lib/database-overload.ts';
import { resolveLanguage } from './i18n.ts';

/** Fastify's own client errors, mapped onto our codes so their messages are localised too. */
const fastifyCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: ErrorCode.INVALID_JSON,
  FST_ERR_CTP_EMPTY_JSON_BODY: ErrorCode.INVALID_JSON,
  FST_ERR_CTP_BODY_TOO_LARGE: ErrorCode.BODY_TOO_LARGE,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ErrorCode.VALIDATION,
  FST_ERR_VALIDATION: ErrorCode.VALIDATION,
};

const codeByStatus: Record<number, ErrorCode> = {
  400: ErrorCode.VALIDATION,
  401: ErrorCode.UNAUTHENTICATED,
  403: ErrorCode.FORBIDDEN,
  404: ErrorCode.NOT_FOUND,
  405: ErrorCode.METHOD_NOT_ALLOWED,
  409: ErrorCode.CONFLICT,
  413: ErrorCode.BODY_TOO_LARGE,
  415: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
  429: ErrorCode.TOO_MANY_REQUESTS,
};

/**
 * The numbers a field message may name, from the issue itself: a limit set with a message key
 * (`.max(200, { error: 'tooLong' })`) names its number exactly like a bare `.max(200)` does.
 */
function messageParams(params: Record<string, unknown>): Record<string, string | number> {
  const named: Record<string, string | number> = {};
  if (params.minimum !== undefined) named.min = Number(params.minimum);
  if (params.maximum !== undefined) named.max = Number(params.maximum);
  if (Array.isArray(params.keys)) named.keys = params.keys.join(', ');
  return named;
}

function fieldMessageKey(
  issue: ZodFastifySchemaValidationError,
  params: Record<string, unknown>,
): MessageKey {
  const custom = `field.${issue.message}`;
  if (isMessageKey(custom)) return custom;
  switch (issue.keyword) {
    case 'invalid_type':
      return /received undefined/.test(issue.message ?? '') ? 'field.required' : 'field.invalidType';
    case 'too_small':
      if (params.origin === 'string')
        return Number(params.minimum) <= 1 ? 'field.required' : 'field.tooShort';
      return params.origin === 'array' ? 'field.tooFewItems' : 'field.tooSmall';
    case 'too_big':
      if (params.origin === 'string') return 'field.tooLong';
      return params.origin === 'array' ? 'field.tooManyItems' : 'field.tooBig';
    case 'unrecognized_keys':
      return 'field.unknown';
    case 'invalid_format':
      return params.format === 'email' ? 'field.invalidEmail' : 'field.invalid';
    case 'invalid_value':
      return 'field.invalidOption';
    default:
      return 'field.invalid';
  }
}

function fieldMessage(issue: ZodFastifySchemaValidationError, language: Language): string {
  const params = issue.params as Record<string, unknown>;
  return translate(language, fieldMessageKey(issue, params), messageParams(params));
}

function send(
  reply: FastifyReply,
  request: FastifyRequest,
  status: number,
  code: ErrorCode,
  extra: Partial<ErrorBody> & { params?: Record<string, string | number> } = {},
) {
  const { params, ...rest } = extra;
  const body: ErrorBody = {
    statusCode: status,
    code,
    message: translate(request.language, code, params),
    ...rest,
  };
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/**
 * Errors Fastify raises before any hook or route runs — a URL it cannot decode, a path parameter past
 * its length — would otherwise get Fastify's own English body, which echoes the URL. Given to Fastify as
 * `frameworkErrors`, they are answered like every other client error, in the request's language.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.language = resolveLanguage(request);
  reply.header('content-language', request.language);
  const status = error.statusCode ?? 400;
  if (status >= 500) {
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, request, 500, ErrorCode.INTERNAL);
  }
  request.log.info({ err: error }, 'client error');
  return send(reply, request, status, codeByStatus[status] ?? ErrorCode.VALIDATION);
}

/**
 * The single place errors become answers: known errors get their status and a message in the
 * request's language; anything else is logged whole and answered as a bare 500 without internals.
 */
export const errorHandlerPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      if (error instanceof AppError) {
        reply.headers(error.headers);
        const fields = error.fields.map((field) => ({
          path: field.path,
          message: translate(request.language, field.key, field.params),
        }));
        return send(reply, request, error.statusCode, error.code, {
          params: error.params,
          ...(fields.length > 0 ? { fields } : {}),
        });
      }
      if (error instanceof ZodError) {
        // Bodies validated after parsing (multipart forms) report exactly like route schemas do.
        const fields = error.issues.map((issue) => ({
          path: issue.path.join('.') || 'body',
          message: fieldMessage(
            {
              keyword: issue.code,
              instancePath: `/${issue.path.join('/')}`,
              message: issue.message,
              params: issue,
            } as never,
            request.language,
          ),
        }));
        return send(reply, request, 400, ErrorCode.VALIDATION, { fields });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const fields = error.validation.map((issue) => ({
          path:
            (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') ||
            (error.validationContext ?? ''),
          message: fieldMessage(issue, request.language),
        }));
        return send(reply, request, 400, ErrorCode.VALIDATION, { fields });
      }
      const mapped = error.code ? fastifyCodes[error.code] : undefined;
      const status = error.statusCode ?? 500;
      if (mapped) return send(reply, request, status >= 400 && status < 500 ? status : 400, mapped);
      if (status >= 400 && status < 500) {
        request.log.info({ err: error }, 'client error');
        return send(reply, request, status, codeByStatus[status] ?? ErrorCode.VALIDATION);
      }
      if (isDatabaseOverloaded(error)) {
        // Every connection busy for longer than the pool waits: a fleet's devices retry later, and an
        // operator sees a warning with 503s in the metrics rather than errors with 500s.
        request.log.warn({ err: error }, 'database overloaded');
        reply.header('retry-after', String(OVERLOAD_RETRY_AFTER_SECONDS));
        return send(reply, request, 503, ErrorCode.SERVICE_UNAVAILABLE);
      }
      request.log.error({ err: error }, 'unhandled error');
      return send(reply, request, 500, ErrorCode.INTERNAL);
    });
  },
  { name: 'error-handler', dependencies: ['i18n'] },
);
