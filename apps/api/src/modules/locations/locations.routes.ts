import { FLEET_DOORS } from '@scentia/shared/access.rules';
import { idTextSchema } from '@scentia/shared/integers.schemas';
import { quickSearchQuerySchema } from '@scentia/shared/list.schemas';
import {
  locationBodySchema,
  locationListQuerySchema,
  locationOptionSchema,
  locationRowSchema,
} from '@scentia/shared/locations.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerImportRoutes } from '../../lib/resource-kit/import/import-routes.ts';
import { registerResourceRoutes } from '../../lib/resource-kit/resource-routes.ts';
import { registerSaveRoutes } from '../../lib/resource-kit/save-routes.ts';
import { locationExportColumns } from './locations.export.ts';
import type { LocationsService } from './locations.service.ts';

const tag = 'locations';

/** The typeahead's query: its text, and one organisation's locations only when `organizationId` is given. */
const locationQuickSearchQuerySchema = quickSearchQuerySchema.extend({
  organizationId: idTextSchema.optional(),
});

export const locationsRoutes: FastifyPluginAsyncZod<{ service: LocationsService }> = async (
  app,
  { service },
) => {
  registerResourceRoutes(app, {
    recordType: 'location',
    tag,
    row: locationRowSchema,
    service,
    // Members read their organisation's locations (theirs only when limited); writes stay the staff's,
    // but for a Manager's update of contact data (below) and schedules (location-schedules.routes.ts).
    config: { access: FLEET_DOORS.locations.states },
    readConfig: { access: FLEET_DOORS.locations.read },
    listQuery: locationListQuerySchema,
    spreadsheet: {
      fileName: 'export.locations.fileName',
      sheet: 'export.locations.sheet',
      columns: locationExportColumns,
    },
    quickSearch: {
      summary:
        'Up to 10 active locations whose name, city or organisation contains `str`, of one organisation with `organizationId` (typeahead)',
      match: locationOptionSchema,
      query: locationQuickSearchQuerySchema,
      search: (text, query, scope) => service.quickSearch(text, query.organizationId, scope),
    },
    summaries: {
      list: 'Locations: search by name, city or organisation; one organisation’s with `organizationId`; active filter, sort and page',
      export: 'The locations list (same filters) as an .xlsx spreadsheet',
      get: 'One location',
      activate: 'Reactivates a location (its organisation must be active)',
      delete: 'Deactivates a location, or deletes it for good with hardDelete=true (inactive)',
    },
  });

  registerSaveRoutes(app, {
    recordType: 'location',
    tag,
    row: locationRowSchema,
    input: { json: locationBodySchema },
    create: service.create,
    update: service.update,
    createConfig: { access: FLEET_DOORS.locations.create },
    updateConfig: { access: FLEET_DOORS.locations.update },
    summaries: {
      create: 'Creates a location under an active organisation (name unique within it)',
      update:
        'Updates an active location; it may move to another active organisation. A Manager changes their own locations’ address and note only (another field changed: 400)',
    },
  });

  registerImportRoutes(app, { tag, ...service.importer });
};
