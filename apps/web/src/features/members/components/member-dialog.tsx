import { MEMBER_ROLES, type MemberRole } from '@scentia/shared/members.rules';
import { Alert, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message.ts';
import { LOCATION_SORTS, locationsList, ORGANIZATION_FILTER } from '../../locations/api/list-locations.ts';
import type { MemberRow } from '../api/list-members.ts';
import { useMemberMutations } from '../api/member-mutations.ts';

type MemberValues = { email: string; nome: string; role: MemberRole; locationIds: number[] };

type MemberDialogProps = {
  organizationId: number;
  /** The member being changed; absent to invite someone. */
  member?: MemberRow;
  /** Locations a location-limited Manager holds: the only ones they may hand out. */
  allowedLocationIds: number[] | null;
  onClose: () => void;
};

/** The largest page of the locations list: an organisation's sites to choose from. */
const LOCATION_CHOICES = 50;

/**
 * Invites a person (e-mail, name, role, locations) or changes a member's role and locations. No
 * location chosen means every location of the organisation. The server's refusal (a staff account's
 * e-mail, the last Manager) shows in the dialog, which stays open.
 */
export function MemberDialog({ organizationId, member, allowedLocationIds, onClose }: MemberDialogProps) {
  const { t } = useTranslation('members');
  const [form] = Form.useForm<MemberValues>();
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const mutations = useMemberMutations(organizationId);
  const locations = locationsList.useList({
    page: 1,
    perPage: LOCATION_CHOICES,
    search: '',
    orderBy: LOCATION_SORTS.name,
    orderByDirection: 'asc',
    filters: { [ORGANIZATION_FILTER]: String(organizationId) },
  });
  const choices = (locations.data?.data ?? [])
    .filter((location) => location.ativo)
    .filter((location) => allowedLocationIds === null || allowedLocationIds.includes(location.locationId))
    .map((location) => ({ value: location.locationId, label: location.name }));
  const isInvite = member === undefined;
  const isPending = mutations.invite.isPending || mutations.update.isPending;

  async function save(values: MemberValues) {
    setFailure(undefined);
    const locationIds = values.locationIds?.length ? values.locationIds : null;
    try {
      if (member)
        await mutations.update.mutateAsync({ id: member.id, body: { role: values.role, locationIds } });
      else
        await mutations.invite.mutateAsync({
          email: values.email,
          nome: values.nome,
          role: values.role,
          locationIds,
        });
      onClose();
    } catch (error) {
      setFailure(errorMessage(error, t, t(isInvite ? 'messages.inviteError' : 'messages.updateError')));
    }
  }

  return (
    <Modal
      open
      title={isInvite ? t('invite.title') : t('change.title', { name: member.nome })}
      okText={isInvite ? t('invite.send') : t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={isPending}
      destroyOnHidden
      centered
    >
      <Form<MemberValues>
        form={form}
        layout="vertical"
        onFinish={save}
        initialValues={{
          role: member?.role ?? 'viewer',
          locationIds: member?.locationIds ?? allowedLocationIds ?? [],
        }}
      >
        {isInvite && (
          <>
            <Form.Item
              name="email"
              label={t('fields.email')}
              rules={[{ required: true, type: 'email', message: t('invite.emailRequired') }]}
            >
              <Input type="email" autoComplete="off" />
            </Form.Item>
            <Form.Item
              name="nome"
              label={t('fields.name')}
              rules={[{ required: true, message: t('invite.nameRequired') }]}
            >
              <Input autoComplete="off" />
            </Form.Item>
          </>
        )}
        <Form.Item name="role" label={t('fields.role')} rules={[{ required: true }]}>
          <Select options={MEMBER_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))} />
        </Form.Item>
        <Form.Item name="locationIds" label={t('fields.locations')} extra={t('fields.locationsHint')}>
          <Select
            mode="multiple"
            allowClear
            loading={locations.isFetching}
            options={choices}
            optionFilterProp="label"
          />
        </Form.Item>
      </Form>
      {failure && <Alert type="error" showIcon message={failure} />}
    </Modal>
  );
}
