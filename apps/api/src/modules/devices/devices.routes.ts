import { FLEET_DOORS } from '@scentia/shared/access.rules';
import {
  type DeviceMove,
  deviceBodySchema,
  deviceListQuerySchema,
  deviceMoveSchema,
  deviceOptionSchema,
  deviceRecordSchema,
  deviceRowSchema,
  formatMacAddress,
  resetCodeSchema,
} from '@scentia/shared/devices.schemas';
import { deviceScheduleBodySchema } from '@scentia/shared/schedules.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentScope } from '../../lib/access-scope.ts';
import { idParamsSchema } from '../../lib/http-schemas.ts';
import { registerImportRoutes } from '../../lib/resource-kit/import/import-routes.ts';
import { conflictErrors, registerResourceRoutes } from '../../lib/resource-kit/resource-routes.ts';
import { registerSaveRoutes } from '../../lib/resource-kit/save-routes.ts';
import { deviceExportColumns } from './devices.export.ts';
import type { DevicesService } from './devices.service.ts';

const tag = 'devices';

export const devicesRoutes: FastifyPluginAsyncZod<{ service: DevicesService }> = async (app, { service }) => {
  registerResourceRoutes(app, {
    recordType: 'device',
    tag,
    row: deviceRowSchema,
    getRow: deviceRecordSchema,
    service,
    // Members read their organisation's devices (at their locations when limited); registering,
    // retiring, moving and provisioning stay the staff's.
    config: { access: FLEET_DOORS.devices.states },
    readConfig: { access: FLEET_DOORS.devices.read },
    listQuery: deviceListQuerySchema,
    // A bulk move runs the form's rules for each device (active, to an active location and campaign),
    // a chunk at once.
    bulk: {
      idOf: (row) => row.deviceId,
      nameOf: (row) => formatMacAddress(row.macAddress),
      values: { move: deviceMoveSchema },
      chunkActions: {
        move: (rows, values, caller) =>
          service.moveMany(
            rows.map((row) => row.deviceId),
            values as DeviceMove,
            caller.scope,
          ),
      },
    },
    spreadsheet: {
      fileName: 'export.devices.fileName',
      sheet: 'export.devices.sheet',
      columns: (language) => deviceExportColumns(language, service.connectionOf),
    },
    quickSearch: {
      summary:
        'Up to 10 active devices whose MAC address (with or without separators), campaign, user, owner or location contains `str` (typeahead)',
      match: deviceOptionSchema,
      search: (text, _query, scope) => service.quickSearch(text, scope),
    },
    summaries: {
      list: 'Devices: search by MAC address (any spelling), campaign, user, owner or location; filter by organisation, location, campaign and connection (online, offline, never); with a period (`from`, `to`, `timeZone`: the dashboard’s), each row’s shots in it (`shotsInPeriod`, of the campaign filtered on); active filter, sort and page',
      export: 'The devices list (same filters) as an .xlsx spreadsheet',
      get: 'One device: its row, its campaign’s slots, the capsules it holds and the schedule it runs',
      activate: 'Reactivates a retired device (its location must be active); it must provision itself again',
      delete:
        'Retires a device (its credential and secret are revoked), or deletes it for good with hardDelete=true (retired, and never sent shots)',
    },
  });

  registerSaveRoutes(app, {
    recordType: 'device',
    tag,
    row: deviceRowSchema,
    input: { json: deviceBodySchema },
    create: service.create,
    update: service.update,
    createConfig: { access: FLEET_DOORS.devices.create },
    updateConfig: { access: FLEET_DOORS.devices.update },
    summaries: {
      create:
        'Registers a device: MAC address (any usual spelling, stored as 12 hex digits, unique), an active location and an active campaign',
      update:
        'Updates an active device (MAC, location, campaign); `updatedAt` of the loaded version refuses a save over a newer one',
    },
  });

  registerImportRoutes(app, { tag, ...service.importer, config: { access: FLEET_DOORS.devices.create } });

  app.post(
    '/devices/reset-code/:id',
    {
      // A Manager pairs their shop's app users too (docs/decisions/client-access.md).
      config: { access: FLEET_DOORS.devices.resetCode },
      schema: {
        tags: [tag],
        summary:
          'The device’s current reset code (RFC 6238, 6 digits, 60-second step) and the seconds left in its step; every code shown is recorded in the audit trail',
        params: idParamsSchema,
        response: { 200: resetCodeSchema, ...conflictErrors },
      },
    },
    async (request) => service.resetCode(request.params.id, currentScope(request)),
  );

  app.put(
    '/devices/remove-user/:id',
    {
      config: { access: FLEET_DOORS.devices.removeUser },
      schema: {
        tags: [tag],
        summary: 'Disconnects the app user linked to the device (409 DEVICE_NO_USER when nobody is)',
        params: idParamsSchema,
        response: { 200: deviceRowSchema, ...conflictErrors },
      },
    },
    async (request) => service.removeUser(request.params.id),
  );

  app.put(
    '/remove-user/:id',
    {
      schema: {
        tags: [tag],
        summary:
          'Disconnects the user with this id from every device (409 USER_NO_DEVICE when they are linked to none)',
        params: idParamsSchema,
        response: { 200: z.object({ devices: z.number().int() }), ...conflictErrors },
      },
    },
    async (request) => service.removeUserEverywhere(request.params.id),
  );

  app.put(
    '/devices/reprovision/:id',
    {
      config: { access: FLEET_DOORS.devices.reprovision },
      schema: {
        tags: [tag],
        summary:
          'Allows an active device to provision itself again: its credential and secret are revoked until it does',
        params: idParamsSchema,
        response: { 200: deviceRowSchema, ...conflictErrors },
      },
    },
    async (request) => service.reprovision(request.params.id),
  );

  app.put(
    '/devices/schedule/:id',
    {
      config: { access: FLEET_DOORS.devices.schedule },
      schema: {
        tags: [tag],
        summary:
          'Sets an active device’s own weekly schedule (ranges in its location’s time zone, crossing midnight allowed), or null to follow its location’s',
        params: idParamsSchema,
        body: deviceScheduleBodySchema,
        response: { 200: deviceRecordSchema, ...conflictErrors },
      },
    },
    async (request) =>
      service.setSchedule(
        request.params.id,
        request.body.schedule,
        request.body.updatedAt,
        currentScope(request),
      ),
  );
};
