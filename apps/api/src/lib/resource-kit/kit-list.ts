import type { KitFieldKind } from '@scentia/shared/record-fields.schemas';
import { type AnyColumn, Column, is, SQL } from 'drizzle-orm';

/*
 * A kit list's declarations that its shared fields already say: the record's columns of those fields
 * (`kitListColumns`), and its sorts, each declared once by its field (`kitSorts`).
 */

type AddressKind = 'address' | 'optionalAddress';
type Kinds = Record<string, KitFieldKind>;

/** The address block's columns (`addressColumns()` of db/schema/kit-columns.ts). */
const ADDRESS_COLUMNS = ['zipcode', 'street', 'city', 'state', 'country'] as const;
/** The kit's columns every soft-deleted record has (`kitColumns()`), but its search text. */
const KIT_COLUMNS = ['id', 'createdAt', 'updatedAt', 'deletedAt'] as const;

/** The declared fields that are one column each (every kind but an address). */
type PlainField<Declared extends Kinds> = {
  [Field in keyof Declared]: Declared[Field] extends AddressKind ? never : Field;
}[keyof Declared] &
  string;
/** The address block's columns when a field is an address, none otherwise. */
type AddressColumn<Declared extends Kinds> = [Extract<Declared[keyof Declared], AddressKind>] extends [never]
  ? never
  : (typeof ADDRESS_COLUMNS)[number];
type KitListColumn<Declared extends Kinds> =
  | (typeof KIT_COLUMNS)[number]
  | PlainField<Declared>
  | AddressColumn<Declared>;

/**
 * The columns a list reads of a record's kit part, from its table and its shared fields' declaration
 * (`kitFields` of `@scentia/shared/record-fields.schemas`): the id and the three dates, each declared
 * field's column of its name, and an address field as the block's five columns. A list spreads it
 * beside its own columns: `columns: { ...kitListColumns(organizations, ORGANIZATION_KIT_FIELDS),
 * legalName: organizations.legalName }`. The type check names a field the table has no column for.
 */
export function kitListColumns<
  const Declared extends Kinds,
  Table extends { [Column in KitListColumn<Declared>]: AnyColumn },
>(table: Table, kit: { kinds: Declared }): Pick<Table, KitListColumn<Declared>> {
  const names: string[] = [...KIT_COLUMNS];
  for (const [field, kind] of Object.entries(kit.kinds)) {
    if (kind === 'address' || kind === 'optionalAddress') names.push(...ADDRESS_COLUMNS);
    else names.push(field);
  }
  const columns = table as unknown as Record<string, AnyColumn>;
  return Object.fromEntries(names.map((name) => [name, columns[name]])) as Pick<
    Table,
    KitListColumn<Declared>
  >;
}

/** A sort of another record's column (a location's organisation), under that record's API name. */
type NamedSort = { column: AnyColumn | SQL; as: `${string}.${string}` };

/**
 * A list's sorts, each declared once by its field: every field is accepted under its own name
 * (`name`, what the web sends) and under the API's `'<Type>.<Field>'` (`'Organization.Name'`, what
 * the spec's older screens send), in that order, a field's pair after the previous one's. The row's id,
 * `<type>Id`, is `'<Type>.Id'`; a sort of another record's column names its API name itself
 * (`organization: { column: locations.searchOrganization, as: 'Organization.Name' }`). `sortable:
 * kitSorts('Organization', { name: organizations.searchName, city: organizations.city, … })`; a sort
 * with no API name is spread after it (`{ ...kitSorts(…), fragrances: fragranceCount }`).
 */
export function kitSorts(
  type: string,
  sorts: Record<string, AnyColumn | SQL | NamedSort>,
): Record<string, AnyColumn | SQL> {
  const idField = `${type.charAt(0).toLowerCase()}${type.slice(1)}Id`;
  return Object.fromEntries(
    Object.entries(sorts).flatMap(([field, sort]) => {
      // A column or an expression is a sort of the record's own; anything else names its API name.
      const named = is(sort, Column) || is(sort, SQL) ? undefined : (sort as NamedSort);
      const apiName =
        named?.as ??
        `${type}.${field === idField ? 'Id' : `${field.charAt(0).toUpperCase()}${field.slice(1)}`}`;
      const column = named ? named.column : (sort as AnyColumn | SQL);
      return [
        [apiName, column],
        [field, column],
      ];
    }),
  );
}
