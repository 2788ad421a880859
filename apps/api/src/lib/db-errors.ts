const UNIQUE_VIOLATION = '23505';

/** True when PostgreSQL refused a write for breaking a unique constraint (directly or as the cause). */
export function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } })?.cause;
  return (error as { code?: string })?.code === UNIQUE_VIOLATION || cause?.code === UNIQUE_VIOLATION;
}
