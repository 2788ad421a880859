import { isValidEmail } from '@scentia/shared/validators';
import { and, isNotNull, isNull, or, type Param, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import { stateCondition } from '../../lib/list-query.ts';
import { searchPrefixes } from '../../lib/search-text.ts';

/**
 * How a search is looked up. `words` are the starts stored in `users.search_prefixes` (migrations 0007
 * and 0031): a word matches a record when it begins one of its words. Each start is stored once, marked
 * `^` when it begins the record's first token and `@` when the record's e-mail lies in the start's range
 * of the e-mail index (`^@ana`, `^ana`, `@ana` or `ana`), so each word is looked up in its four forms.
 */
export type UserSearch =
  | { kind: 'none' }
  | { kind: 'nothing' }
  | { kind: 'email'; term: string }
  | { kind: 'words'; words: string[] };

export function userSearchOf(text: string | undefined): UserSearch {
  const term = text?.trim() ?? '';
  if (!term) return { kind: 'none' };
  // A whole e-mail address finds that account, not everyone whose words start alike.
  if (isValidEmail(term)) return { kind: 'email', term };
  const words = searchPrefixes(term);
  // A search with no word of two or more letters or digits ("%%%") matches nobody.
  return words.length > 0 ? { kind: 'words', words } : { kind: 'nothing' };
}

export type Value = (name: string) => Param | Placeholder;
const wordName = (index: number) => `word${index}`;

/** Every word begins a word of the record: its four stored forms are looked for. */
const wordMatches = (count: number, value: Value, from = 0) =>
  Array.from(
    { length: count - from },
    (_, index) => sql`${users.searchPrefixes} && ${value(wordName(index + from))}::text[]`,
  );

/**
 * The conditions of a search and state. Each state has its own GIN index, so a list of both states asks
 * each index (the OR) rather than reading the table.
 */
export function userListConditions(
  search: UserSearch,
  isActive: boolean | undefined,
  value: Value,
  extra: { first?: SQL; rest?: SQL } = {},
): SQL | undefined {
  const active = isNull(users.deletedAt);
  const inactive = isNotNull(users.deletedAt);
  const state = stateCondition(users.deletedAt, isActive);
  if (search.kind === 'none') return state;
  if (search.kind === 'nothing') return sql`false`;
  if (search.kind === 'email') return and(state, sql`lower(${users.email}) = lower(${value('term')})`);
  const eitherState = (matches: SQL | undefined) =>
    state ? and(state, matches) : or(and(active, matches), and(inactive, matches));
  if (extra.first) {
    // Names starting with the first word: a range of the name index, narrowed by the other words (if
    // any) through the search index of each state.
    const others = wordMatches(search.words.length, value, 1);
    return others.length ? and(extra.first, eitherState(and(...others))) : and(state, extra.first);
  }
  return eitherState(and(extra.rest, ...wordMatches(search.words.length, value, extra.rest ? 1 : 0)));
}

/** Bound values for `userListConditions`, by placeholder name. */
export function userSearchValues(search: UserSearch): Record<string, unknown> {
  if (search.kind === 'email') return { term: search.term };
  if (search.kind !== 'words') return {};
  const [first = ''] = search.words;
  return {
    ...Object.fromEntries(
      search.words.map((word, index) => [wordName(index), [`^${word}`, word, `^@${word}`, `@${word}`]]),
    ),
    // Names (or e-mails) starting with the word: from the word to the word with its last character moved
    // up one (a range, unlike LIKE, stays a range when the statement is planned for any value).
    firstFrom: first,
    firstUntil: nextAfterPrefix(first),
    // The first word where it does not begin the first token (names), where the e-mail lies in its range
    // and where it does not (e-mails).
    firstElsewhere: [first, `@${first}`],
    firstInEmail: [`^@${first}`, `@${first}`],
    firstNotInEmail: [`^${first}`, first],
  };
}

/** The smallest text after every text starting with `prefix`: its last character moved up one. */
function nextAfterPrefix(prefix: string): string {
  const characters = [...prefix];
  const last = characters.pop() ?? '';
  return characters.join('') + String.fromCodePoint((last.codePointAt(0) ?? 0) + 1);
}
