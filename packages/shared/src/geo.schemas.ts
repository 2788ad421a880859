import { z } from 'zod';
import { isKnownCountryCode } from './countries.ts';
import { pageOf } from './list.schemas.ts';

/** The geo answers (countries, regions, cities, postcodes), read by the user form's address fields. */

/** A country of the product's list (`countries.ts`), in any case: `br` is `BR`. */
export const countryCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .refine(isKnownCountryCode, { error: 'invalidCountry' });

export const countrySchema = z.object({ code: z.string(), name: z.string() });
export const countriesAnswerSchema = z.object({ data: z.array(countrySchema) });
export type Country = z.infer<typeof countrySchema>;

export const regionSchema = z.object({ code: z.string(), name: z.string() });
export const regionsPageSchema = pageOf(regionSchema);
export type Region = z.infer<typeof regionSchema>;

export const citySchema = z.object({ name: z.string() });
export const citiesPageSchema = pageOf(citySchema);
export type City = z.infer<typeof citySchema>;

/** Regions and cities come 10 a page, as the spec's geo service answers (spec §9). */
export const GEO_PAGE_SIZE = 10;

/** `GET /geo/postcode/{cep}`: ViaCEP's fields, or only the state from the CEP range when it is offline. */
export const postcodeAnswerSchema = z.object({
  cep: z.string(),
  uf: z.string(),
  localidade: z.string().nullable(),
  logradouro: z.string().nullable(),
  bairro: z.string().nullable(),
  source: z.enum(['viacep', 'offline']),
});
export type PostcodeAnswer = z.infer<typeof postcodeAnswerSchema>;
