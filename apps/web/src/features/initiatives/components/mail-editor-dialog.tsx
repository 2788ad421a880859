import {
  INITIATIVE_MAIL_SUBJECT_MAX,
  type InitiativeChangesRequest,
  type InitiativeRow,
  initiativeChangesRequestSchema,
} from '@scentia/shared/initiatives.schemas';
import { Alert, Form, Input, Modal, Skeleton } from 'antd';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSchemaRule } from '../../../components/resource-form/use-schema-rule.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { mapServerFields } from '../../../lib/server-field-errors.ts';

// The editor (ProseMirror) is loaded only when a mail is written: no other page pays for it.
const RichTextEditor = lazy(() => import('./rich-text-editor.tsx'));

type MailValues = { email: string; subject: string; html: string };

const toMail = (values: MailValues): InitiativeChangesRequest => ({
  email: values.email?.trim() ?? '',
  subject: values.subject?.trim() ?? '',
  html: values.html ?? '',
});

const MAIL_FIELDS = [['email'], ['subject'], ['html']];

type MailEditorDialogProps = {
  initiative: InitiativeRow;
  onSend: (mail: InitiativeChangesRequest) => Promise<unknown>;
  onClose: () => void;
  /** Called after the mail was sent (the dialog closes itself). */
  onSent: () => void;
};

/**
 * The mail editor of "request changes" (issue 27, spec §5): the recipient (the organisation's contact
 * by default, editable), the subject and a rich-text body, e-mail and subject required. Sending sets
 * the initiative to "changes requested" and queues the mail; a refusal is shown as the server words it.
 */
export function MailEditorDialog({ initiative, onSend, onClose, onSent }: MailEditorDialogProps) {
  const { t } = useTranslation('initiatives');
  const [form] = Form.useForm<MailValues>();
  const rule = useSchemaRule(initiativeChangesRequestSchema, toMail);
  const [isSending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const bodyLabelId = useId();
  const bodyErrorId = useId();
  const html = Form.useWatch('html', form) ?? '';
  const [bodyError, setBodyError] = useState<string | undefined>(undefined);

  async function send() {
    setFailure(undefined);
    let values: MailValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    if (!values.html) {
      setBodyError(t('common:validation.required'));
      return;
    }
    setSending(true);
    try {
      await onSend(toMail(values));
    } catch (error) {
      if (isApiError(error) && error.isClientError) {
        const { placed } = mapServerFields(error.fields, MAIL_FIELDS);
        for (const field of placed) {
          if (field.name[0] === 'html') setBodyError(field.errors.join(' '));
          else form.setFields([{ name: field.name as never, errors: field.errors }]);
        }
      }
      setFailure(errorMessage(error, t, t('mail.sendError')));
      return;
    } finally {
      setSending(false);
    }
    onSent();
  }

  return (
    <Modal
      open
      title={t('mail.title', { name: initiative.title })}
      okText={t('mail.send')}
      cancelText={t('common:actions.cancel')}
      onOk={() => void send()}
      onCancel={onClose}
      confirmLoading={isSending}
      maskClosable={false}
      width={720}
      centered
      destroyOnHidden
    >
      <p>{t('mail.intro')}</p>
      <Form<MailValues>
        form={form}
        layout="vertical"
        disabled={isSending}
        initialValues={{
          // A client's proposal is answered to the client who wrote it; staff's to the organisation's contact.
          email:
            (initiative.proposer?.isClient && initiative.proposer.email) ||
            (initiative.organization.contactEmail ?? ''),
          subject: t('mail.defaultSubject', { name: initiative.title }),
          html: '',
        }}
        onFinish={() => void send()}
      >
        <Form.Item name="email" label={t('mail.email')} rules={[rule('email', true)]}>
          <Input type="email" autoComplete="email" aria-required />
        </Form.Item>
        <Form.Item name="subject" label={t('mail.subject')} rules={[rule('subject', true)]}>
          <Input maxLength={INITIATIVE_MAIL_SUBJECT_MAX} aria-required />
        </Form.Item>
        <Form.Item name="html" noStyle>
          <input type="hidden" />
        </Form.Item>
        <div className="ant-form-item">
          <div className="ant-form-item-label">
            <span id={bodyLabelId} className="ant-form-item-required">
              {t('mail.body')}
            </span>
          </div>
          <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
            <RichTextEditor
              initialHtml=""
              labelledBy={bodyLabelId}
              describedBy={bodyError ? bodyErrorId : undefined}
              isInvalid={bodyError !== undefined}
              isDisabled={isSending}
              onChange={(next) => {
                form.setFieldValue('html', next);
                if (next) setBodyError(undefined);
              }}
            />
          </Suspense>
          {bodyError && (
            <div id={bodyErrorId} className="ant-form-item-explain-error" role="alert">
              {bodyError}
            </div>
          )}
          {html === '' && !bodyError && <div className="ant-form-item-extra">{t('mail.bodyHint')}</div>}
        </div>
      </Form>
      {failure && <Alert type="error" showIcon title={failure} role="alert" />}
    </Modal>
  );
}
