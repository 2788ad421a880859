import type { ErrorCode } from '@scentia/shared/error-codes';
import { AppError } from '../app-error.ts';

/** The refusals that say a record's natural key exists already: a demo seed run again skips them. */
const TAKEN: readonly ErrorCode[] = ['NAME_TAKEN', 'CNPJ_TAKEN'];

/**
 * Demo records through a service's `create` (so its rules, search text and trail are the real ones),
 * one after the other; a body whose natural key exists (409 NAME_TAKEN, CNPJ_TAKEN) is skipped, so a
 * seed runs again without change. Any other refusal stops the seed. Answers how many were added.
 */
export async function seedRecords<Body>(
  bodies: readonly Body[],
  create: (body: Body) => Promise<unknown>,
): Promise<number> {
  let added = 0;
  for (const body of bodies) {
    try {
      await create(body);
      added += 1;
    } catch (error) {
      if (!(error instanceof AppError && TAKEN.includes(error.code))) throw error;
    }
  }
  return added;
}
