import { MailOutlined } from '@ant-design/icons';
import { userRowActions } from '@scentia/shared/users.rules';
import { isAdminProfile } from '@scentia/shared/validators';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { kitText } from '../../../components/resource-kit-keys.ts';
import { bulkEndpoint } from '../../../components/resource-list/bulk-endpoint.ts';
import {
  createdAtColumn,
  emailColumn,
  StatusTag,
} from '../../../components/resource-list/column-builders.tsx';
import { useCallerBulkActions } from '../../../components/resource-list/record-bulk.ts';
import type { ResourceColumn } from '../../../components/resource-list/resource-column.ts';
import { ResourceList } from '../../../components/resource-list/resource-list.tsx';
import { recordRowAction } from '../../../components/resource-list/row-action-builders.tsx';
import type { RowAction } from '../../../components/resource-list/row-actions.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/use-session.ts';
import { useDeleteUser } from '../api/delete-user.ts';
import { exportUsers } from '../api/export-users.ts';
import { invalidateUsers } from '../api/invalidate-users.ts';
import { USER_SORTS, type UserRow, usersList } from '../api/list-users.ts';
import { useResendUserMail } from '../api/resend-user-mail.ts';
import { useToggleUser } from '../api/toggle-user.ts';
import { userMutations } from '../api/user-mutations.ts';

const usersBulk = bulkEndpoint('/usuario');

/** /admin/users (spec §2): the users list with the row actions the viewer may use (spec §4). */
export default function UsersListPage() {
  const { t } = useTranslation('users');
  const { user: viewer } = useSession();
  const toggle = useToggleUser();
  const remove = useDeleteUser();
  const resend = useResendUserMail();
  // The same rule as the rows': only an admin activates, deactivates and deletes users; anyone resends.
  const bulkActions = useCallerBulkActions(
    isAdminProfile(viewer?.profile.nome)
      ? ['activate', 'deactivate', 'delete', 'resendConfirmation']
      : ['resendConfirmation'],
  );

  const columns: ResourceColumn<UserRow>[] = [
    { title: t('fields.name'), dataIndex: 'nome', sortKey: USER_SORTS.name, card: 'name' },
    emailColumn(t('fields.email'), 'email', USER_SORTS.email),
    {
      title: t('fields.profile'),
      dataIndex: ['profile', 'nome'],
      sortKey: USER_SORTS.profile,
    },
    {
      title: kitText(t, 'columns.status'),
      dataIndex: 'ativo',
      card: 'state',
      render: (isActive: boolean, row: UserRow) => (
        <>
          <StatusTag t={t} isActive={isActive} />
          {row.anonymizedAt && <Tag className="status-tag">{t('status.anonymised')}</Tag>}
        </>
      ),
    },
    {
      title: t('columns.confirmed'),
      dataIndex: 'confirmedAt',
      card: 'state',
      render: (confirmedAt: string | null) =>
        confirmedAt ? (
          t('common:list.yes')
        ) : (
          <Tag className="status-tag is-warning">{t('common:list.no')}</Tag>
        ),
    },
    createdAtColumn(t, USER_SORTS.createdAt),
  ];

  function resendAction(row: UserRow): RowAction {
    return {
      key: 'resend',
      label: t('actions.resend'),
      icon: <MailOutlined />,
      confirm: { title: t('confirm.resend', { email: row.email }) },
      run: () => resend.mutateAsync(row.id),
      successMessage: t('messages.mailSent'),
      errorMessage: t('messages.mailError'),
    };
  }

  function rowActions(row: UserRow): RowAction[] {
    if (!viewer) return [];
    const target = {
      name: row.nome,
      isActive: row.ativo,
      editPath: PATHS.admin.users.update(row.id),
      remove: () => remove.mutateAsync(row.id),
      toggle: () => toggle.mutateAsync({ id: row.id, ativo: !row.ativo }),
    };
    const actions = userRowActions(
      { id: viewer.id, profileName: viewer.profile.nome },
      { id: row.id, isConfirmed: row.confirmedAt !== null, isAnonymised: row.anonymizedAt !== null },
    );
    return actions.map((kind) => (kind === 'resend' ? resendAction(row) : recordRowAction(t, kind, target)));
  }

  return (
    <ResourceList<UserRow>
      title={t('title')}
      endpoint="usuario"
      useList={usersList.useList}
      columns={columns}
      rowKey={(row) => row.id}
      defaultSort={{ orderBy: USER_SORTS.createdAt, orderByDirection: 'desc' }}
      searchLabel={t('searchLabel')}
      hasActiveFilter
      add={{ path: PATHS.admin.users.create, label: t('actions.add') }}
      onExport={exportUsers}
      rowActions={rowActions}
      bulk={{
        endpoint: usersBulk,
        t,
        actions: bulkActions,
        rowId: (row) => row.id,
        rowName: (row) => row.nome,
        invalidate: invalidateUsers,
      }}
      importer={userMutations.importer}
    />
  );
}
