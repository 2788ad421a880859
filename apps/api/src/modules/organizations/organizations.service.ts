import { ErrorCode } from '@scentia/shared/error-codes';
import { type OrganizationAction, organizationActionRefusal } from '@scentia/shared/organizations.rules';
import {
  ORGANIZATION_LOCATIONS_NAMED,
  type OrganizationBody,
  organizationRowSchema,
} from '@scentia/shared/organizations.schemas';
import { rowOf } from '../../lib/resource-kit/kit-row.ts';
import { kitValues, recordService } from '../../lib/resource-kit/kit-service.ts';
import { namesAndMore } from '../../lib/resource-kit/refusal.ts';
import { organizationImport } from './organizations.import.ts';
import {
  type OrganizationRecord,
  type OrganizationsRepository,
  organizationsList,
} from './organizations.repository.ts';

/** Its row: the row schema's fields from the like-named columns; the id is the record's. */
const toOrganizationRow = rowOf(organizationRowSchema, (record: OrganizationRecord) => ({
  organizationId: record.id,
}));

/**
 * Client organisations, the owners of devices. Their rules (packages/shared organizations.rules.ts:
 * edit only while active; active locations keep one active; any location keeps it from being deleted
 * for good) are enforced here with their 409s; a refusal for its locations names them. The body's
 * fields are its columns (`kitValues`), and its spreadsheet import saves each row with this
 * service's create and update.
 */
export function createOrganizationsService(repository: OrganizationsRepository) {
  return recordService(repository, {
    list: organizationsList,
    toRow: toOrganizationRow,
    refusal: (record: OrganizationRecord, action: OrganizationAction) =>
      organizationActionRefusal(
        {
          isActive: record.deletedAt === null,
          activeLocationCount: record.activeLocationCount,
          locationCount: record.locationCount,
        },
        action,
      ),
    // Deactivating is refused for its active locations; deleting (it is inactive) for any.
    describe: async (record, code) => {
      if (code !== ErrorCode.ORGANIZATION_HAS_LOCATIONS) return undefined;
      const activeOnly = record.deletedAt === null;
      const named = await repository.locationNames(record.id, activeOnly, ORGANIZATION_LOCATIONS_NAMED);
      const total = activeOnly ? record.activeLocationCount : record.locationCount;
      return {
        names: namesAndMore(
          named.map((location) => location.name),
          total,
        ),
      };
    },
    // Besides the name (`organizations_search_name_key`), the CNPJ is unique.
    unique: { organizations_cnpj_key: ErrorCode.CNPJ_TAKEN },
    values: kitValues<OrganizationBody>(),
    import: organizationImport,
  }).service;
}

export type OrganizationsService = ReturnType<typeof createOrganizationsService>;
