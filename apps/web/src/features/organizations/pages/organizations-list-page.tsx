import { FLEET_DOORS } from '@scentia/shared/access.rules';
import { organizationRowActions } from '@scentia/shared/organizations.rules';
import { ORGANIZATION_KIT_FIELDS } from '@scentia/shared/organizations.schemas';
import { useTranslation } from 'react-i18next';
import { kitColumn } from '../../../components/resource-list/column-builders.tsx';
import { RecordList } from '../../../components/resource-list/record-list.tsx';
import { ORGANIZATION_SORTS, type OrganizationRow, organizationsList } from '../api/list-organizations.ts';
import { organizationMutations } from '../api/organization-mutations.ts';

/** /admin/organizations: the client companies, with the row actions their shared rule allows. */
export default function OrganizationsListPage() {
  const { t } = useTranslation('organizations');
  return (
    <RecordList<OrganizationRow>
      t={t}
      doors={FLEET_DOORS.organizations}
      resource="organizations"
      list={organizationsList}
      mutations={organizationMutations}
      importable
      record={(row) => ({ id: row.organizationId, name: row.name })}
      rowActions={(row) =>
        organizationRowActions({
          isActive: row.ativo,
          activeLocationCount: row.activeLocationCount,
          locationCount: row.locationCount,
        })
      }
      bulk={{}}
      columns={[
        kitColumn(t, ORGANIZATION_KIT_FIELDS, 'name', { sortKey: ORGANIZATION_SORTS.name }),
        {
          title: t('fields.legalName'),
          dataIndex: 'legalName',
          sortKey: ORGANIZATION_SORTS.legalName,
          priority: 'low',
        },
        kitColumn(t, ORGANIZATION_KIT_FIELDS, 'cnpj'),
        kitColumn(t, ORGANIZATION_KIT_FIELDS, 'address', { sortKey: ORGANIZATION_SORTS.city }),
      ]}
    />
  );
}
