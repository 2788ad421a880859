import { z } from 'zod';
import { optionalText } from './address.schemas.ts';
import { kitRowFields } from './list.schemas.ts';
import { kitFields, recordBodySchema } from './record-fields.schemas.ts';

/** The organisation's shared fields: its body's, its row's and its import's kit columns. */
export const ORGANIZATION_KIT_FIELDS = kitFields({
  name: 'name',
  cnpj: 'cnpj',
  contactEmail: 'email',
  phone: 'phone',
  address: 'address',
  note: 'note',
});

/**
 * `POST /api/organizations` and `PUT /api/organizations/{id}`: a client company, the owner of devices.
 * Its contact person (name, e-mail, phone) is personal data kept for the business relation only
 * (docs/decisions/organisations.md).
 */
export const organizationBodySchema = recordBodySchema({
  ...ORGANIZATION_KIT_FIELDS.body,
  legalName: z.string().trim().min(1, { error: 'required' }).min(2).max(200),
  contactName: optionalText(100),
});
export type OrganizationBody = z.infer<typeof organizationBodySchema>;
export type OrganizationBodyInput = z.input<typeof organizationBodySchema>;

/** How many of its active locations a refused deactivation names (the 409's message). */
export const ORGANIZATION_LOCATIONS_NAMED = 5;

export const organizationRowSchema = z.object({
  organizationId: z.number().int(),
  ...ORGANIZATION_KIT_FIELDS.row,
  legalName: z.string(),
  contactName: z.string().nullable(),
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
