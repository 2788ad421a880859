import { FLEET_DOORS } from '@scentia/shared/access.rules';
import {
  organizationBodySchema,
  organizationOptionSchema,
  organizationRowSchema,
} from '@scentia/shared/organizations.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerImportRoutes } from '../../lib/resource-kit/import/import-routes.ts';
import { registerResourceRoutes } from '../../lib/resource-kit/resource-routes.ts';
import { registerSaveRoutes } from '../../lib/resource-kit/save-routes.ts';
import { organizationExportColumns } from './organizations.export.ts';
import type { OrganizationsService } from './organizations.service.ts';

const tag = 'organizations';

export const organizationsRoutes: FastifyPluginAsyncZod<{ service: OrganizationsService }> = async (
  app,
  { service },
) => {
  registerResourceRoutes(app, {
    recordType: 'organization',
    tag,
    row: organizationRowSchema,
    service,
    // A member reads their own organisation (a list of one); every write stays the staff's.
    config: { access: FLEET_DOORS.organizations.states },
    readConfig: { access: FLEET_DOORS.organizations.read },
    spreadsheet: {
      fileName: 'export.organizations.fileName',
      sheet: 'export.organizations.sheet',
      columns: organizationExportColumns,
    },
    quickSearch: {
      summary:
        'Up to 10 active organisations whose name, legal name, CNPJ or city contains `str` (typeahead)',
      match: organizationOptionSchema,
      search: (text, _query, scope) => service.quickSearch(text, scope),
    },
    summaries: {
      list: 'Client organisations: search by name, legal name, CNPJ (with or without its mask) or city; active filter, sort and page',
      export: 'The organisations list as an .xlsx spreadsheet',
      get: 'One organisation',
      activate: 'Reactivates an organisation',
      delete:
        'Deactivates an organisation (refused while it has active locations, named in the message), or deletes it for good with hardDelete=true (inactive, without locations)',
    },
  });

  registerSaveRoutes(app, {
    recordType: 'organization',
    tag,
    row: organizationRowSchema,
    input: { json: organizationBodySchema },
    create: service.create,
    update: service.update,
    createConfig: { access: FLEET_DOORS.organizations.create },
    updateConfig: { access: FLEET_DOORS.organizations.update },
    summaries: {
      create: 'Creates an organisation (name and CNPJ unique)',
      update: 'Updates an active organisation',
    },
  });

  registerImportRoutes(app, { tag, ...service.importer });
};
