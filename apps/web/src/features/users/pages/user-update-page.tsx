import { isAdminProfile } from '@scentia/shared/validators';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordHistory } from '../../../components/record-history/record-history.tsx';
import { FormPageState } from '../../../components/resource-form/form-page-state.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { useIdParam } from '../../../lib/use-id-param.ts';
import { useSession } from '../../../lib/use-session.ts';
import { useProfileOptions } from '../../profiles/api/list-profile-options.ts';
import { useUser } from '../api/get-user.ts';
import { useUpdateUser } from '../api/update-user.ts';
import { PersonalDataCard } from '../components/personal-data-card.tsx';
import { UserForm } from '../components/user-form.tsx';
import { formToBody, userToForm } from '../user-form-values.ts';

/** /admin/users/{id}/update: an admin edits anyone; other profiles only themselves (spec §6). */
export default function UserUpdatePage() {
  const { t } = useTranslation('users');
  const id = useIdParam();
  const { user: viewer } = useSession();
  const isAllowed = isAdminProfile(viewer?.profile.nome) || viewer?.id === id;
  const user = useUser(id, id > 0 && isAllowed);
  const profiles = useProfileOptions();
  const update = useUpdateUser();
  const initialValues = useMemo(() => (user.data ? userToForm(user.data) : undefined), [user.data]);

  if (id === 0 || !isAllowed || !initialValues || !profiles.data || !user.data) {
    return (
      <FormPageState
        t={t}
        title={t('editTitle')}
        listPath={PATHS.admin.users.list}
        query={user.isError ? user : profiles}
        isNotFound={id === 0}
        forbiddenText={isAllowed ? undefined : t('ownRecordOnly')}
        skeletonRows={8}
      />
    );
  }
  const loaded = user.data;
  return (
    <>
      <UserForm
        key={loaded.id}
        mode="edit"
        title={t('editTitle')}
        initialValues={initialValues}
        profiles={profiles.data}
        onSubmit={(values) => update.mutateAsync({ id: loaded.id, body: formToBody(values, loaded.ativo) })}
      />
      <PersonalDataCard user={loaded} />
      <RecordHistory recordType="user" recordId={loaded.id} />
    </>
  );
}
