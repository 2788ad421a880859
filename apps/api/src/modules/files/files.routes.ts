import { ErrorCode } from '@scentia/shared/error-codes';
import { boundedIntegerText } from '@scentia/shared/integers.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { errorResponses } from '../../lib/http-schemas.ts';
import type { LocalStorage } from '../../lib/storage/local-storage.ts';

/** A signed URL's expiry, in Unix seconds: the last second of year 9999. */
const MAX_EXPIRES = 253_402_300_799;

/**
 * Serves files of the local storage driver. Images are loaded by `<img>` tags, which send no bearer
 * token, so the URL itself carries an expiring signature instead; stored files never change (keys are
 * never reused), so browsers may keep them until the URL expires.
 */
export const filesRoutes: FastifyPluginAsyncZod<{ storage: LocalStorage }> = async (app, { storage }) => {
  app.get(
    '/files/*',
    {
      config: { access: 'public', fileAnswer: 'image/webp' },
      schema: {
        tags: ['files'],
        summary: 'A stored file, through a signed, expiring URL',
        params: z.object({ '*': z.string().max(200) }),
        querystring: z.strictObject({
          expires: boundedIntegerText(0, MAX_EXPIRES),
          signature: z.string().max(100),
        }),
        response: errorResponses,
      },
    },
    async (request, reply) => {
      const key = request.params['*'];
      const { expires, signature } = request.query;
      if (!storage.verify(key, expires, signature)) throw new AppError(ErrorCode.NOT_FOUND);
      const file = await storage.read?.(key);
      if (!file) throw new AppError(ErrorCode.NOT_FOUND);
      const maxAge = Math.max(0, expires - Math.floor(Date.now() / 1000));
      return reply
        .header('content-type', key.endsWith('.webp') ? 'image/webp' : 'application/octet-stream')
        .header('content-length', file.size)
        .header('cache-control', `private, max-age=${maxAge}, immutable`)
        .header('x-content-type-options', 'nosniff')
        .send(file.body as never); // a stream: Fastify pipes it, no serialiser involved
    },
  );
};
