import {
  deviceConfigSchema,
  heartbeatAnswerSchema,
  heartbeatBodySchema,
  provisionAnswerSchema,
  provisionBodySchema,
  shotBatchAnswerSchema,
  shotBatchBodySchema,
} from '@scentia/shared/device-api.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { serializeAsBuilt, serializeOncePerObject } from '../../lib/built-answer-serializer.ts';
import { clientAddress } from '../../lib/client-address.ts';
import { errorBodySchema, errorResponses } from '../../lib/http-schemas.ts';
import type { DeviceApiService } from './device-api.service.ts';
import { heartbeatValidatorCompiler } from './heartbeat-body.ts';
import { shotBatchValidatorCompiler } from './shot-batch-body.ts';

const tags = ['device'];

/** A provisioning is a MAC and a key: far under a kilobyte. */
const PROVISION_BODY_LIMIT = 1024;
/** 20 capsules of the longest fields are about 3 KB of JSON. */
const HEARTBEAT_BODY_LIMIT = 8 * 1024;
/** 1,000 entries of the longest spelling (an ISO time with an offset, slot 20, count 1000) are about 70 KB. */
const SHOTS_BODY_LIMIT = 128 * 1024;

const conflict = { 409: errorBodySchema };

/**
 * A fleet's requests are logged from warnings up: a line or two for each of a hundred thousand
 * diffusers' heartbeats would cost more than answering them. Their counts, statuses and times are in
 * the metrics (plugins/metrics.ts); their errors are still logged.
 */
const DEVICE_LOG_LEVEL = 'warn';

/** The body limit as the document tells it: a larger body is refused before it is read. */
function bodyLimitNote(bytes: number): string {
  return `Body: JSON (\`Content-Type: application/json\`), at most ${bytes / 1024} KB (413 past it).`;
}

function rateLimitNote(requestsPerMinute: number): string {
  return `Rate limit: ${requestsPerMinute} calls a minute per device over all device routes (429 with Retry-After past it).`;
}

/** What the diffusers call, with the credential provisioning gave them (`Authorization: Bearer dvc_…`). */
export const deviceApiRoutes: FastifyPluginAsyncZod<{
  service: DeviceApiService;
  requestsPerMinute: number;
  /** How long a capsule stays with the device that last reported it, for the document. */
  capsuleHoldMinutes: number;
  /** Wrong provisioning keys allowed per address in a window, for the document. */
  provisioningFailures: { limit: number; windowMinutes: number };
}> = async (app, { service, requestsPerMinute, capsuleHoldMinutes, provisioningFailures }) => {
  const limitNote = rateLimitNote(requestsPerMinute);

  app.post(
    '/device/provision',
    {
      bodyLimit: PROVISION_BODY_LIMIT,
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Provision a registered device: its credential and reset-code secret, answered once',
        description: [
          'A device registered in the back-office (by its MAC) presents the provisioning key and receives the',
          'credential for every other device call and the RFC 6238 secret of its reset codes. A second call is',
          'refused (409) until staff allow a new provisioning from the device page.',
          '',
          bodyLimitNote(PROVISION_BODY_LIMIT),
          `Rate limit: ${provisioningFailures.limit} wrong keys per ${provisioningFailures.windowMinutes} minutes per address (429 with Retry-After past it).`,
          '',
          'Example: `{"macAddress": "AA:BB:CC:DD:EE:01", "provisioningKey": "…"}` →',
          '`{"deviceId": 7, "credential": "dvc_…", "secret": "JBSWY3DPEHPK3PXP…", "codeDigits": 6,',
          '"codeStepSeconds": 60, "codeAlgorithm": "SHA1"}`',
        ].join('\n'),
        body: provisionBodySchema,
        response: { 201: provisionAnswerSchema, ...errorResponses, ...conflict },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return service.provision(request.body, clientAddress(request));
    },
  );

  app.post(
    '/device/heartbeat',
    {
      bodyLimit: HEARTBEAT_BODY_LIMIT,
      config: { access: 'device', deviceLookup: 'hash' },
      logLevel: DEVICE_LOG_LEVEL,
      validatorCompiler: heartbeatValidatorCompiler,
      serializerCompiler: serializeAsBuilt,
      schema: {
        tags,
        summary: 'Report the firmware and the capsules present in each slot; marks the device seen',
        description: [
          'A capsule the server has not seen is recorded with the level the device counted; a known one keeps',
          'the server’s count and moves to the slot reported; this device’s capsules not reported are taken out.',
          `A capsule another device reported within the last ${capsuleHoldMinutes} minutes stays there: it is left`,
          'out of the answer and its slot here counts as empty (shots from it: 409) until that device stops',
          'reporting it or goes silent for that long. A serial alone does not take a capsule from a working device.',
          'The answer has the server’s levels and the configuration version (fetch `/api/device/config` when it',
          'changed). Send one when the device starts, after a capsule changes, and several times within any',
          `${capsuleHoldMinutes} minutes: a device not heard from for that long shows offline and loses its hold on its capsules.`,
          `Its last-seen time is kept to within ${capsuleHoldMinutes * 6} s (a tenth of that): a heartbeat that changes nothing writes it only once it is older, together with other devices’ a few seconds later.`,
          '',
          bodyLimitNote(HEARTBEAT_BODY_LIMIT),
          limitNote,
          '',
          'Example: `{"firmwareVersion": "1.4.2", "capsules": [{"slot": 1, "serialNumber": "CAP-000123",',
          '"fragranceId": 4, "sizeShots": 3000, "remainingShots": 2950, "dueDate": "2027-06-30"}]}`',
        ].join('\n'),
        body: heartbeatBodySchema,
        response: { 200: heartbeatAnswerSchema, ...errorResponses },
      },
    },
    async (request) => service.heartbeat(request.deviceCredentialHash ?? '', request.body),
  );

  app.post(
    '/device/shots',
    {
      bodyLimit: SHOTS_BODY_LIMIT,
      config: { access: 'device', deviceLookup: 'hash' },
      logLevel: DEVICE_LOG_LEVEL,
      validatorCompiler: shotBatchValidatorCompiler,
      serializerCompiler: serializeAsBuilt,
      schema: {
        tags,
        summary: 'Record a batch of shots (at most 1,000 entries); a sequence received before counts once',
        description: [
          'Each batch carries the device’s own sequence number: sent again (a lost answer, a retry) it is answered',
          'with `isNew: false` and counted once. The shots lower the levels of the capsules in their slots (never',
          'below zero) and the statistics in the same transaction. A slot without a capsule refuses the whole',
          'batch (409: send a heartbeat first). Shot times may be at most 5 minutes ahead of the server’s clock',
          'and within the months the statistics keep. Shots beyond a capsule’s level are recorded and counted (the',
          'device fired them); the level stops at 0.',
          '',
          bodyLimitNote(SHOTS_BODY_LIMIT),
          limitNote,
          '',
          'Example: `{"sequence": 42, "shots": [{"at": "2026-11-24T15:04:05Z", "slot": 3, "count": 2}]}` →',
          '`{"sequence": 42, "isNew": true, "shots": 2, "capsules": [{"slot": 3, "remainingShots": 2948}]}`',
        ].join('\n'),
        body: shotBatchBodySchema,
        response: { 200: shotBatchAnswerSchema, ...errorResponses, ...conflict },
      },
    },
    async (request) => service.recordShots(request.deviceCredentialHash ?? '', request.body),
  );

  app.get(
    '/device/config',
    {
      config: { access: 'device', deviceLookup: 'hash' },
      logLevel: DEVICE_LOG_LEVEL,
      serializerCompiler: serializeOncePerObject,
      schema: {
        tags,
        summary: 'The campaign and the weekly schedule to play, with their version (also the ETag)',
        description: [
          'Send the version held as `If-None-Match: "<version>"`: an unchanged configuration answers 304 with',
          'no body. The schedule is the device’s own or its location’s, in the location’s time zone; a range',
          'whose end is at or before its start runs into the next day.',
          '',
          limitNote,
        ].join('\n'),
        response: { 200: deviceConfigSchema, 304: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const config = await service.config(request.deviceCredentialHash ?? '');
      const etag = `"${config.version}"`;
      reply.header('etag', etag);
      const held = request.headers['if-none-match'];
      if (held?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
        return reply.code(304).send(null);
      }
      return config;
    },
  );
};
