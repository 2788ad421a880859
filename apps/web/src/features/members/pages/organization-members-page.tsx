import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/paths.ts';
import { useIdParam } from '../../../lib/use-id-param.ts';
import { organizationRecord } from '../../organizations/api/get-organization.ts';
import { MembersList } from '../components/members-list.tsx';

/** /admin/organizations/{id}/members: staff see and manage an organisation's members, acting for it. */
export default function OrganizationMembersPage() {
  const { t } = useTranslation('members');
  const id = useIdParam();
  const organization = organizationRecord.useRecord(id, id > 0);
  if (id === 0 || organization.isError)
    return (
      <Result
        status="404"
        title={t('notFound')}
        extra={<Link to={PATHS.admin.organizations.list}>{t('backToOrganizations')}</Link>}
      />
    );
  return (
    <MembersList
      organizationId={id}
      title={t('title', { organization: organization.data?.name ?? '…' })}
      allowedLocationIds={null}
    />
  );
}
