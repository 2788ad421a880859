import { useTranslation } from 'react-i18next';
import type { ResourceColumn } from '../../../components/resource-list/resource-column.ts';
import { ResourceList } from '../../../components/resource-list/resource-list.tsx';
import { PROFILE_SORTS, type ProfileRow, useProfilesList } from '../api/list-profiles.ts';

/** /admin/perfis (spec §2, ADMIN only): name, master profile and number of users; no actions. */
export default function ProfilesPage() {
  const { t } = useTranslation('profiles');
  const columns: ResourceColumn<ProfileRow>[] = [
    { title: t('columns.name'), dataIndex: 'nome', sortKey: PROFILE_SORTS.name, card: 'name' },
    {
      title: t('columns.master'),
      dataIndex: ['perfilMaster', 'nome'],
      sortKey: PROFILE_SORTS.master,
      render: (master: string | undefined) => master ?? t('columns.noMaster'),
    },
    {
      title: t('columns.users'),
      dataIndex: 'totalUsuarios',
      sortKey: PROFILE_SORTS.users,
      align: 'right',
    },
  ];
  return (
    <ResourceList<ProfileRow>
      title={t('title')}
      subtitle={t('description')}
      endpoint="perfil"
      useList={useProfilesList}
      columns={columns}
      rowKey={(row) => row.id}
      defaultSort={{ orderBy: PROFILE_SORTS.name, orderByDirection: 'asc' }}
      searchLabel={t('searchLabel')}
    />
  );
}
