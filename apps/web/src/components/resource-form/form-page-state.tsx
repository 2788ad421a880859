import { Button, Card, Result, Skeleton } from 'antd';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { isApiError } from '../../lib/api-error.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { PageHeading } from '../page-heading.tsx';
import { kitText } from '../resource-kit-keys.ts';

type FormPageStateProps = {
  /**
   * The feature's own translator: its namespace holds `backToList` and `notFound`, and may hold
   * `loadError`, the screen's load-failure text (spec §8); without it the common one is used.
   */
  t: TFunction;
  title: string;
  listPath: string;
  query?: { isError: boolean; error: unknown; refetch: () => unknown };
  isNotFound?: boolean;
  /** Set when the viewer may not open this record (a non-admin on another user's page): says why. */
  forbiddenText?: string;
  /** The loading skeleton's height, in lines, close to the form's so the page does not jump. */
  skeletonRows?: number;
};

/** What a form page shows before its form: loading, not found, not allowed, or a load error with a retry. */
export function FormPageState({ t, title, listPath, query, ...props }: FormPageStateProps) {
  const backLabel = kitText(t, 'backToList');
  const back = (
    <Link to={listPath}>
      <Button type="primary">{backLabel}</Button>
    </Link>
  );
  const isMissing = props.isNotFound || (isApiError(query?.error) && query.error.status === 404);
  let content = <Skeleton active paragraph={{ rows: props.skeletonRows ?? 6 }} />;
  if (isMissing) {
    content = <Result status="404" title={kitText(t, 'notFound')} extra={back} />;
  } else if (props.forbiddenText) {
    content = <Result status="403" title={props.forbiddenText} extra={back} />;
  } else if (query?.isError) {
    content = (
      <Result
        status="warning"
        title={t('loadError', { defaultValue: t('common:form.loadError') })}
        subTitle={errorMessage(query.error, t, '') || undefined}
        extra={[
          <Button key="retry" type="primary" onClick={() => void query.refetch()}>
            {t('common:actions.retry')}
          </Button>,
          <Link key="back" to={listPath}>
            {backLabel}
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
