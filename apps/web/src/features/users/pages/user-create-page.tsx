import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormPageState } from '../../../components/resource-form/form-page-state.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { useProfileOptions } from '../../profiles/api/list-profile-options.ts';
import { userMutations } from '../api/user-mutations.ts';
import { UserForm } from '../components/user-form.tsx';
import { emptyUserForm, formToBody } from '../user-form-values.ts';

/** /admin/users/create: the server creates the user unconfirmed and mails the registration link. */
export default function UserCreatePage() {
  const { t } = useTranslation('users');
  const profiles = useProfileOptions();
  const create = userMutations.useCreate();
  const options = profiles.data;
  // One profile only (a non-admin's own): preselected, and the dropdown is locked.
  const initialValues = useMemo(
    () => (options ? emptyUserForm(options.length === 1 ? (options[0]?.nome ?? null) : null) : undefined),
    [options],
  );

  if (!options || !initialValues) {
    return (
      <FormPageState
        t={t}
        title={t('createTitle')}
        listPath={PATHS.admin.users.list}
        query={profiles}
        skeletonRows={8}
      />
    );
  }
  return (
    <UserForm
      mode="create"
      title={t('createTitle')}
      initialValues={initialValues}
      profiles={options}
      onSubmit={(values) => create.mutateAsync(formToBody(values, true))}
    />
  );
}
