import { z } from 'zod';
import {
  type AddressBody,
  addAddressIssues,
  addressRowSchema,
  addressSchema,
  optionalText,
} from './address.schemas.ts';
import { isValidBrazilianPhone, isValidCnpj, normalizeTaxId, phoneDigits } from './br-documents.ts';
import { EMAIL_MAX_LENGTH } from './constants.ts';
import { dateTimeSchema } from './dates.schemas.ts';
import { isValidEmail } from './validators.ts';

/*
 * The kit's field schemas: what any resource's body takes for a shared field (a name, a CNPJ, a
 * phone, an e-mail, a note), and the body's kit part (`recordBodySchema`). The forms' kit fields, the
 * import's kit columns and the tables' kit columns follow these widths.
 */

/** The longest a record's name, a note, a masked CNPJ and a masked phone may be typed (the forms' fields). */
export const RECORD_NAME_MAX_LENGTH = 100;
export const NOTE_MAX_LENGTH = 1000;
export const MASKED_CNPJ_LENGTH = 18;
export const MASKED_PHONE_LENGTH = 15;

/** A record's display name (an organisation's, a location's): required, 2 to 100 characters. */
export const recordNameSchema = z
  .string()
  .trim()
  .min(1, { error: 'required' })
  .min(2)
  .max(RECORD_NAME_MAX_LENGTH);

/** A free note kept with a record, up to 1,000 characters. */
export const noteSchema = optionalText(NOTE_MAX_LENGTH);

/** A CNPJ, numeric or alphanumeric, typed with or without its mask; kept as its 14 characters. */
export const cnpjSchema = z
  .string()
  .trim()
  .min(1, { error: 'required' })
  .max(MASKED_CNPJ_LENGTH, { error: 'tooLong' })
  .refine(isValidCnpj, { error: 'invalidCnpj' })
  .transform(normalizeTaxId);

/**
 * An optional CNPJ (a record keyed otherwise, such as by its name): blank is null, else `cnpjSchema`'s
 * rule, kept as its 14 characters. A table's `cnpjColumn()` without `.notNull()` holds it; its unique
 * index lets any number of nulls through.
 */
export const optionalCnpjSchema = optionalText(MASKED_CNPJ_LENGTH)
  .refine((value) => value === null || isValidCnpj(value), { error: 'invalidCnpj' })
  .transform((value) => (value === null ? null : normalizeTaxId(value)));

/** An optional Brazilian phone with its area code, typed with or without its mask; kept as digits. */
export const optionalPhoneSchema = optionalText(20)
  .refine((value) => value === null || isValidBrazilianPhone(value), { error: 'invalidPhone' })
  .transform((value) => (value === null ? null : phoneDigits(value)));

/** An optional e-mail address (a contact's). */
export const optionalEmailSchema = optionalText(EMAIL_MAX_LENGTH).refine(
  (value) => value === null || isValidEmail(value),
  { error: 'invalidEmail' },
);

/**
 * How a row (a list's, a get's) answers each shared field, as its body schema keeps it: a CNPJ's 14
 * characters without the mask (`formatCnpj` shows it), a phone's digits (`formatBrazilianPhone`), the
 * address block as `addressRowSchema`. A row schema spreads or picks them (`name: kitRowFieldSchemas.name`)
 * instead of re-declaring them.
 */
export const kitRowFieldSchemas = {
  name: z.string(),
  cnpj: z.string(),
  optionalCnpj: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: addressRowSchema,
  optionalAddress: addressRowSchema.nullable(),
  note: z.string().nullable(),
};

/**
 * An address a record may lack (a person's): left out or null is none (null), else `addressSchema`'s
 * fields; `recordBodySchema` checks its own rules (the CEP in Brazil) when it is given.
 */
export const optionalAddressSchema = addressSchema.nullish().transform((value) => value ?? null);

/**
 * The kinds of shared field a body may take: the body's schema and the row's form of each (what
 * `kitFields` maps a declaration to). The import's kit columns follow the same kinds.
 */
export const KIT_FIELD_KINDS = {
  name: { body: recordNameSchema, row: kitRowFieldSchemas.name },
  cnpj: { body: cnpjSchema, row: kitRowFieldSchemas.cnpj },
  optionalCnpj: { body: optionalCnpjSchema, row: kitRowFieldSchemas.optionalCnpj },
  email: { body: optionalEmailSchema, row: kitRowFieldSchemas.email },
  phone: { body: optionalPhoneSchema, row: kitRowFieldSchemas.phone },
  address: { body: addressSchema, row: kitRowFieldSchemas.address },
  optionalAddress: { body: optionalAddressSchema, row: kitRowFieldSchemas.optionalAddress },
  note: { body: noteSchema, row: kitRowFieldSchemas.note },
} as const;
export type KitFieldKind = keyof typeof KIT_FIELD_KINDS;

type KitFieldsOf<Declared extends Record<string, KitFieldKind>, Form extends 'body' | 'row'> = {
  [Field in keyof Declared]: (typeof KIT_FIELD_KINDS)[Declared[Field]][Form];
};

/**
 * A resource's shared fields, declared once by field and kind (`{ name: 'name', contactEmail: 'email' }`):
 * `body` is spread into its body schema (`recordBodySchema({ ...KIT.body, legalName })`), `row` into
 * its row schema, and `kinds` gives the API's import columns (`kitImportColumns.of`).
 */
export function kitFields<const Declared extends Record<string, KitFieldKind>>(kinds: Declared) {
  const formOf = <Form extends 'body' | 'row'>(form: Form) =>
    Object.fromEntries(
      Object.entries(kinds).map(([field, kind]) => [field, KIT_FIELD_KINDS[kind][form]]),
    ) as KitFieldsOf<Declared, Form>;
  return { kinds, body: formOf('body'), row: formOf('row') };
}

/**
 * The version a form loaded, sent with an update: a save over a newer one is refused (`STALE_RECORD`).
 * A body `recordBodySchema` does not build (one extended with a file part) spreads it last.
 */
export const recordVersionShape = { updatedAt: dateTimeSchema.optional() };

/**
 * A kit resource's `POST` and `PUT` body: its own fields (`shape`), then the version an update is
 * based on (`updatedAt`); `refine` adds the rules its fields have together, and an `address` field
 * (`addressSchema`, or `optionalAddressSchema` when given) is checked with the address's own
 * (`addAddressIssues`: the CEP in Brazil) after them.
 */
export function recordBodySchema<Shape extends z.ZodRawShape>(
  shape: Shape,
  refine?: (body: z.output<z.ZodObject<Shape & typeof recordVersionShape>>, ctx: z.RefinementCtx) => void,
) {
  const hasAddress = 'address' in shape;
  return z.strictObject({ ...shape, ...recordVersionShape }).superRefine((body, ctx) => {
    refine?.(body as z.output<z.ZodObject<Shape & typeof recordVersionShape>>, ctx);
    if (hasAddress) addAddressIssues((body as { address?: AddressBody | null }).address, ctx);
  });
}
