const UNIQUE_VIOLATION = '23505';

/** True when PostgreSQL refused a write for breaking a unique constraint (directly or as the cause). */
export function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } })?.cause;
  return (error as { code?: string })?.code === UNIQUE_VIOLATION || cause?.code === UNIQUE_VIOLATION;
}

/**
 * What a failure says where a person reads it (the start-up's one line): the innermost cause's own
 * message, with PostgreSQL's SQLSTATE when the database refused a statement ("permission denied for
 * table users (PostgreSQL 42501)"). Never the wrapping query error's message, which holds the statement
 * and its parameters: at start-up, the administrator's address and password hash.
 */
export function failureReason(error: unknown): string {
  let innermost = error;
  while (innermost instanceof Error && innermost.cause instanceof Error) innermost = innermost.cause;
  if (!(innermost instanceof Error)) return String(innermost);
  const code = (innermost as { code?: unknown }).code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)
    ? `${innermost.message} (PostgreSQL ${code})`
    : innermost.message;
}
