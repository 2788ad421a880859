import { type ErrorBody, ErrorCode } from '@scentia/shared/error-codes';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { fieldMessage, zodIssueMessage } from '../i18n/field-messages.ts';
import { translate } from '../i18n/translate.ts';
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
          message: zodIssueMessage(issue, request.language),
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
