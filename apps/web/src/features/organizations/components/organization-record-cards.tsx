import { DeleteOutlined } from '@ant-design/icons';
import { FLEET_DOORS } from '@scentia/shared/access.rules';
import type { OrganizationRow } from '@scentia/shared/organizations.schemas';
import { isAdminProfile } from '@scentia/shared/validators';
import { Button, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RecordCard } from '../../../components/record-card.tsx';
import { kitText } from '../../../components/resource-kit-keys.ts';
import { StatusTag } from '../../../components/resource-list/column-builders.tsx';
import {
  type RowCommandAction,
  useConfirmedCommand,
} from '../../../components/resource-list/row-actions.tsx';
import { useMayPass } from '../../../lib/access.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/use-session.ts';
import {
  LOCATION_SORTS,
  type LocationRow,
  locationsList,
  ORGANIZATION_FILTER,
} from '../../locations/api/list-locations.ts';
import { useEraseContact } from '../api/erase-contact.ts';
import './organization-record-cards.css';

/** How many of its locations the card shows; the list filtered by the organisation has them all. */
const SHOWN_LOCATIONS = 10;

type CardsProps = { row: OrganizationRow; reload: () => Promise<unknown> };

/** The organisation's edit page below its form: its locations, and the contact erasure for admins. */
export function OrganizationRecordCards({ row, reload }: CardsProps) {
  return (
    <>
      <LocationsCard organization={row} />
      <MembersCard organization={row} />
      <ContactErasureCard organization={row} reload={reload} />
    </>
  );
}

function LocationsCard({ organization }: { organization: OrganizationRow }) {
  const { t } = useTranslation('organizations');
  const { t: locationText } = useTranslation('locations');
  const id = String(organization.organizationId);
  const locations = locationsList.useList({
    page: 1,
    perPage: SHOWN_LOCATIONS,
    search: '',
    orderBy: LOCATION_SORTS.name,
    orderByDirection: 'asc',
    filters: { [ORGANIZATION_FILTER]: id },
  });
  const filtered = `?${new URLSearchParams({ [ORGANIZATION_FILTER]: id })}`;
  const total = locations.data?.total ?? 0;
  const mayAdd = useMayPass()(FLEET_DOORS.locations.create);

  return (
    <RecordCard
      title={t('locations.title')}
      extra={
        organization.ativo &&
        mayAdd && <Link to={`${PATHS.admin.locations.create}${filtered}`}>{t('locations.add')}</Link>
      }
    >
      <Table<LocationRow>
        rowKey={(location) => location.locationId}
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        loading={locations.isFetching}
        dataSource={locations.data?.data ?? []}
        locale={{
          emptyText: locations.isError
            ? errorMessage(locations.error, t, t('locations.loadError'))
            : t('locations.empty'),
        }}
        columns={[
          {
            title: t('common:form.kit.fields.name'),
            dataIndex: 'name',
            render: (name: string, location) => (
              <Link to={PATHS.admin.locations.update(location.locationId)}>{name}</Link>
            ),
          },
          { title: t('common:list.kit.columns.city'), dataIndex: ['address', 'city'] },
          {
            title: kitText(locationText, 'columns.status'),
            dataIndex: 'ativo',
            render: (isActive: boolean) => <StatusTag t={locationText} isActive={isActive} />,
          },
        ]}
      />
      {total > 0 && (
        <p className="organization-locations-all">
          <Link to={`${PATHS.admin.locations.list}${filtered}`}>{t('locations.all', { count: total })}</Link>
        </p>
      )}
    </RecordCard>
  );
}

/** Staff reach an organisation's members (docs/decisions/client-access.md) from its page. */
function MembersCard({ organization }: { organization: OrganizationRow }) {
  const { t } = useTranslation('organizations');
  if (!useMayPass()(FLEET_DOORS.organizations.members)) return null;
  return (
    <RecordCard title={t('members.title')}>
      <p>{t('members.text')}</p>
      <Link to={PATHS.admin.organizations.members(organization.organizationId)}>{t('members.link')}</Link>
    </RecordCard>
  );
}

/**
 * The contact person is personal data, not an account (docs/decisions/organisations.md): an admin erases it
 * here, which clears name, e-mail and phone and scrubs them from the trail. The form above still holds
 * them, so it is read again afterwards, or a save would write them back.
 */
function ContactErasureCard({
  organization,
  reload,
}: {
  organization: OrganizationRow;
  reload: () => Promise<unknown>;
}) {
  const { t } = useTranslation('organizations');
  const confirm = useConfirmedCommand();
  const { user: viewer } = useSession();
  const erase = useEraseContact();
  if (!viewer || !isAdminProfile(viewer.profile.nome)) return null;
  const hasContact = Boolean(organization.contactName || organization.contactEmail || organization.phone);
  const erasure: RowCommandAction = {
    key: 'eraseContact',
    label: t('contactErasure.action'),
    icon: <DeleteOutlined />,
    isDanger: true,
    confirm: {
      title: t('contactErasure.confirmTitle', { name: organization.name }),
      content: t('contactErasure.confirmText'),
      okText: t('contactErasure.confirmOk'),
    },
    run: async () => {
      await erase.mutateAsync(organization.organizationId);
      await reload();
    },
    successMessage: t('contactErasure.done'),
    errorMessage: t('contactErasure.error'),
  };

  return (
    <RecordCard title={t('contactErasure.title')}>
      <p>{hasContact ? t('contactErasure.text') : t('contactErasure.nothing')}</p>
      <Button danger icon={erasure.icon} onClick={() => confirm(erasure)} disabled={!hasContact}>
        {erasure.label}
      </Button>
    </RecordCard>
  );
}
