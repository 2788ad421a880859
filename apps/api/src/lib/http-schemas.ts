import { ErrorCode } from '@scentia/shared/error-codes';
import { idTextSchema } from '@scentia/shared/integers.schemas';
import { z } from 'zod';

export const errorBodySchema = z.object({
  statusCode: z.number().int(),
  code: z.enum(Object.values(ErrorCode) as [ErrorCode, ...ErrorCode[]]),
  message: z.string(),
  fields: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

/** The error answers every route may give, declared so the OpenAPI document shows them. */
export const errorResponses = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  429: errorBodySchema,
};

/** `/{resource}/{id}` path parameters: a row's id, decimal digits within its column's range. */
export const idParamsSchema = z.strictObject({ id: idTextSchema });

/** `DELETE /{resource}/{id}?hardDelete=true` deletes for good; without it the record is deactivated. */
export const hardDeleteQuerySchema = z.strictObject({
  hardDelete: z
    .enum(['true', 'false'], { error: 'invalidOption' })
    .transform((value) => value === 'true')
    .default(false),
});
