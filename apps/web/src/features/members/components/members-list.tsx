import { DeleteOutlined, EditOutlined, UserAddOutlined } from '@ant-design/icons';
import { Button, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createdAtColumn } from '../../../components/resource-list/column-builders.tsx';
import type { ResourceColumn } from '../../../components/resource-list/resource-column.ts';
import { ResourceList } from '../../../components/resource-list/resource-list.tsx';
import type { RowAction } from '../../../components/resource-list/row-actions.tsx';
import { MEMBER_SORTS, type MemberRow, membersListOf } from '../api/list-members.ts';
import { useMemberMutations } from '../api/member-mutations.ts';
import { MemberDialog } from './member-dialog.tsx';
import './members-list.css';

type MembersListProps = {
  organizationId: number;
  title: string;
  /** Locations a location-limited Manager holds; null for staff and unlimited Managers. */
  allowedLocationIds: number[] | null;
};

type Dialog = { kind: 'closed' } | { kind: 'invite' } | { kind: 'change'; member: MemberRow };

const isWithin = (ids: number[] | null, allowed: number[] | null) =>
  allowed === null || ids?.every((id) => allowed.includes(id)) === true;

/**
 * An organisation's members and pending invitations, with invite, change and remove: the Manager's
 * members page and the card on an organisation's page for staff. A location-limited Manager acts only
 * on members within their locations, as the server allows.
 */
export function MembersList({ organizationId, title, allowedLocationIds }: MembersListProps) {
  const { t } = useTranslation('members');
  const [dialog, setDialog] = useState<Dialog>({ kind: 'closed' });
  const { remove } = useMemberMutations(organizationId);
  const endpoint = membersListOf(organizationId);

  const columns: ResourceColumn<MemberRow>[] = [
    { title: t('fields.name'), dataIndex: 'nome', sortKey: MEMBER_SORTS.name, card: 'name' },
    { title: t('fields.email'), dataIndex: 'email', sortKey: MEMBER_SORTS.email },
    {
      title: t('fields.role'),
      dataIndex: 'role',
      sortKey: MEMBER_SORTS.role,
      card: 'state',
      render: (role: MemberRow['role']) => t(`roles.${role}`),
    },
    {
      title: t('fields.locations'),
      dataIndex: 'locationIds',
      priority: 'low',
      render: (ids: number[] | null) =>
        ids === null ? t('allLocations') : t('someLocations', { count: ids.length }),
    },
    {
      title: t('fields.status'),
      dataIndex: 'acceptedAt',
      card: 'state',
      render: (acceptedAt: string | null) =>
        acceptedAt ? (
          t('status.accepted')
        ) : (
          <Tag className="status-tag is-warning">{t('status.pending')}</Tag>
        ),
    },
    createdAtColumn(t, MEMBER_SORTS.createdAt),
  ];

  function rowActions(row: MemberRow): RowAction[] {
    if (!isWithin(row.locationIds, allowedLocationIds)) return [];
    return [
      {
        key: 'change',
        label: t('actions.change'),
        icon: <EditOutlined />,
        open: () => setDialog({ kind: 'change', member: row }),
      },
      {
        key: 'remove',
        label: t('actions.remove'),
        icon: <DeleteOutlined />,
        isDanger: true,
        confirm: { title: t('confirm.remove', { name: row.nome }), content: t('confirm.removeText') },
        run: () => remove.mutateAsync(row.id),
        successMessage: t('messages.removed'),
        errorMessage: t('messages.removeError'),
      },
    ];
  }

  return (
    <>
      <div className="members-toolbar">
        <Button type="primary" icon={<UserAddOutlined />} onClick={() => setDialog({ kind: 'invite' })}>
          {t('actions.invite')}
        </Button>
      </div>
      <ResourceList<MemberRow>
        title={title}
        endpoint={`organizations/members/${organizationId}`}
        useList={endpoint.useList}
        columns={columns}
        rowKey={(row) => row.id}
        defaultSort={{ orderBy: MEMBER_SORTS.createdAt, orderByDirection: 'desc' }}
        searchLabel={t('searchLabel')}
        rowActions={rowActions}
      />
      {dialog.kind !== 'closed' && (
        <MemberDialog
          organizationId={organizationId}
          member={dialog.kind === 'change' ? dialog.member : undefined}
          allowedLocationIds={allowedLocationIds}
          onClose={() => setDialog({ kind: 'closed' })}
        />
      )}
    </>
  );
}
