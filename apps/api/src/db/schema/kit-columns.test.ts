import { getTableConfig, PgDialect, pgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import {
  addressColumns,
  kitColumns,
  kitIndexes,
  nameColumns,
  optionalAddressColumns,
} from './kit-columns.ts';

const table = (isNameUniqueAmongActive?: boolean) =>
  pgTable('samples', { ...kitColumns(100), ...nameColumns(), ...optionalAddressColumns() }, (t) =>
    kitIndexes('samples', t, { isNameUniqueAmongActive }),
  );

const nameKey = (isNameUniqueAmongActive?: boolean) =>
  getTableConfig(table(isNameUniqueAmongActive)).indexes.find(
    (index) => index.config.name === 'samples_search_name_key',
  )?.config;

describe('the kit’s columns and indexes', () => {
  it('makes the name unique among every record, or among the active ones only when asked', () => {
    const whole = nameKey();
    expect({ unique: whole?.unique, where: whole?.where }).toEqual({ unique: true, where: undefined });
    const partial = nameKey(true);
    expect(partial?.unique).toBe(true);
    const where = partial?.where && new PgDialect().sqlToQuery(partial.where).sql;
    expect(where).toBe('"samples"."deleted_at" is null');
  });

  it('declares an optional address with a country that may be null, the required one in Brazil by default', () => {
    const optional = getTableConfig(table()).columns.find((column) => column.name === 'country');
    expect({ notNull: optional?.notNull, hasDefault: optional?.hasDefault }).toEqual({
      notNull: false,
      hasDefault: false,
    });
    const required = getTableConfig(pgTable('required', addressColumns())).columns.find(
      (column) => column.name === 'country',
    );
    expect({ notNull: required?.notNull, default: required?.default }).toEqual({
      notNull: true,
      default: 'BR',
    });
  });
});
