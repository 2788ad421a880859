import type { ErrorBody } from '@scentia/shared/error-codes';

/** Codes produced on the client when no answer (or no usable answer) came from the server. */
export const CLIENT_ERROR_CODE = {
  TIMEOUT: 'TIMEOUT',
  NETWORK: 'NETWORK',
  SESSION_EXPIRED: 'SESSION_EXPIRED',
  BAD_RESPONSE: 'BAD_RESPONSE',
} as const;

/**
 * Every failed call rejects with this. `message` is the server's localised message when the
 * server sent one (spec §8: "show the server-provided message"), empty otherwise, so screens can
 * fall back to their own generic text.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: ErrorBody['fields'];
  readonly retryAfterSeconds: number | undefined;

  constructor(init: {
    status: number;
    code: string;
    message?: string;
    fields?: ErrorBody['fields'];
    retryAfterSeconds?: number;
  }) {
    super(init.message ?? '');
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }

  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
