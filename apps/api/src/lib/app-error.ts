import { ErrorCode } from '@scentia/shared/error-codes';
import type { MessageKey } from '../i18n/translate.ts';

export type FieldProblem = { path: string; key: MessageKey; params?: Record<string, string | number> };

/** A 400 naming the fields at fault, for rules a request schema cannot express. */
export function invalidFields(...fields: FieldProblem[]): AppError {
  return new AppError(ErrorCode.VALIDATION, { fields });
}

const statusByCode: Record<ErrorCode, number> = {
  VALIDATION: 400,
  INVALID_JSON: 400,
  BODY_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNSUPPORTED_CHARSET: 415,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  UNAUTHENTICATED: 401,
  TOKEN_EXPIRED: 401,
  INVALID_CREDENTIALS: 401,
  ACCOUNT_INACTIVE: 401,
  ACCOUNT_UNCONFIRMED: 401,
  INVALID_REFRESH_TOKEN: 401,
  FORBIDDEN: 403,
  ADMIN_ONLY: 403,
  TOO_MANY_REQUESTS: 429,
  CONFLICT: 409,
  LINK_INVALID: 400,
  LINK_USED: 410,
  LINK_EXPIRED: 410,
  LINK_WRONG_KIND: 400,
  PASSWORD_REQUIRED: 400,
  PASSWORD_NOT_EXPECTED: 400,
  CURRENT_PASSWORD_WRONG: 400,
  EMAIL_TAKEN: 409,
  ALREADY_CONFIRMED: 409,
  PROFILE_NOT_FOUND: 400,
  PROFILE_NOT_ALLOWED: 403,
  OWN_RECORD_ONLY: 403,
  USER_CONFIRMED: 409,
  USER_UNCONFIRMED: 409,
  SELF_DEACTIVATION: 409,
  SELF_ANONYMISATION: 409,
  LAST_ACTIVE_ADMIN: 409,
  ALREADY_ANONYMISED: 409,
  ACCOUNT_ANONYMISED: 409,
  POSTCODE_NOT_FOUND: 404,
  GEO_UNAVAILABLE: 503,
  CONTENT_UNAVAILABLE: 503,
  NAME_TAKEN: 409,
  RECORD_INACTIVE: 409,
  CATEGORY_HAS_FRAGRANCES: 409,
  FRAGRANCE_IN_COLLECTION: 409,
  CAMPAIGN_IS_DEFAULT: 409,
  CNPJ_TAKEN: 409,
  ORGANIZATION_HAS_LOCATIONS: 409,
  ORGANIZATION_INACTIVE: 409,
  CAMPAIGN_NO_SLOT: 400,
  CAMPAIGN_DUPLICATE_FRAGRANCE: 400,
  QUIZ_CAMPAIGN_TAKEN: 409,
  CAMPAIGN_INACTIVE: 409,
  QUIZ_QUESTION_REQUIRED: 400,
  QUIZ_ANSWERS_REQUIRED: 400,
  QUIZ_ANSWER_REQUIRED: 400,
  QUIZ_FRAGRANCE_REQUIRED: 400,
  QUIZ_NEXT_REQUIRED: 400,
  QUIZ_FRAGRANCE_DUPLICATE: 400,
  QUIZ_FRAGRANCE_NOT_IN_COLLECTION: 400,
  QUIZ_MOVE_NOT_PERMITTED: 400,
  QUIZ_NO_QUESTION: 409,
  QUIZ_INVALID: 400,
  QUIZ_ALREADY_VALIDATED: 409,
  QUIZ_NOT_VALIDATED: 409,
  QUIZ_ALREADY_PUBLISHED: 409,
  QUIZ_NOT_PUBLISHED: 409,
  QUIZ_SESSION_ABANDONED: 409,
  CAMPAIGN_SLOT_HAS_ANSWER: 409,
  CAMPAIGN_HAS_QUIZ: 409,
  DEVICE_MAC_TAKEN: 409,
  LOCATION_INACTIVE: 409,
  LOCATION_HAS_DEVICES: 409,
  CAMPAIGN_HAS_DEVICES: 409,
  DEVICE_HAS_SHOTS: 409,
  DEVICE_NO_USER: 409,
  USER_NO_DEVICE: 409,
  DEVICE_NOT_PROVISIONED: 409,
  DEVICE_CREDENTIAL_INVALID: 401,
  PROVISIONING_KEY_INVALID: 401,
  DEVICE_NOT_REGISTERED: 404,
  DEVICE_ALREADY_PROVISIONED: 409,
  DEVICE_RETIRED: 409,
  DEVICE_SLOT_EMPTY: 409,
  PAIRING_CODE_INVALID: 400,
  DEVICE_HAS_USER: 409,
  STALE_RECORD: 409,
  RECORD_ACTIVE: 409,
  UNSUPPORTED_IMAGE: 415,
  IMAGE_UNREADABLE: 400,
  FILE_TOO_LARGE: 413,
  MALFORMED_MULTIPART: 400,
  IMAGE_REQUIRED: 400,
  STORAGE_UNAVAILABLE: 503,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
  INITIATIVE_TRANSITION_REFUSED: 409,
  INITIATIVE_NOT_EDITABLE: 409,
  INITIATIVE_OVERLAP: 409,
  NOT_A_MEMBER: 401,
  MEMBER_EMAIL_NOT_CLIENT: 409,
  MEMBER_OF_ANOTHER_ORGANIZATION: 409,
  MEMBER_ALREADY: 409,
  LAST_MANAGER: 409,
  MEMBER_ORGANIZATION_INACTIVE: 409,
};

/**
 * The one error type services throw. The error handler turns the code into the HTTP status and a
 * message in the request's language; `params` fill the message's placeholders.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly params: Record<string, string | number>;
  readonly headers: Record<string, string>;
  /** Field-level problems, as message keys the error handler translates. */
  readonly fields: FieldProblem[];

  constructor(
    code: ErrorCode,
    options: {
      params?: Record<string, string | number>;
      headers?: Record<string, string>;
      fields?: FieldProblem[];
    } = {},
  ) {
    super(code);
    this.name = 'AppError';
    this.code = code;
    this.statusCode = statusByCode[code];
    this.params = options.params ?? {};
    this.headers = options.headers ?? {};
    this.fields = options.fields ?? [];
  }
}

export function tooManyRequests(retryAfterSeconds: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError(ErrorCode.TOO_MANY_REQUESTS, {
    params: { seconds },
    headers: { 'retry-after': String(seconds) },
  });
}
