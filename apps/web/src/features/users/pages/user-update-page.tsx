import { isAdminProfile } from '@scentia/shared/validators';
import { Button, Card, Result } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeading } from '../../../components/page-heading.tsx';
import { RecordHistory } from '../../../components/record-history/record-history.tsx';
import { FormPageState } from '../../../components/resource-form/form-page-state.tsx';
import { useOpenedRecord } from '../../../components/resource-form/use-opened-record.ts';
import { kitText } from '../../../components/resource-kit-keys.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useIdParam } from '../../../lib/use-id-param.ts';
import { useSession } from '../../../lib/use-session.ts';
import { useProfileOptions } from '../../profiles/api/list-profile-options.ts';
import { userRecord } from '../api/get-user.ts';
import { userMutations } from '../api/user-mutations.ts';
import { PersonalDataCard } from '../components/personal-data-card.tsx';
import { UserForm } from '../components/user-form.tsx';
import { formToBody, userToForm } from '../user-form-values.ts';

/** /admin/users/{id}/update: an admin edits anyone; other profiles only themselves (spec §6). */
export default function UserUpdatePage() {
  const { t } = useTranslation('users');
  const id = useIdParam();
  const { user: viewer } = useSession();
  const isAllowed = isAdminProfile(viewer?.profile.nome) || viewer?.id === id;
  const user = userRecord.useRecord(id, id > 0 && isAllowed);
  // The version the form was opened with: a focus refetch does not move it, so a save over someone
  // else's is refused as stale (409) and the save's alert offers the reload.
  const opened = useOpenedRecord(user, id, (row) => row.id);
  const profiles = useProfileOptions();
  const update = userMutations.useUpdate();
  const openedRow = opened?.row;
  const initialValues = useMemo(() => (openedRow ? userToForm(openedRow) : undefined), [openedRow]);

  if (id === 0 || !isAllowed || !initialValues || !profiles.data || !opened) {
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
  const loaded = opened.row;
  if (loaded.anonymizedAt) {
    // Its personal data is gone and the API refuses any change to it: there is nothing to edit.
    return (
      <>
        <PageHeading title={t('anonymisedAccount.title', { name: loaded.nome })} />
        <Card className="resource-form">
          <Result
            status="info"
            title={t('anonymisedAccount.text')}
            extra={
              <Link to={PATHS.admin.users.list}>
                <Button type="primary">{kitText(t, 'backToList')}</Button>
              </Link>
            }
          />
        </Card>
        <PersonalDataCard user={loaded} />
        <RecordHistory recordType="user" recordId={loaded.id} />
      </>
    );
  }
  return (
    <>
      <UserForm
        key={opened.revision}
        mode="edit"
        title={t('editTitle')}
        initialValues={initialValues}
        profiles={profiles.data}
        onSubmit={(values) =>
          update.mutateAsync({
            id: loaded.id,
            body: { ...formToBody(values, loaded.ativo), updatedAt: loaded.updatedAt },
          })
        }
        onReload={opened.reload}
      />
      <PersonalDataCard user={loaded} />
      <RecordHistory recordType="user" recordId={loaded.id} />
    </>
  );
}
