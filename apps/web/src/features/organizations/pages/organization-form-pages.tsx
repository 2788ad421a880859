import { FLEET_DOORS } from '@scentia/shared/access.rules';
import { organizationActionRefusal } from '@scentia/shared/organizations.rules';
import { organizationBodySchema } from '@scentia/shared/organizations.schemas';
import { resourceFormPages } from '../../../components/resource-form/resource-form-pages.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { organizationRecord } from '../api/get-organization.ts';
import { organizationMutations } from '../api/organization-mutations.ts';
import { OrganizationForm } from '../components/organization-form.tsx';
import { OrganizationRecordCards } from '../components/organization-record-cards.tsx';
import {
  emptyOrganizationForm,
  organizationFormToBody,
  organizationToForm,
} from '../organization-form-values.ts';

/** /admin/organizations/create and /admin/organizations/{id}/update (with its locations). */
export const organizationFormPages = resourceFormPages({
  doors: FLEET_DOORS.organizations,
  namespace: 'organizations',
  bodySchema: organizationBodySchema,
  Form: OrganizationForm,
  listPath: PATHS.admin.organizations.list,
  useRecord: organizationRecord.useRecord,
  mutations: organizationMutations,
  emptyValues: emptyOrganizationForm,
  toValues: organizationToForm,
  toBody: organizationFormToBody,
  recordId: (organization) => organization.organizationId,
  recordType: 'organization',
  editRefusal: (organization) =>
    organizationActionRefusal({ ...organization, isActive: organization.ativo }, 'edit'),
  RecordCards: OrganizationRecordCards,
});
