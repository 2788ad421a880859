/**
 * Characters no text the API takes may hold (docs/decisions/house-rules.md, "Incoming text"):
 * - C0 controls but TAB, LF and CR, DEL and the C1 controls: PostgreSQL refuses NUL in text (the error
 *   escaped as a 500), XML 1.0 — the spreadsheets we export — cannot carry the other C0 controls, and
 *   none of them is typed by a person; in logs and terminals they rewrite what is shown (U+009B is CSI);
 * - a lone UTF-16 surrogate: it has no UTF-8 form, so it would be stored silently as U+FFFD;
 * - the noncharacters U+FFFE and U+FFFF, which XML 1.0 forbids too.
 * Without the `u` flag the pattern sees UTF-16 code units, which is what lets it find lone surrogates.
 */
const UNSAFE_CHARACTER =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export type UnsafeText = {
  /** Where it was found: object keys and array indexes from the root, as in `translations.0.name`. */
  path: string;
  /** The refused character, written `U+0000`. */
  character: string;
};

/** The first refused character of a string, as `U+XXXX`, or undefined when the string is clean. */
export function findUnsafeCharacter(text: string): string | undefined {
  const match = UNSAFE_CHARACTER.exec(text);
  if (!match) return undefined;
  const unit = match[0].charCodeAt(0);
  return `U+${unit.toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * `text` without the characters the guard refuses: for what is kept but cannot be refused, such as a
 * request's User-Agent stored for audit.
 */
export function withoutUnsafeCharacters(text: string): string {
  return text.replace(new RegExp(UNSAFE_CHARACTER.source, 'g'), '');
}

/** A key as it may be shown back: refused characters written as `\uXXXX`, never echoed raw. */
function printableKey(key: string): string {
  return key.replace(
    new RegExp(UNSAFE_CHARACTER.source, 'g'),
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** Where a walked value sits: its parent's place and its own key or index, joined only when reported. */
type Place = { parent: Place; segment: string; isKey: boolean } | { root: string };

function pathOf(place: Place): string {
  const segments: string[] = [];
  let at = place;
  while (!('root' in at)) {
    segments.push(at.isKey ? printableKey(at.segment) : at.segment);
    at = at.parent;
  }
  let path = at.root;
  for (let index = segments.length - 1; index >= 0; index -= 1) {
    const segment = segments[index] as string;
    path = path ? `${path}.${segment}` : segment;
  }
  return path;
}

/**
 * The first refused character in any string or object key of `value` (parsed JSON, a query, path
 * parameters or form fields), depth first in the value's own order. Walked with an explicit stack, so a
 * deeply nested body cannot overflow the call stack. Paths are written only for what is found: every
 * request's body passes here, and a clean one (nearly all) should cost a walk, not a string per key.
 */
export function findUnsafeText(value: unknown, rootPath = ''): UnsafeText | undefined {
  type Entry = { text: string; place: Place } | { value: unknown; place: Place };
  const stack: Entry[] = [{ value, place: { root: rootPath } }];
  while (stack.length > 0) {
    const entry = stack.pop() as Entry;
    const text = 'text' in entry ? entry.text : entry.value;
    if (typeof text === 'string') {
      const character = findUnsafeCharacter(text);
      if (character) return { path: pathOf(entry.place), character };
      continue;
    }
    if (text === null || typeof text !== 'object') continue;
    // Pushed in reverse, so the walk keeps the value's own order: a key, its value, the next key…
    if (Array.isArray(text)) {
      for (let index = text.length - 1; index >= 0; index -= 1) {
        stack.push({
          value: text[index],
          place: { parent: entry.place, segment: String(index), isKey: false },
        });
      }
    } else {
      const entries = Object.entries(text);
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [key, item] = entries[index] as [string, unknown];
        const place: Place = { parent: entry.place, segment: key, isKey: true };
        stack.push({ value: item, place }, { text: key, place });
      }
    }
  }
  return undefined;
}
