import { normalizeTaxId } from '@scentia/shared/br-documents';
import { and, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { organizations } from '../../../db/schema/index.ts';
import type { ImportReference } from './import-declaration.ts';

/** Active organisations by CNPJ (as stored, without its mask): an inactive one takes no new record. */
async function findActiveOrganizations(db: Database, cnpjs: string[]) {
  const rows = await db
    .select({ id: organizations.id, cnpj: organizations.cnpj })
    .from(organizations)
    .where(and(inArray(organizations.cnpj, cnpjs), isNull(organizations.deletedAt)));
  return new Map(rows.map((row) => [row.cnpj, row.id]));
}

/** The organisation a row names by its CNPJ, typed with or without its mask (locations, devices). */
export const organizationByCnpj: ImportReference = {
  column: 'organizationCnpj',
  normalize: normalizeTaxId,
  find: findActiveOrganizations,
};
