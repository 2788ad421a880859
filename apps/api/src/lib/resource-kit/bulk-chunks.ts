import { ErrorCode } from '@scentia/shared/error-codes';
import { AppError } from '../app-error.ts';

/**
 * What one row of a bulk action's chunk came to, as its single command would have answered: done,
 * unchanged (already as asked), or the command's refusal (a 404 when the record is gone or out of scope).
 */
export type RowOutcome = 'done' | 'unchanged' | AppError;

/**
 * The pieces every chunk-at-once action is made of (`recordStates(…).bulk`, devices' retire and move,
 * users' state changes and resending the mail): every id `notFound` until its record is read, the rule
 * asked of each record as its single command asks it, one statement for the allowed ones, and what
 * that statement skipped answered by the rule on the record as it is now.
 */

/** A chunk's outcomes before its records are read: each id `notFound` (unknown, or outside the scope). */
export function notFoundOutcomes(ids: number[]): Map<number, RowOutcome> {
  return new Map<number, RowOutcome>(ids.map((id) => [id, new AppError(ErrorCode.NOT_FOUND)]));
}

/** The refusal `work` throws (a 4xx), as a row's outcome; undefined when it passes. A 5xx is thrown on. */
export async function refusalOf(work: () => unknown): Promise<AppError | undefined> {
  try {
    await work();
    return undefined;
  } catch (error) {
    if (error instanceof AppError && error.statusCode < 500) return error;
    throw error;
  }
}

/**
 * The records of a chunk the single command's rule allows, the others' outcomes set in `outcomes`: a
 * record already as asked (`isAsked`) is `unchanged` before the rule is asked, as a bulk action always
 * answered it; one `check` refuses gets that refusal, with the command's code and message.
 */
export async function sortByRule<Record extends { id: number }>(
  records: Record[],
  outcomes: Map<number, RowOutcome>,
  rule: { isAsked: (record: Record) => boolean; check: (record: Record) => unknown },
): Promise<Record[]> {
  const allowed: Record[] = [];
  for (const record of records) {
    if (rule.isAsked(record)) {
      outcomes.set(record.id, 'unchanged');
      continue;
    }
    const refused = await refusalOf(() => rule.check(record));
    if (refused) outcomes.set(record.id, refused);
    else allowed.push(record);
  }
  return allowed;
}

/**
 * After the chunk's one statement: each allowed id it wrote is `done`; one it skipped (a change made
 * meanwhile, a hold in the statement) is answered by `changed`, the rule on the record as it is now.
 */
export async function settleWritten(
  outcomes: Map<number, RowOutcome>,
  allowed: number[],
  written: Iterable<number>,
  changed: (id: number) => Promise<RowOutcome>,
): Promise<Map<number, RowOutcome>> {
  const wrote = new Set(written);
  for (const id of allowed) outcomes.set(id, wrote.has(id) ? 'done' : await changed(id));
  return outcomes;
}
