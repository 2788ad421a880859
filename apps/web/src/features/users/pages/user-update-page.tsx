import { isAdminProfile } from '@scentia/shared/validators';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useSession } from '../../../lib/use-session.ts';
import { useUser } from '../api/get-user.ts';
import { useProfileOptions } from '../api/list-profile-options.ts';
import { useUpdateUser } from '../api/update-user.ts';
import { UserForm } from '../components/user-form.tsx';
import { UserPageState } from '../components/user-page-state.tsx';
import { formToBody, userToForm } from '../user-form-values.ts';

/** /admin/users/{id}/update: an admin edits anyone; other profiles only themselves (spec §6). */
export default function UserUpdatePage() {
  const { t } = useTranslation('users');
  const { id: idParam } = useParams();
  const id = /^\d{1,10}$/.test(idParam ?? '') ? Number(idParam) : 0;
  const { user: viewer } = useSession();
  const isAllowed = isAdminProfile(viewer?.profile.nome) || viewer?.id === id;
  const user = useUser(id, id > 0 && isAllowed);
  const profiles = useProfileOptions();
  const update = useUpdateUser();
  const initialValues = useMemo(() => (user.data ? userToForm(user.data) : undefined), [user.data]);

  if (id === 0) return <UserPageState title={t('editTitle')} isNotFound />;
  if (!isAllowed) return <UserPageState title={t('editTitle')} isForbidden />;
  if (!initialValues || !profiles.data || !user.data) {
    return <UserPageState title={t('editTitle')} query={user.isError ? user : profiles} />;
  }
  const loaded = user.data;
  return (
    <UserForm
      key={loaded.id}
      mode="edit"
      title={t('editTitle')}
      initialValues={initialValues}
      profiles={profiles.data}
      onSubmit={(values) => update.mutateAsync({ id: loaded.id, body: formToBody(values, loaded.ativo) })}
    />
  );
}
