import type { ErrorCode } from '@scentia/shared/error-codes';
import type { Language } from '@scentia/shared/locales';
import { translate } from '../../i18n/translate.ts';
import { AppError } from '../app-error.ts';

/** A message parameter written in the request's language: a list of names ending "and 3 more". */
type LocalizedParam = (language: Language) => string;

/** What a refusal's message names (`{{names}}`), each value plain or in the request's language. */
export type RefusalParams = Record<string, string | number | LocalizedParam>;

/**
 * A rule's refusal whose message names what holds the record (the locations of an organisation). A
 * service knows no language: the kit's routes write it in the request's (`inLanguage`).
 */
export class Refusal extends AppError {
  constructor(
    code: ErrorCode,
    readonly described: RefusalParams,
  ) {
    super(code);
  }

  in(language: Language): AppError {
    const params = Object.fromEntries(
      Object.entries(this.described).map(([name, value]) => [
        name,
        typeof value === 'function' ? value(language) : value,
      ]),
    );
    return new AppError(this.code, { params });
  }
}

/** Runs a route's work, turning a `Refusal` into the error of the request's language. */
export async function inLanguage<T>(language: Language, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw error instanceof Refusal ? error.in(language) : error;
  }
}

/**
 * A few names out of `total`, listed in the language ("A, B e C", "A, B, and 3 more"): the ones given,
 * then how many more there are.
 */
export function namesAndMore(names: string[], total: number): LocalizedParam {
  return (language) => {
    const more = total - names.length;
    const items = more > 0 ? [...names, translate(language, 'list.more', { count: more })] : names;
    return new Intl.ListFormat(language, { type: 'conjunction' }).format(items);
  };
}
