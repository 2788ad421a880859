import type { ErrorBody } from '@scentia/shared/error-codes';

export type FieldPath = (string | number)[];
export type FieldError = { name: FieldPath; errors: string[] };

/** `address.zipcode` → ['address', 'zipcode']; `items.0.name` → ['items', 0, 'name']. */
export function toFieldPath(dotted: string): FieldPath {
  return dotted
    .split('.')
    .filter((segment) => segment !== '')
    .map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
}

const keyOf = (path: FieldPath) => path.join('.');

/**
 * A 400's `fields` (dotted paths, spec §8) as antd `form.setFields` entries, one message per field:
 * the first the server names, as the client rules show only a schema's first problem. An emptied
 * e-mail is both "required" and "not an e-mail" to the schema; saying both reads as two mistakes
 * where there is one. `formFields` lists the form's own field paths: a problem reported for
 * a field the form does not show (or for a parent object) goes to its nearest shown ancestor or,
 * failing that, is returned in `unplaced` so the screen can show it in its general message.
 */
export function mapServerFields(
  fields: ErrorBody['fields'],
  formFields: readonly FieldPath[],
): { placed: FieldError[]; unplaced: string[] } {
  const known = new Map(formFields.map((path) => [keyOf(path), path]));
  const placed = new Map<string, FieldError>();
  const unplaced: string[] = [];
  for (const field of fields ?? []) {
    let path = toFieldPath(field.path);
    while (path.length > 0 && !known.has(keyOf(path))) path = path.slice(0, -1);
    const target = path.length > 0 ? known.get(keyOf(path)) : undefined;
    if (!target) {
      unplaced.push(field.message);
      continue;
    }
    if (!placed.has(keyOf(target))) placed.set(keyOf(target), { name: target, errors: [field.message] });
  }
  return { placed: [...placed.values()], unplaced };
}
