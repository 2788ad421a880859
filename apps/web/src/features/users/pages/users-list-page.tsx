import {
  CheckCircleOutlined,
  DeleteOutlined,
  EditOutlined,
  MailOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { type ResourceColumn, ResourceList } from '../../../components/resource-list/resource-list.tsx';
import type { RowAction } from '../../../components/resource-list/row-actions.tsx';
import { useSession } from '../../../lib/use-session.ts';
import { useDeleteUser } from '../api/delete-user.ts';
import { exportUsers } from '../api/export-users.ts';
import { USER_SORTS, type UserRow, useUsersList } from '../api/list-users.ts';
import { useResendUserMail } from '../api/resend-user-mail.ts';
import { useToggleUser } from '../api/toggle-user.ts';
import { type UserRowActionKind, userRowActions } from '../user-row-actions.ts';

const DATE_TIME = 'DD/MM/YYYY HH:mm';

/** /admin/users (spec §2): the users list with the row actions the viewer may use (spec §4). */
export default function UsersListPage() {
  const { t } = useTranslation('users');
  const { user: viewer } = useSession();
  const toggle = useToggleUser();
  const remove = useDeleteUser();
  const resend = useResendUserMail();

  const columns: ResourceColumn<UserRow>[] = [
    { title: t('fields.name'), dataIndex: 'nome', sortKey: USER_SORTS.name },
    { title: t('fields.email'), dataIndex: 'email', sortKey: USER_SORTS.email },
    {
      title: t('fields.profile'),
      dataIndex: ['profile', 'nome'],
      sortKey: USER_SORTS.profile,
    },
    {
      title: t('columns.status'),
      dataIndex: 'ativo',
      render: (isActive: boolean) => (
        <Tag className={isActive ? 'status-tag is-positive' : 'status-tag'}>
          {isActive ? t('status.active') : t('status.inactive')}
        </Tag>
      ),
    },
    {
      title: t('columns.confirmed'),
      dataIndex: 'confirmedAt',
      render: (confirmedAt: string | null) =>
        confirmedAt ? (
          t('common:list.yes')
        ) : (
          <Tag className="status-tag is-warning">{t('common:list.no')}</Tag>
        ),
    },
    {
      title: t('columns.createdAt'),
      dataIndex: 'createdAt',
      sortKey: USER_SORTS.createdAt,
      render: (createdAt: string) => dayjs(createdAt).format(DATE_TIME),
    },
  ];

  function actionOf(kind: UserRowActionKind, row: UserRow): RowAction {
    switch (kind) {
      case 'edit':
        return {
          key: kind,
          label: t('actions.edit'),
          icon: <EditOutlined />,
          to: `/admin/users/${row.id}/update`,
        };
      case 'resend':
        return {
          key: kind,
          label: t('actions.resend'),
          icon: <MailOutlined />,
          confirm: { title: t('confirm.resend', { email: row.email }) },
          run: () => resend.mutateAsync(row.id),
          successMessage: t('messages.mailSent'),
          errorMessage: t('messages.mailError'),
        };
      case 'delete':
        return {
          key: kind,
          label: t('actions.delete'),
          icon: <DeleteOutlined />,
          isDanger: true,
          confirm: {
            title: t('confirm.delete', { name: row.nome }),
            content: t('confirm.deleteText'),
            okText: t('actions.delete'),
          },
          run: () => remove.mutateAsync(row.id),
          successMessage: t('common:list.deleted'),
          errorMessage: t('common:list.deleteError'),
        };
      case 'toggle':
        return {
          key: kind,
          label: row.ativo ? t('actions.deactivate') : t('actions.activate'),
          icon: row.ativo ? <StopOutlined /> : <CheckCircleOutlined />,
          isDanger: row.ativo,
          confirm: {
            title: row.ativo
              ? t('confirm.deactivate', { name: row.nome })
              : t('confirm.activate', { name: row.nome }),
            okText: row.ativo ? t('actions.deactivate') : t('actions.activate'),
          },
          run: () => toggle.mutateAsync({ id: row.id, ativo: !row.ativo }),
          successMessage: t('common:list.statusChanged'),
          errorMessage: t('common:list.statusError'),
        };
    }
  }

  return (
    <ResourceList<UserRow>
      title={t('title')}
      endpoint="usuario"
      useList={useUsersList}
      columns={columns}
      rowKey={(row) => row.id}
      defaultSort={{ orderBy: USER_SORTS.createdAt, orderByDirection: 'desc' }}
      searchLabel={t('searchLabel')}
      hasActiveFilter
      add={{ path: '/admin/users/create', label: t('actions.add') }}
      onExport={exportUsers}
      rowActions={(row) => (viewer ? userRowActions(viewer, row).map((kind) => actionOf(kind, row)) : [])}
    />
  );
}
