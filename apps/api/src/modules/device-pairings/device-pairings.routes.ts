import { pairedDeviceSchema, pairingBodySchema } from '@scentia/shared/device-api.schemas';
import { idTextSchema } from '@scentia/shared/integers.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, errorResponses } from '../../lib/http-schemas.ts';
import { currentAccount } from '../../plugins/auth.ts';
import type { DevicePairingsService } from './device-pairings.service.ts';

const tags = ['device-pairings'];

/** The app's routes: a signed-in USER profile only (staff pair nothing; they disconnect from the back-office). */
export const devicePairingsRoutes: FastifyPluginAsyncZod<{
  service: DevicePairingsService;
  failures: { limit: number; windowMinutes: number };
}> = async (app, { service, failures }) => {
  app.post(
    '/app/device-pairings',
    {
      bodyLimit: 1024,
      config: { access: 'appUser' },
      schema: {
        tags,
        summary: 'Link the signed-in app user to a device with the reset code it shows now',
        description: [
          'The code is the device’s current RFC 6238 code or the one of the step before. Linking again to the',
          'same device answers 200; a device linked to someone else is refused (409) until staff disconnect them.',
          'Each code links once (RFC 6238 §5.2): a code of the step last accepted on the device, or of an older',
          'step, is refused like a wrong one (400 PAIRING_CODE_INVALID), even after an unpairing.',
          '',
          `Rate limit: ${failures.limit} wrong codes per ${failures.windowMinutes} minutes per device and per user (429 with Retry-After past it).`,
          '',
          'Example: `{"macAddress": "AA:BB:CC:DD:EE:01", "code": "492039"}`',
        ].join('\n'),
        body: pairingBodySchema,
        response: {
          200: pairedDeviceSchema,
          201: pairedDeviceSchema,
          ...errorResponses,
          409: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { device, isNew } = await service.pair(currentAccount(request), request.body);
      reply.code(isNew ? 201 : 200);
      return device;
    },
  );

  app.get(
    '/app/device-pairings',
    {
      config: { access: 'appUser' },
      schema: {
        tags,
        summary: 'The devices the signed-in app user is linked to',
        response: { 200: z.array(pairedDeviceSchema), ...errorResponses },
      },
    },
    async (request) => service.list(currentAccount(request)),
  );

  app.delete(
    '/app/device-pairings/:deviceId',
    {
      config: { access: 'appUser' },
      schema: {
        tags,
        summary: 'Unlink the signed-in app user from one of their devices',
        params: z.strictObject({ deviceId: idTextSchema }),
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await service.unpair(currentAccount(request), Number(request.params.deviceId));
      return reply.code(204).send(null);
    },
  );
};
