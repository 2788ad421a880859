import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { PATHS } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/use-session.ts';
import { MembersList } from '../components/members-list.tsx';

/** /admin/members: a Manager's members of their own organisation. Anyone else goes home. */
export default function MembersPage() {
  const { t } = useTranslation('members');
  const { user } = useSession();
  const membership = user?.membership ?? null;
  if (membership?.role !== 'manager') return <Navigate to={PATHS.admin.home} replace />;
  return (
    <MembersList
      organizationId={membership.organizationId}
      title={t('title', { organization: membership.organizationName })}
      allowedLocationIds={membership.locationIds}
    />
  );
}
