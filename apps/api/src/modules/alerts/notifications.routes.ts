import { FLEET_DOORS } from '@scentia/shared/access.rules';
import {
  notificationSettingsSchema,
  notificationsQuerySchema,
  notificationsSchema,
} from '@scentia/shared/alerts.schemas';
import { idTextSchema } from '@scentia/shared/integers.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentScope } from '../../lib/access-scope.ts';
import { errorResponses } from '../../lib/http-schemas.ts';
import { currentAccount } from '../../plugins/auth.ts';
import type { NotificationsService } from './notifications.service.ts';

const tags = ['notifications'];

/**
 * The quick panel's notification and settings tabs: each person's own marks and choices; a member's
 * alerts are their organisation's (their locations' when limited).
 */
const config = { access: FLEET_DOORS.notifications.read };
export const notificationsRoutes: FastifyPluginAsyncZod<{ service: NotificationsService }> = async (
  app,
  { service },
) => {
  app.get(
    '/notifications',
    {
      config,
      schema: {
        tags,
        summary:
          'The open alerts (capsules running out or past due, devices offline), critical first then newest, with how many are open and how many the caller has not read',
        querystring: notificationsQuerySchema,
        response: { 200: notificationsSchema, ...errorResponses },
      },
    },
    async (request) => service.list(currentAccount(request).id, request.query.limit, currentScope(request)),
  );

  app.put(
    '/notifications/read/:alertId',
    {
      config,
      schema: {
        tags,
        summary: 'Marks one alert read by the caller (again: nothing changes); 404 for an unknown alert',
        params: z.strictObject({ alertId: idTextSchema }),
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await service.markRead(currentAccount(request).id, request.params.alertId, currentScope(request));
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/notifications/read-all',
    {
      config,
      schema: {
        tags,
        summary: 'Marks every open alert read by the caller',
        // No body, or an empty one: fields sent here are a client's mistake, refused rather than ignored.
        body: z.strictObject({}).nullish(),
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await service.markAllRead(currentAccount(request).id, currentScope(request));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/notification-settings',
    {
      config,
      schema: {
        tags,
        summary: 'The caller’s notification settings (the daily digest mail is off until turned on)',
        response: { 200: notificationSettingsSchema, ...errorResponses },
      },
    },
    async (request) => service.settings(currentAccount(request).id),
  );

  app.put(
    '/notification-settings',
    {
      config,
      schema: {
        tags,
        summary:
          'Sets the caller’s notification settings: `dailyDigest` mails them the open alerts once a day, in their language',
        body: notificationSettingsSchema,
        response: { 200: notificationSettingsSchema, ...errorResponses },
      },
    },
    async (request) => service.saveSettings(currentAccount(request).id, request.body),
  );
};
