import { Button, Card, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeading } from '../../../components/page-heading.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { errorMessage } from '../../../lib/error-message.ts';

type UserPageStateProps = {
  title: string;
  query?: { isError: boolean; error: unknown; refetch: () => unknown };
  isNotFound?: boolean;
  isForbidden?: boolean;
};

/** What a user form page shows before its form: loading, not found, not allowed, or a load error. */
export function UserPageState({ title, query, isNotFound = false, isForbidden = false }: UserPageStateProps) {
  const { t } = useTranslation('users');
  const back = (
    <Link to="/admin/users">
      <Button type="primary">{t('backToList')}</Button>
    </Link>
  );
  const isMissing = isNotFound || (isApiError(query?.error) && query.error.status === 404);
  let content = <Skeleton active paragraph={{ rows: 8 }} />;
  if (isMissing) {
    content = <Result status="404" title={t('notFound')} extra={back} />;
  } else if (isForbidden) {
    content = <Result status="403" title={t('ownRecordOnly')} extra={back} />;
  } else if (query?.isError) {
    content = (
      <Result
        status="warning"
        title={t('common:form.loadError')}
        subTitle={errorMessage(query.error, t, '')}
        extra={[
          <Button key="retry" type="primary" onClick={() => void query.refetch()}>
            {t('common:actions.retry')}
          </Button>,
          <Link key="back" to="/admin/users">
            {t('backToList')}
          </Link>,
        ]}
      />
    );
  }
  return (
    <>
      <PageHeading title={title} />
      <Card className="resource-form">{content}</Card>
    </>
  );
}
