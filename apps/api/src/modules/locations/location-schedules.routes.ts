import { FLEET_DOORS } from '@scentia/shared/access.rules';
import { locationRowSchema } from '@scentia/shared/locations.schemas';
import { locationScheduleBodySchema, scheduleCopyBodySchema } from '@scentia/shared/schedules.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentScope } from '../../lib/access-scope.ts';
import { idParamsSchema } from '../../lib/http-schemas.ts';
import { conflictErrors } from '../../lib/resource-kit/resource-routes.ts';
import type { LocationSchedulesService } from './location-schedules.service.ts';

const tags = ['locations'];

export const locationSchedulesRoutes: FastifyPluginAsyncZod<{ service: LocationSchedulesService }> = async (
  app,
  { service },
) => {
  app.put(
    '/locations/schedule/:id',
    {
      // A Manager sets their own locations' schedules.
      config: { access: FLEET_DOORS.locations.schedules },
      schema: {
        tags,
        summary:
          'Sets an active location’s weekly schedule: ranges in its time zone (an end at or before the start runs into the next day), each with an intensity in shots per hour',
        params: idParamsSchema,
        body: locationScheduleBodySchema,
        response: { 200: locationRowSchema, ...conflictErrors },
      },
    },
    async (request) => {
      const { ranges, updatedAt } = request.body;
      return service.setSchedule(request.params.id, { ranges }, updatedAt, currentScope(request));
    },
  );

  app.post(
    '/locations/schedule-copy',
    {
      config: { access: FLEET_DOORS.locations.schedules },
      schema: {
        tags,
        summary:
          'Copies one location’s schedule onto up to 100 active locations in one transaction; one inactive or unknown target refuses the copy (400 naming it) and nothing is written',
        body: scheduleCopyBodySchema,
        response: { 200: z.object({ copied: z.number().int() }), ...conflictErrors },
      },
    },
    async (request) => service.copySchedule(request.body, currentScope(request)),
  );
};
