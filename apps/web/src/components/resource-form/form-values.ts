import { formatCnpj } from '@scentia/shared/br-documents';
import type { KIT_FIELD_KINDS, KitFieldKind } from '@scentia/shared/record-fields.schemas';
import type { z } from 'zod';
import { maskBrazilianPhone } from '../../lib/input-masks.ts';
import { optionalAddress, requiredAddress } from '../address-block/address-values.ts';

/*
 * The conversions every form-values file makes of the kit's fields, between a row (as the API answers
 * it) and the form's values (as antd holds them) and back to the body: one name each.
 */

/** A text as the form holds it: an absent one (null) is empty. */
export const textToForm = (value: string | null | undefined): string => value ?? '';

/** A stored CNPJ (its 14 characters) with its mask; none (an optional CNPJ) is empty. */
export const cnpjToForm = (cnpj: string | null | undefined): string => (cnpj ? formatCnpj(cnpj) : '');

/** A stored phone (digits) with its mask; none is empty. */
export const phoneToForm = (phone: string | null | undefined): string =>
  phone ? maskBrazilianPhone(phone) : '';

/** A required text for the body: trimmed (the shared schema refuses it empty). */
export const requiredText = (value: string | null | undefined): string => value?.trim() ?? '';

/** An optional text for the body: trimmed, and null when blank. */
export const optionalText = (value: string | null | undefined): string | null => value?.trim() || null;

/**
 * One field of a form's values, declared by its kind: its value in a new form, the row's value as the
 * form holds it, and the form's as the body takes it. The kit's kinds are below; an address is
 * `requiredAddress()` / `optionalAddress()` (address-values.ts); a field of its own is an object of
 * the same three functions.
 */
export type FormField<Form, RowValue, BodyValue> = {
  empty: () => Form;
  toForm: (value: RowValue) => Form;
  toBody: (value: Form) => BodyValue;
};

/** A required text (a name): empty in a new form, trimmed for the body (the schema refuses it blank). */
export const requiredTextField: FormField<string, string, string> = {
  empty: () => '',
  toForm: textToForm,
  toBody: requiredText,
};

/** An optional text (an e-mail, a contact's name, a note): blank is null in the body. */
export const optionalTextField: FormField<string, string | null, string | null> = {
  empty: () => '',
  toForm: textToForm,
  toBody: optionalText,
};

/** A required CNPJ, shown with its mask; sent as typed (the shared schema drops the mask). */
export const cnpjField: FormField<string, string, string> = {
  empty: () => '',
  toForm: cnpjToForm,
  toBody: requiredText,
};

/** An optional CNPJ (`optionalCnpjSchema`): none shows empty, blank is null in the body. */
export const optionalCnpjField: FormField<string, string | null, string | null> = {
  empty: () => '',
  toForm: cnpjToForm,
  toBody: optionalText,
};

/** An optional phone, shown with its mask; blank is null in the body. */
export const optionalPhoneField: FormField<string, string | null, string | null> = {
  empty: () => '',
  toForm: phoneToForm,
  toBody: optionalText,
};

// biome-ignore lint/suspicious/noExplicitAny: a field of any kind; each keeps its own types below.
type AnyFormField = FormField<any, any, any>;
type FormFields = { [field: string]: AnyFormField };

/** The values a declaration's form holds, as antd holds them. */
export type FormValuesOf<Fields extends FormFields> = { [K in keyof Fields]: ReturnType<Fields[K]['empty']> };
/** The row's fields a declaration reads. */
type RowOf<Fields extends FormFields> = { [K in keyof Fields]: Parameters<Fields[K]['toForm']>[0] };
/** The body a declaration sends (its fields, and the version the edit was opened with). */
type BodyOf<Fields extends FormFields> = { [K in keyof Fields]: ReturnType<Fields[K]['toBody']> } & {
  updatedAt?: string;
};

/**
 * A form's values from its fields declared by kind, in one piece: `empty()` (a new record), `toForm(row)`
 * (a loaded one) and `toBody(values, opened?)` (the body of POST/PUT, with the version the edit was
 * opened with: a save over a newer one is refused, 409 STALE_RECORD). A resource whose shared
 * schemas declare its fields by kind (`kitFields`) uses `kitFormValues` below instead, which names
 * no kit field again; a form without such a declaration declares its fields here,
 * `formValues({ name: requiredTextField, taxId: optionalCnpjField })`, and types its pieces to the
 * shared row and body input where they are exported: the check holds each field to them.
 */
export function formValues<Fields extends FormFields>(fields: Fields) {
  const entries = Object.entries(fields);
  const each = <T>(value: (field: AnyFormField, key: string) => T) =>
    Object.fromEntries(entries.map(([key, field]) => [key, value(field, key)]));
  return {
    fields,
    empty: () => each((field) => field.empty()) as FormValuesOf<Fields>,
    toForm: (row: RowOf<Fields>) =>
      each((field, key) => field.toForm((row as Record<string, unknown>)[key])) as FormValuesOf<Fields>,
    toBody: (values: FormValuesOf<Fields>, opened?: { updatedAt: string }) =>
      ({
        ...each((field, key) => field.toBody((values as Record<string, unknown>)[key])),
        ...(opened ? { updatedAt: opened.updatedAt } : {}),
      }) as BodyOf<Fields>,
  };
}

/**
 * The form field of each kind of shared field (`KIT_FIELD_KINDS` of `@scentia/shared/record-fields.schemas`):
 * what `kitFormValues` gives a field a resource declared by kind. Each is held to its kind's row and
 * body schemas here, so a kind whose schemas change fails to compile until its converter follows.
 */
const KIT_FORM_FIELDS = {
  name: requiredTextField,
  cnpj: cnpjField,
  optionalCnpj: optionalCnpjField,
  email: optionalTextField,
  phone: optionalPhoneField,
  address: requiredAddress(),
  optionalAddress: optionalAddress(),
  note: optionalTextField,
} satisfies {
  [Kind in KitFieldKind]: FormField<
    // biome-ignore lint/suspicious/noExplicitAny: the form's value is the kind's own; the row and body are checked.
    any,
    z.output<SharedKinds[Kind]['row']>,
    z.input<SharedKinds[Kind]['body']>
  >;
};
type SharedKinds = typeof KIT_FIELD_KINDS;
type KitFormFieldsOf<Declared extends Record<string, KitFieldKind>> = {
  [Field in keyof Declared]: (typeof KIT_FORM_FIELDS)[Declared[Field]];
};
/** A form's fields: the kit's by kind, each replaced by the resource's own of the same name. */
type KitAndOwnFields<Declared extends Record<string, KitFieldKind>, Own extends FormFields> = {
  [Field in keyof Declared | keyof Own]: Field extends keyof Own
    ? Own[Field]
    : Field extends keyof Declared
      ? (typeof KIT_FORM_FIELDS)[Declared[Field]]
      : never;
};

/**
 * A form's values from the resource's one declaration of its shared fields (`kitFields` of
 * `@scentia/shared/record-fields.schemas`, whose `kinds` name each field's converter,
 * `KIT_FORM_FIELDS`), plus its own fields (`FormField`s), as `formValues` answers them. An own field
 * named as a kit field replaces it (a location's address, whose city is required:
 * `address: requiredAddress({ required: ['city'] })`). Declare it once,
 * `export const ORGANIZATION_FORM = kitFormValues(ORGANIZATION_KIT_FIELDS, { legalName:
 * requiredTextField, contactName: optionalTextField })`, and type its pieces to the shared row and
 * body input where they are exported: the check holds each field to them. Its `kinds` lay out the
 * form's kit sections (`<KitSections form={ORGANIZATION_FORM} />`).
 */
export function kitFormValues<
  const Declared extends Record<string, KitFieldKind>,
  Own extends FormFields = Record<never, AnyFormField>,
>(kit: { kinds: Declared }, own?: Own) {
  const kitFields = Object.fromEntries(
    Object.entries(kit.kinds).map(([field, kind]) => [field, KIT_FORM_FIELDS[kind]]),
  ) as KitFormFieldsOf<Declared>;
  const fields = { ...kitFields, ...own } as KitAndOwnFields<Declared, Own>;
  return { ...formValues(fields), kinds: kit.kinds };
}
