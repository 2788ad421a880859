import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { categories, fragrances } from '../../db/schema/index.ts';
import { keysetAfter, mayBeNull } from './keyset.ts';

const text = (condition: ReturnType<typeof keysetAfter>) => new PgDialect().sqlToQuery(condition).sql;

describe('keyset conditions', () => {
  it('treats only a NOT NULL column of the resource’s own table as never NULL', () => {
    expect(mayBeNull(fragrances.createdAt, fragrances)).toBe(false);
    expect(mayBeNull(fragrances.description, fragrances)).toBe(true);
    // A joined table's column may be NULL in a left join, whatever its declaration.
    expect(mayBeNull(categories.searchText, fragrances)).toBe(true);
    expect(mayBeNull(sql`length(${fragrances.name})`, fragrances)).toBe(true);
  });

  it('compares a NOT NULL sort as a row, so the (column, id) index is read in order', () => {
    const sort = { column: fragrances.createdAt, isAscending: true, mayBeNull: false };
    expect(text(keysetAfter(sort, fragrances.id, { sortKey: '2026-01-01', id: 7 }))).toBe(
      '(("fragrances"."created_at"), "fragrances"."id") > ($1, $2)',
    );
  });

  it('spells out the NULLs of a nullable sort: last ascending, first descending', () => {
    const ascending = { column: fragrances.description, isAscending: true, mayBeNull: true };
    const descending = { ...ascending, isAscending: false };
    expect(text(keysetAfter(ascending, fragrances.id, { sortKey: 'Doce', id: 7 }))).toBe(
      '((("fragrances"."description"), "fragrances"."id") > ($1, $2) or ("fragrances"."description") is null)',
    );
    expect(text(keysetAfter(ascending, fragrances.id, { sortKey: null, id: 7 }))).toBe(
      '(("fragrances"."description") is null and "fragrances"."id" > $1)',
    );
    expect(text(keysetAfter(descending, fragrances.id, { sortKey: null, id: 7 }))).toBe(
      '((("fragrances"."description") is null and "fragrances"."id" < $1) or ("fragrances"."description") is not null)',
    );
  });
});
