import { ErrorCode } from '@scentia/shared/error-codes';
import {
  citiesPageSchema,
  countriesAnswerSchema,
  countryCodeSchema,
  postcodeAnswerSchema,
  regionsPageSchema,
} from '@scentia/shared/geo.schemas';
import { boundedIntegerText } from '@scentia/shared/integers.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { errorResponses } from '../../lib/http-schemas.ts';
import { type GeoProvider, listCountries } from './geo-provider.ts';
import type { PostcodeProvider } from './postcode-provider.ts';

const page = boundedIntegerText(1, 10_000, 1);
const search = z.string().trim().max(100, { error: 'tooLong' }).optional();
const unavailable = { ...errorResponses, 503: errorResponses[400] };

export const geoRoutes: FastifyPluginAsyncZod<{ geo: GeoProvider; postcodes: PostcodeProvider }> = async (
  app,
  { geo, postcodes },
) => {
  /** External services failing is a 503 with a clear message, never a 500. */
  const guarded = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      app.log.warn({ reason: (error as Error).message }, 'Geo service failed');
      throw new AppError(ErrorCode.GEO_UNAVAILABLE);
    }
  };

  app.get(
    '/geo/countries',
    {
      schema: {
        tags: ['geo'],
        summary: 'Countries (ISO 3166 codes) named in the request language',
        response: {
          200: countriesAnswerSchema,
          ...errorResponses,
        },
      },
    },
    async (request) => ({ data: listCountries(request.language) }),
  );

  app.get(
    '/geo/postcode/:cep',
    {
      schema: {
        tags: ['geo'],
        summary: 'A Brazilian postcode: state (uf) and city (localidade)',
        params: z.strictObject({
          cep: z
            .string()
            .regex(/^\d{5}-?\d{3}$/, { error: 'invalidCep' })
            .transform((value) => value.replace('-', '')),
        }),
        response: {
          200: postcodeAnswerSchema,
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const address = await postcodes.lookup(request.params.cep);
      if (!address) throw new AppError(ErrorCode.POSTCODE_NOT_FOUND);
      return address;
    },
  );

  app.get(
    '/geo/regions',
    {
      schema: {
        tags: ['geo'],
        summary: 'Regions (states) of a country, 10 a page',
        querystring: z.strictObject({ country: countryCodeSchema, search, page }),
        response: { 200: regionsPageSchema, ...unavailable },
      },
    },
    async (request) => guarded(() => geo.regions({ ...request.query, language: request.language })),
  );

  app.get(
    '/geo/cities',
    {
      schema: {
        tags: ['geo'],
        summary: 'Cities of a country, optionally of one region, 10 a page',
        querystring: z.strictObject({
          country: countryCodeSchema,
          region: z.string().trim().max(10).optional(),
          search,
          page,
        }),
        response: { 200: citiesPageSchema, ...unavailable },
      },
    },
    async (request) => guarded(() => geo.cities({ ...request.query, language: request.language })),
  );
};
