import { z } from 'zod';
import { idSchema, idTextSchema } from './integers.schemas.ts';
import { kitRowFields, listQuerySchema } from './list.schemas.ts';
import { kitFields, recordBodySchema } from './record-fields.schemas.ts';
import { scheduleRangeSchema } from './schedules.schemas.ts';
import { DEFAULT_TIME_ZONE, isKnownTimeZone } from './time-zones.ts';

/** An IANA time zone of the product's list (`time-zones.ts`); none given is `America/Sao_Paulo`. */
export const timeZoneSchema = z
  .string()
  .trim()
  .max(64, { error: 'tooLong' })
  .optional()
  .transform((value) => value || DEFAULT_TIME_ZONE)
  .refine(isKnownTimeZone, { error: 'invalidTimeZone' });

/** The location's shared fields: its body's, its row's and its import's kit columns. */
export const LOCATION_KIT_FIELDS = kitFields({ name: 'name', address: 'address', note: 'note' });

/**
 * `POST /api/locations` and `PUT /api/locations/{id}`: a shop or site of an organisation, where devices
 * stand. Its name is unique within its organisation; its city is required (lists sort and search by
 * it); its time zone reads its schedules and dashboard periods.
 */
export const locationBodySchema = recordBodySchema(
  {
    organizationId: idSchema,
    ...LOCATION_KIT_FIELDS.body,
    timeZone: timeZoneSchema,
  },
  (body, ctx) => {
    if (!body.address.city) ctx.addIssue({ code: 'custom', path: ['address', 'city'], message: 'required' });
  },
);
export type LocationBody = z.infer<typeof locationBodySchema>;
export type LocationBodyInput = z.input<typeof locationBodySchema>;

/** The locations list: the shared contract plus one organisation's locations only. */
export const locationListQuerySchema = listQuerySchema.extend({ organizationId: idTextSchema.optional() });

export const locationRowSchema = z.object({
  locationId: z.number().int(),
  organizationId: z.number().int(),
  organization: z.object({ name: z.string(), ativo: z.boolean() }),
  ...LOCATION_KIT_FIELDS.row,
  timeZone: z.string(),
  /** When its devices diffuse (`PUT /api/locations/schedule/{id}` changes it). */
  schedule: z.object({ ranges: z.array(scheduleRangeSchema) }),
  ...kitRowFields,
});
export type LocationRow = z.infer<typeof locationRowSchema>;

/** The quick-search answer (the device form's location typeahead, to come): up to 10 active locations. */
export const locationOptionSchema = z.object({
  locationId: z.number().int(),
  name: z.string(),
  organizationId: z.number().int(),
});
export const locationOptionsSchema = z.array(locationOptionSchema);
