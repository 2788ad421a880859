import { cepDigits, isValidCep } from '@scentia/shared/br-documents';
import type { PostcodeAnswer } from '@scentia/shared/geo.schemas';
import type { ImportRefusal, ImportRow, PostcodeLookup } from './import-declaration.ts';

/** At most this many lookups run at once: a chunk of a thousand new CEPs must not flood the service. */
const LOOKUPS_AT_ONCE = 8;

/** The address cells a postcode answers, each from its field of the answer. */
const FILLED_FROM: Record<'state' | 'city' | 'street', (place: PostcodeAnswer) => string | null> = {
  state: (place) => place.uf,
  city: (place) => place.localidade,
  street: (place) => place.logradouro,
};

/** The CEP digits of a Brazilian row (a file without a country is Brazilian) whose address has a gap. */
function cepOf(row: ImportRow): string | undefined {
  const { zipcode, country } = row.values;
  if (!zipcode || !isValidCep(zipcode) || (country ?? 'BR').toUpperCase() !== 'BR') return undefined;
  const hasGap = Object.keys(FILLED_FROM).some((column) => !row.values[column]);
  return hasGap ? cepDigits(zipcode) : undefined;
}

/** Each distinct CEP looked up once, a few at a time (the provider has its timeout and its cache). */
async function lookUpAll(postcodes: PostcodeLookup, ceps: string[]) {
  const places = new Map<string, PostcodeAnswer | undefined>();
  let next = 0;
  const worker = async () => {
    while (next < ceps.length) {
      const cep = ceps[next] as string;
      next += 1;
      places.set(cep, await postcodes.lookup(cep));
    }
  };
  await Promise.all(Array.from({ length: Math.min(LOOKUPS_AT_ONCE, ceps.length) }, worker));
  return places;
}

/**
 * The address prefill of an import (organisations, locations): a Brazilian row that gives its CEP and
 * leaves its street, city or state empty has them filled from the postcode lookup, as the forms do;
 * what the file gives is kept. A required column the lookup cannot fill (an unknown CEP, a CEP that
 * names no city) is refused in that column.
 */
export function postcodePrefill(postcodes: PostcodeLookup, options: { requiredColumns?: string[] } = {}) {
  const required = options.requiredColumns ?? [];
  return async (rows: ImportRow[]): Promise<ImportRefusal[]> => {
    const cepByRow = new Map<ImportRow, string>();
    for (const row of rows) {
      const cep = cepOf(row);
      if (cep) cepByRow.set(row, cep);
    }
    const places = await lookUpAll(postcodes, [...new Set(cepByRow.values())]);
    const refusals: ImportRefusal[] = [];
    for (const [row, cep] of cepByRow) {
      const place = places.get(cep);
      for (const [column, field] of Object.entries(FILLED_FROM)) {
        if (!row.values[column] && place) row.values[column] = field(place);
      }
      for (const column of required) {
        if (row.values[column] || row.refusedColumns.includes(column)) continue;
        const key = place ? 'import.postcodeIncomplete' : 'import.postcodeNotFound';
        refusals.push({
          row,
          column,
          code: place ? 'postcodeIncomplete' : 'postcodeNotFound',
          key,
          params: { cep: row.values.zipcode ?? cep },
        });
      }
    }
    return refusals;
  };
}
