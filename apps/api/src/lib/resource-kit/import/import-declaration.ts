import type { KitRecordType } from '@scentia/shared/audit.schemas';
import type { ErrorCode } from '@scentia/shared/error-codes';
import type { PostcodeAnswer } from '@scentia/shared/geo.schemas';
import type { Language } from '@scentia/shared/locales';
import type { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import type { MessageKey } from '../../../i18n/translate.ts';
import type { Account } from '../../account.ts';
import type { AppError } from '../../app-error.ts';

/** The product's postcode lookup (the address forms' prefill): undefined for an unknown CEP. */
export type PostcodeLookup = { lookup: (digits: string) => Promise<PostcodeAnswer | undefined> };

/** A row's cells by column key, trimmed; an empty cell is null. */
export type ImportValues = Record<string, string | null>;

/** A data row: its number in the spreadsheet, its cells by column key, the columns whose cell was unreadable. */
export type ImportRow = { row: number; values: ImportValues; refusedColumns: string[] };

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
  /**
   * The key as `find` compares it (a CNPJ without its mask). `values` is the whole row, for a record
   * found within another (a location by its name within the organisation of the row's CNPJ).
   */
  normalize: (text: string, values: ImportValues) => string;
  find: (db: Database, keys: string[]) => Promise<Map<string, number>>;
  /**
   * The column this reference is found within (the organisation's CNPJ of a location): when that
   * column is refused, this one is not refused again for the same cause.
   */
  within?: string;
  /** The record a row with an empty cell takes (the default campaign), read once a chunk; none when absent. */
  whenEmpty?: (db: Database) => Promise<number | null>;
};

/** Who runs the import, for the saves that decide by their caller (a user's profile, the account's language). */
export type ImportCaller = { account: Account | undefined; language: Language };

/**
 * The record that has a row's natural key already: its id, whether it is active, its stored columns,
 * and what `refuse` decides on besides them (`facts`: a user's confirmation, say).
 */
export type ExistingRecord = {
  id: number;
  isActive: boolean;
  values: Record<string, unknown>;
  facts?: Record<string, unknown>;
};

/** A row the caller may not write (the service would refuse its save): the code, in a column or the row's. */
export type CallerRefusal = { column: string | null; code: ErrorCode };

/** A cell refused before the body is built (`prefill`): reported in its column, in the caller's language. */
export type ImportRefusal = {
  row: ImportRow;
  column: string;
  code: string;
  key: MessageKey;
  params?: Record<string, string | number>;
};

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
  /**
   * The values a body writes, named as the record's columns that `findExisting` answers (the service's
   * own mapping): the row changes nothing when each equals the stored column of its name.
   */
  comparable: (body: Body) => Record<string, unknown>;
  /**
   * Fills a chunk's empty cells from elsewhere (an address from its postcode) before the bodies are
   * built, all of a chunk at once; answers the cells it refuses. `postcodes`, the product's lookup, is
   * given by the import jobs' `register`, which every import's routes go through.
   */
  prefill?: (rows: ImportRow[], postcodes?: PostcodeLookup) => Promise<ImportRefusal[]>;
  /**
   * A chunk's writes in a few statements (one per outcome) instead of a save per row, for a resource
   * imported by the hundred thousand: it must keep what the service's saves keep (its locks, its
   * derived columns), and answer the rows it refused. Called under an audit context of one event per
   * record; when declared, `saves` is not used by the apply.
   */
  saveChunk?: (db: Database, rows: ChunkRow<Body>[]) => Promise<ChunkRefusal[]>;
  /**
   * What the service's save would refuse this caller for the row (an operator giving the ADMIN
   * profile), asked by the check, so that the dry run reports it on its row as the apply would.
   */
  refuse?: (caller: ImportCaller, row: ChunkRow<Body>) => CallerRefusal | undefined;
  /** The resource's own saves (its service's create and update) on a transaction's handle. */
  saves: (db: Database, caller: ImportCaller) => ImportSaves<Body>;
  /** Once an apply has committed (a nudge to the mail outbox, whose mails the saves queued). */
  afterApply?: () => void;
};

/** A resource's create and update, as its service saves a form. */
export type ImportSaves<Body> = {
  create: (body: Body) => Promise<unknown>;
  update: (id: number, body: Body) => Promise<unknown>;
};

/** A checked row the apply writes: its row number, its body and the record it updates (if any). */
export type ChunkRow<Body> = { row: number; body: Body; existing: ExistingRecord | undefined };

/** A row `saveChunk` refused while writing (its location deactivated meanwhile, its MAC taken). */
export type ChunkRefusal = { row: number; column: string | null; error: AppError };
