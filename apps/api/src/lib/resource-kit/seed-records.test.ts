import { ErrorCode } from '@scentia/shared/error-codes';
import { describe, expect, it } from 'vitest';
import { AppError } from '../app-error.ts';
import { seedRecords } from './seed-records.ts';

describe('seedRecords', () => {
  it('creates each body in turn and skips those whose name or CNPJ is taken', async () => {
    const created: string[] = [];
    const added = await seedRecords(['a', 'b', 'c', 'd'], async (body) => {
      if (body === 'b') throw new AppError(ErrorCode.NAME_TAKEN);
      if (body === 'c') throw new AppError(ErrorCode.CNPJ_TAKEN);
      created.push(body);
    });
    expect(added).toBe(2);
    expect(created).toEqual(['a', 'd']);
  });

  it('stops at any other refusal', async () => {
    const refused = seedRecords(['a'], async () => {
      throw new AppError(ErrorCode.VALIDATION);
    });
    await expect(refused).rejects.toMatchObject({ code: ErrorCode.VALIDATION });
  });
});
