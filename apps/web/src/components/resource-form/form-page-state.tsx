import { Button, Card, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../lib/api-error.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { PageHeading } from '../page-heading.tsx';

type FormPageStateProps = {
  title: string;
  listPath: string;
  /** "Back to the list", in the feature's words. */
  backLabel: string;
  notFoundText: string;
  /** The screen's own load-failure text (spec §8), shown when the server sent no message. */
  loadErrorText: string;
  query?: { isError: boolean; error: unknown; refetch: () => unknown };
  isNotFound?: boolean;
  /** The viewer may not open this record (a non-admin on another user's page): said, not asked for. */
  isForbidden?: boolean;
  /** Why the record is out of reach; needed with `isForbidden`. */
  forbiddenText?: string;
  /** The loading skeleton's height, in lines, close to the form's so the page does not jump. */
  skeletonRows?: number;
};

/** What a form page shows before its form: loading, not found, not allowed, or a load error with a retry. */
export function FormPageState(props: FormPageStateProps) {
  const { t } = useTranslation();
  const { query } = props;
  const back = (
    <Link to={props.listPath}>
      <Button type="primary">{props.backLabel}</Button>
    </Link>
  );
  const isMissing = props.isNotFound || (isApiError(query?.error) && query.error.status === 404);
  let content = <Skeleton active paragraph={{ rows: props.skeletonRows ?? 6 }} />;
  if (isMissing) {
    content = <Result status="404" title={props.notFoundText} extra={back} />;
  } else if (props.isForbidden) {
    content = <Result status="403" title={props.forbiddenText} extra={back} />;
  } else if (query?.isError) {
    content = (
      <Result
        status="warning"
        title={props.loadErrorText}
        subTitle={errorMessage(query.error, t, '') || undefined}
        extra={[
          <Button key="retry" type="primary" onClick={() => void query.refetch()}>
            {t('actions.retry')}
          </Button>,
          <Link key="back" to={props.listPath}>
            {props.backLabel}
          </Link>,
        ]}
      />
    );
  }
  return (
    <>
      <PageHeading title={props.title} />
      <Card className="resource-form">{content}</Card>
    </>
  );
}
