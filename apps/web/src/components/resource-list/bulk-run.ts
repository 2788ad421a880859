import {
  BULK_CHUNK_SIZE,
  type BulkAction,
  type BulkAnswer,
  type BulkBody,
  type BulkRowResult,
} from '@scentia/shared/record-bulk.schemas';

export type BulkOutcome = BulkRowResult['outcome'];
export const BULK_OUTCOMES: readonly BulkOutcome[] = ['done', 'unchanged', 'refused', 'notFound'];

/** Sends one chunk (`POST …/bulk`); `signal` aborts it when the person closes the page. */
export type BulkSend = (body: BulkBody, signal?: AbortSignal) => Promise<BulkAnswer>;

export type BulkRunOptions = {
  action: BulkAction;
  ids: readonly number[];
  values?: BulkBody['values'];
  send: BulkSend;
  /** Rows answered so far, after each chunk. */
  onProgress?: (done: number, total: number) => void;
  /** Asked before each chunk after the first: true stops sending (the chunk under way finishes). */
  isCancelled?: () => boolean;
  signal?: AbortSignal;
};

export type BulkRunResult = {
  actionId: string | undefined;
  results: BulkRowResult[];
  /** The ids never sent because the person cancelled. */
  notSent: number[];
};

/**
 * Runs a bulk action over a selection the way the contract asks (record-bulk.schemas.ts): chunks of
 * BULK_CHUNK_SIZE ids, one after the other, each after the first carrying the `actionId` the first
 * answer named, so every row's audit event names the same action. A cancel stops before the next
 * chunk; a failed chunk (network, 4xx) stops the run and rejects with the results so far attached.
 */
export async function runBulk(options: BulkRunOptions): Promise<BulkRunResult> {
  const { action, ids, values, send } = options;
  const results: BulkRowResult[] = [];
  let actionId: string | undefined;
  for (let start = 0; start < ids.length; start += BULK_CHUNK_SIZE) {
    if (start > 0 && options.isCancelled?.()) {
      return { actionId, results, notSent: ids.slice(start) };
    }
    const chunk = ids.slice(start, start + BULK_CHUNK_SIZE);
    const body: BulkBody = {
      action,
      ids: chunk,
      ...(actionId ? { actionId } : {}),
      ...(values ? { values } : {}),
    };
    try {
      const answer = await send(body, options.signal);
      actionId = answer.actionId;
      results.push(...answer.results);
    } catch (error) {
      throw new BulkRunError(error, { actionId, results, notSent: ids.slice(start) });
    }
    options.onProgress?.(Math.min(start + chunk.length, ids.length), ids.length);
  }
  return { actionId, results, notSent: [] };
}

/** A chunk failed: `cause` is the call's error, `partial` what the chunks before it answered. */
export class BulkRunError extends Error {
  constructor(
    override readonly cause: unknown,
    readonly partial: BulkRunResult,
  ) {
    super('bulk run stopped');
  }
}

export function countOutcomes(results: readonly BulkRowResult[]): Record<BulkOutcome, number> {
  const counts: Record<BulkOutcome, number> = { done: 0, unchanged: 0, refused: 0, notFound: 0 };
  for (const result of results) counts[result.outcome] += 1;
  return counts;
}

type CsvTexts = {
  header: readonly [id: string, name: string, outcome: string, message: string];
  outcome: (outcome: BulkOutcome) => string;
  /** `;` where spreadsheets read the comma as the decimal mark (pt-BR, es-ES), `,` otherwise. */
  separator: ',' | ';';
};

// A cell a spreadsheet would read as a formula is kept as text (CSV injection).
const FORMULA_START = /^[=+\-@\t\r]/;

function csvCell(value: string | number | null, separator: string): string {
  let text = value === null ? '' : String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /["\r\n]/.test(text) || text.includes(separator) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The downloadable result (id, name, outcome, message), one line per row, UTF-8 with a byte-order
 * mark so that Excel reads the accents.
 */
export function bulkResultCsv(results: readonly BulkRowResult[], texts: CsvTexts): string {
  const { separator } = texts;
  const line = (cells: (string | number | null)[]) =>
    cells.map((cell) => csvCell(cell, separator)).join(separator);
  const lines = [
    line([...texts.header]),
    ...results.map((result) => line([result.id, result.name, texts.outcome(result.outcome), result.message])),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
