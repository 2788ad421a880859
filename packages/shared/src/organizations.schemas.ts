import { z } from 'zod';
import { addressSchema, optionalText } from './address.schemas.ts';
import { kitRowFields } from './list.schemas.ts';
import {
  cnpjSchema,
  kitRowFieldSchemas,
  noteSchema,
  optionalEmailSchema,
  optionalPhoneSchema,
  recordBodySchema,
  recordNameSchema,
} from './record-fields.schemas.ts';

/**
 * `POST /api/organizations` and `PUT /api/organizations/{id}`: a client company, the owner of devices.
 * Its contact person (name, e-mail, phone) is personal data kept for the business relation only
 * (docs/decisions/organisations.md).
 */
export const organizationBodySchema = recordBodySchema({
  name: recordNameSchema,
  legalName: z.string().trim().min(1, { error: 'required' }).min(2).max(200),
  cnpj: cnpjSchema,
  contactName: optionalText(100),
  contactEmail: optionalEmailSchema,
  phone: optionalPhoneSchema,
  address: addressSchema,
  note: noteSchema,
});
export type OrganizationBody = z.infer<typeof organizationBodySchema>;
export type OrganizationBodyInput = z.input<typeof organizationBodySchema>;

/** How many of its active locations a refused deactivation names (the 409's message). */
export const ORGANIZATION_LOCATIONS_NAMED = 5;

export const organizationRowSchema = z.object({
  organizationId: z.number().int(),
  name: kitRowFieldSchemas.name,
  legalName: z.string(),
  cnpj: kitRowFieldSchemas.cnpj,
  contactName: z.string().nullable(),
  contactEmail: kitRowFieldSchemas.email,
  phone: kitRowFieldSchemas.phone,
  address: kitRowFieldSchemas.address,
  note: kitRowFieldSchemas.note,
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
