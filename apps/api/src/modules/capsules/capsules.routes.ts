import { FLEET_DOORS } from '@scentia/shared/access.rules';
import { capsuleListQuerySchema, capsuleRowSchema } from '@scentia/shared/capsules.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerReadRoutes } from '../../lib/resource-kit/resource-routes.ts';
import { capsuleExportColumns } from './capsules.export.ts';
import type { CapsulesService } from './capsules.service.ts';

/** Read-only: capsules come from the devices' heartbeats, and shots count them down. */
export const capsulesRoutes: FastifyPluginAsyncZod<{ service: CapsulesService }> = async (
  app,
  { service },
) => {
  registerReadRoutes(app, {
    path: '/capsules',
    tag: 'capsules',
    row: capsuleRowSchema,
    service,
    // Members read the capsules in their organisation's devices, with their run-out forecasts.
    readConfig: { access: FLEET_DOORS.capsules.read },
    listQuery: capsuleListQuerySchema,
    spreadsheet: {
      fileName: 'export.capsules.fileName',
      sheet: 'export.capsules.sheet',
      columns: capsuleExportColumns,
    },
    summaries: {
      list: 'Capsules (read-only, as the devices report them): search by serial, fragrance or device MAC (any spelling); one device’s or one fragrance’s with `deviceId`/`fragranceId`, those now in a device of `organizationId`/`locationId`; with a period (`from`, `to`, UTC days), each row’s shots in it (`shotsInPeriod`); active = in a device; sort and page',
      export: 'The capsules list (same filters) as an .xlsx spreadsheet',
      get: 'One capsule',
    },
  });
};
