import type { AddressImport } from './import-address.ts';
import type { ImportColumn, ImportDeclaration, ImportValues } from './import-declaration.ts';

/**
 * What a kit resource's `import` declares (`recordService`'s option): its columns, natural key,
 * references and uniques; the rest has the kit's defaults. `toInput` is the columns' values
 * (`columnsInput`), `comparable` the service's `values`, `saves` its create and update, `prefill` the
 * address's CEP prefill: declare one only where the resource's differs (a location's schedule).
 * `address` is the block's `addressImport(…)`, whose columns the declaration places among its own.
 */
export type KitImportDeclaration<Body> = Omit<ImportDeclaration<Body>, 'toInput' | 'comparable' | 'saves'> &
  Partial<Pick<ImportDeclaration<Body>, 'toInput' | 'comparable' | 'saves'>> & {
    address?: AddressImport<unknown>;
  };

/**
 * A row's body input read from its columns: each column whose cell lands in the body's field of its
 * key, a required one's empty cell as '' (the shared schema names it required), an optional one's as
 * null; the address block's columns as `address.input`. A column landing elsewhere (a reference's,
 * `path: ['organizationId']`) is the resource's own `toInput`.
 */
function columnsInput(columns: ImportColumn[], address?: AddressImport<unknown>) {
  const own = columns.filter((column) => column.path === undefined);
  return (values: ImportValues) => {
    const input: Record<string, unknown> = {};
    for (const { key, isRequired } of own) input[key] = values[key] ?? (isRequired ? '' : null);
    if (address) input.address = address.input(values);
    return input;
  };
}

/** A kit import's declaration with the kit's defaults (`KitImportDeclaration`) filled in. */
export function kitImportDeclaration<Body>(
  declared: KitImportDeclaration<Body>,
  kit: Pick<ImportDeclaration<Body>, 'comparable' | 'saves'>,
): ImportDeclaration<Body> {
  const { address, ...declaration } = declared;
  return {
    toInput: columnsInput(declared.columns, address),
    comparable: kit.comparable,
    saves: kit.saves,
    prefill: address?.prefill,
    ...declaration,
  };
}
