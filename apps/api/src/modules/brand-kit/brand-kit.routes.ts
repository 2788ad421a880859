import { brandKitSchema } from '@scentia/shared/brand-kit.schemas';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/http-schemas.ts';
import type { BrandKitService } from './brand-kit.service.ts';

const ZIP_TYPE = 'application/zip';
/** The content service down, slow or answering nonsense, with no copy to serve: a localized 503. */
const withUnavailable = { ...errorResponses, 503: errorResponses[400] };

/** "Download the visual identity" (spec §2, §7): staff only, the default access. */
export const brandKitRoutes: FastifyPluginAsyncZod<{ service: BrandKitService }> = async (
  app,
  { service },
) => {
  app.get(
    '/brand-kit',
    {
      schema: {
        tags: ['brand-kit'],
        summary:
          'The visual identity in the request’s language: its text and the list of logo files, and where it comes from (the content service or the embedded kit)',
        response: { 200: brandKitSchema, ...withUnavailable },
      },
    },
    async (request) => service.getBrandKit(request.language),
  );

  app.get(
    '/brand-kit/download',
    {
      config: { fileAnswer: ZIP_TYPE },
      schema: {
        tags: ['brand-kit'],
        summary:
          'The visual identity as a zip: the logo files and the identity text (`.md`) in the request’s language',
        response: withUnavailable,
      },
    },
    async (request, typedReply) => {
      // A file, not one of the JSON answers the schema declares.
      const reply = typedReply as FastifyReply;
      const zip = await service.downloadBrandKit(request.language);
      return reply
        .header('content-type', ZIP_TYPE)
        .header('content-disposition', `attachment; filename="${zip.fileName}"`)
        .header('cache-control', 'private, no-cache')
        .send(Buffer.from(zip.bytes.buffer, zip.bytes.byteOffset, zip.bytes.byteLength));
    },
  );
};
