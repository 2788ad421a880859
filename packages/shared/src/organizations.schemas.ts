import { z } from 'zod';
import { addAddressIssues, addressRowSchema, addressSchema, optionalText } from './address.schemas.ts';
import { isValidBrazilianPhone, isValidCnpj, normalizeTaxId, phoneDigits } from './br-documents.ts';
import { EMAIL_MAX_LENGTH } from './constants.ts';
import { dateTimeSchema } from './dates.schemas.ts';
import { kitRowFields } from './list.schemas.ts';
import { isValidEmail } from './validators.ts';

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
 * `POST /api/organizations` and `PUT /api/organizations/{id}`: a client company, the owner of devices.
 * Its contact person (name, e-mail, phone) is personal data kept for the business relation only
 * (docs/decisions/organisations.md).
 */
export const organizationBodySchema = z
  .strictObject({
    name: recordNameSchema,
    legalName: z.string().trim().min(1, { error: 'required' }).min(2).max(200),
    cnpj: cnpjSchema,
    contactName: optionalText(100),
    contactEmail: optionalEmailSchema,
    phone: optionalPhoneSchema,
    address: addressSchema,
    note: noteSchema,
    /** On an update, the version the form loaded: a save over a newer one is refused (`STALE_RECORD`). */
    updatedAt: dateTimeSchema.optional(),
  })
  .superRefine((body, ctx) => addAddressIssues(body.address, ctx));
export type OrganizationBody = z.infer<typeof organizationBodySchema>;
export type OrganizationBodyInput = z.input<typeof organizationBodySchema>;

/** How many of its active locations a refused deactivation names (the 409's message). */
export const ORGANIZATION_LOCATIONS_NAMED = 5;

export const organizationRowSchema = z.object({
  organizationId: z.number().int(),
  name: z.string(),
  legalName: z.string(),
  /** The 14 characters, without the mask (`formatCnpj` shows it). */
  cnpj: z.string(),
  contactName: z.string().nullable(),
  contactEmail: z.string().nullable(),
  /** Digits only (`formatBrazilianPhone` shows them). */
  phone: z.string().nullable(),
  address: addressRowSchema,
  note: z.string().nullable(),
  /** How many of its locations are active: decides which row actions apply. */
  activeLocationCount: z.number().int(),
  /** How many locations (active or not) it has: one keeps it from being deleted for good. */
  locationCount: z.number().int(),
  ...kitRowFields,
});
export type OrganizationRow = z.infer<typeof organizationRowSchema>;

/** The quick-search answer (the location form's organisation typeahead): up to 10 active organisations. */
export const organizationOptionSchema = z.object({ organizationId: z.number().int(), name: z.string() });
export const organizationOptionsSchema = z.array(organizationOptionSchema);
