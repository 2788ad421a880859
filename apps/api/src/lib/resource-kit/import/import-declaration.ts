import type { KitRecordType } from '@scentia/shared/audit.schemas';
import type { ErrorCode } from '@scentia/shared/error-codes';
import type { Language } from '@scentia/shared/locales';
import type { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import type { MessageKey } from '../../../i18n/translate.ts';
import type { Account } from '../../account.ts';

/** A row's cells by column key, trimmed; an empty cell is null. */
export type ImportValues = Record<string, string | null>;

/** One column of the file and of the template. */
export type ImportColumn = {
  /** How the report names it, and a heading the file may use (`cnpj`). */
  key: string;
  /** Its heading in the three languages (the template's, and what the file's header is matched to). */
  label: MessageKey;
  /** The heading's placeholders (`{ language: 'en-US' }` for a translation's column). */
  labelParams?: Record<string, string>;
  /** What it takes, for the template's cell note. */
  rules: MessageKey;
  /** The template's example row. */
  example: string;
  isRequired?: boolean;
  /** The longest text it takes, named by its rules (`import.rules.optionalText`). */
  maxLength?: number;
  /**
   * Where the column lands in the body (`['address', 'zipcode']`; `[key]` when absent): a refusal of
   * the body's shared rules at that path (or under it) is reported in this column.
   */
  path?: readonly (string | number)[];
};

/**
 * A record found by name in another resource (an organisation by its CNPJ): the file names it in
 * `column`, and `find` answers the ids of the keys it knows, all of a chunk in one query.
 */
export type ImportReference = {
  column: string;
  /** The key as `find` compares it (a CNPJ without its mask). */
  normalize: (text: string) => string;
  find: (db: Database, keys: string[]) => Promise<Map<string, number>>;
};

/** Who runs the import, for the saves that decide by their caller (a user's profile, the account's language). */
export type ImportCaller = { account: Account | undefined; language: Language };

/** The record that has a row's natural key already: its id, whether it is active, its body's values. */
export type ExistingRecord = { id: number; isActive: boolean; values: Record<string, unknown> };

/** A unique column other than the natural key (an organisation's name). */
export type ImportUnique<Body> = {
  column: string;
  /** The row's value as the unique index compares it (case and accents ignored), null when empty. */
  key: (body: Body) => string | null;
  /** The records holding these keys, by key, with their own natural key: taken unless it is the row's. */
  findTaken?: (db: Database, keys: string[]) => Promise<Map<string, string>>;
  code: ErrorCode;
};

/**
 * What a resource declares to be imported (`registerImportRoutes`): its columns, how a row becomes its
 * create/update body (checked by the same shared schema as its form), its natural key, the references
 * it finds by name, and how the records that exist already are read and saved through its service.
 */
export type ImportDeclaration<Body> = {
  recordType: KitRecordType;
  columns: ImportColumn[];
  /** The shared body schema of the resource's form. */
  schema: z.ZodType<Body>;
  /** The body's input from a row: `references` holds the ids found for the reference columns. */
  toInput: (values: ImportValues, references: Record<string, number | null>) => unknown;
  /** The natural key's column and its value, normalized as stored (a CNPJ without its mask). */
  naturalKey: { column: string; of: (body: Body) => string };
  references?: ImportReference[];
  uniques?: ImportUnique<Body>[];
  /** The records with these natural keys, by key. */
  findExisting: (db: Database, keys: string[]) => Promise<Map<string, ExistingRecord>>;
  /** The values `findExisting` answers, of a body: equal means the row changes nothing. */
  comparable: (body: Body) => Record<string, unknown>;
  /** The resource's own saves (its service's create and update) on a transaction's handle. */
  saves: (
    db: Database,
    caller: ImportCaller,
  ) => {
    create: (body: Body) => Promise<unknown>;
    update: (id: number, body: Body) => Promise<unknown>;
  };
  /** Once an apply has committed (a nudge to the mail outbox, whose mails the saves queued). */
  afterApply?: () => void;
};
