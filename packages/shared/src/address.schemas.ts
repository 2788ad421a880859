import { z } from 'zod';
import { isValidCep } from './br-documents.ts';
import { countryCodeSchema } from './geo.schemas.ts';

/** An optional free text up to `max` characters; empty reads as null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: 'tooLong' })
    .nullish()
    .transform((value) => value || null);

/**
 * A postal address as any body carries it (a user's, a client's, a site's): the country first, then
 * free texts. The CEP format depends on the country, so a body schema checks it with `addressIssues`.
 */
export const addressSchema = z.strictObject({
  country: countryCodeSchema,
  zipcode: optionalText(12),
  street: optionalText(200),
  city: optionalText(200),
  state: optionalText(200),
});
export type AddressBody = z.infer<typeof addressSchema>;

/**
 * The fields `addressSchema` itself requires (the country): what a form marks required where its body
 * requires the address (`<AddressBlock isRequired>`), read from the rule rather than repeated.
 */
export const ADDRESS_REQUIRED_FIELDS = (Object.keys(addressSchema.shape) as (keyof AddressBody)[]).filter(
  (field) => !addressSchema.shape[field].safeParse(undefined).success,
);

/** The address as rows answer it. */
export const addressRowSchema = z.object({
  zipcode: z.string().nullable(),
  street: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string(),
});

/**
 * The rules an address's fields have together, for a body's `superRefine`: in Brazil the CEP must be
 * a valid one. `path` is where the address sits in the body (`['address']`).
 */
export function addAddressIssues(
  address: AddressBody | null | undefined,
  ctx: z.RefinementCtx,
  path: readonly (string | number)[] = ['address'],
): void {
  if (address?.country === 'BR' && address.zipcode && !isValidCep(address.zipcode)) {
    ctx.addIssue({ code: 'custom', path: [...path, 'zipcode'], message: 'invalidCep' });
  }
}

/** The address part of a body on its own (`{ address }`): how a form's address block checks its fields. */
export const addressPartSchema = z
  .object({ address: addressSchema.nullish() })
  .superRefine((body, ctx) => addAddressIssues(body.address, ctx));
