import { ErrorCode } from '@scentia/shared/error-codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locations, organizations } from '../src/db/schema/index.ts';
import {
  cnpjKey,
  existingByColumn,
  nameKey,
  nameNaturalKey,
  uniqueColumn,
} from '../src/lib/resource-kit/import/import-lookups.ts';
import { createTestApp, type TestContext } from './test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function organization(name: string, cnpj: string) {
  const [row] = await ctx.db
    .insert(organizations)
    .values({ name, legalName: `${name} Ltda`, cnpj })
    .returning({ id: organizations.id });
  if (!row) throw new Error('Organisation not created');
  return row.id;
}

describe('the import’s kit lookups', () => {
  it('finds a record by its name, the active one first where an inactive one has the same name', async () => {
    const [first, second] = [
      await organization('Norte', '11222333000181'),
      await organization('Sul', '11444777000161'),
    ];
    const [active] = await ctx.db
      .insert(locations)
      .values({ organizationId: first, name: 'Loja Única', city: 'Recife' })
      .returning({ id: locations.id });
    // The newer one with the same name is inactive: the active one is still the one found.
    await ctx.db
      .insert(locations)
      .values({ organizationId: second, name: 'loja unica', city: 'Natal', deletedAt: new Date() });
    const key = nameNaturalKey.of({ name: 'LOJA ÚNICA' });
    const found = await existingByColumn(locations, locations.searchName)(ctx.db, [key]);
    expect(found.get(key)).toMatchObject({ id: active?.id, isActive: true });
  });

  it('answers who holds another unique value by the natural key, for a CNPJ of a record keyed by its name', async () => {
    const unique = uniqueColumn<{ cnpj: string | null }>(
      organizations,
      { column: 'cnpj', stored: organizations.cnpj, key: (body) => body.cnpj, code: ErrorCode.CNPJ_TAKEN },
      organizations.searchName,
    );
    const taken = await unique.findTaken?.(ctx.db, ['11222333000181', '99999999000191']);
    expect(Object.fromEntries(taken ?? [])).toEqual({ '11222333000181': 'norte' });
    expect(unique.key({ cnpj: null })).toBeNull();
  });

  it('keys an import by its CNPJ in one declaration: the record holding it, and the names others hold', async () => {
    const key = cnpjKey<{ name: string; cnpj: string }>(organizations);
    expect(key.naturalKey).toMatchObject({ column: 'cnpj' });
    expect(key.naturalKey.of({ name: 'Norte', cnpj: '11222333000181' })).toBe('11222333000181');
    const found = await key.findExisting(ctx.db, ['11222333000181']);
    expect(found.get('11222333000181')).toMatchObject({ isActive: true, values: { name: 'Norte' } });
    const [name] = key.uniques;
    expect(name?.code).toBe(ErrorCode.NAME_TAKEN);
    const taken = await name?.findTaken?.(ctx.db, ['norte']);
    expect(Object.fromEntries(taken ?? [])).toEqual({ norte: '11222333000181' });
  });

  it('keys an import of an optional CNPJ by the name, the CNPJ (when given) unique', async () => {
    const key = nameKey<{ name: string; cnpj: string | null }>(organizations);
    expect(key.naturalKey.of({ name: 'SUL' })).toBe('sul');
    const found = await key.findExisting(ctx.db, ['sul']);
    expect(found.get('sul')).toMatchObject({ isActive: true, values: { cnpj: '11444777000161' } });
    const [cnpj] = key.uniques;
    expect(cnpj).toMatchObject({ column: 'cnpj', code: ErrorCode.CNPJ_TAKEN });
    expect(cnpj?.key({ name: 'Sul', cnpj: null })).toBeNull();
    const taken = await cnpj?.findTaken?.(ctx.db, ['11444777000161']);
    expect(Object.fromEntries(taken ?? [])).toEqual({ '11444777000161': 'sul' });
  });
});
