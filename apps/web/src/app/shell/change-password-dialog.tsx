import { LockOutlined } from '@ant-design/icons';
import { changePasswordBodySchema } from '@scentia/shared/auth.schemas';
import { ErrorCode } from '@scentia/shared/error-codes';
import { Alert, Button, Form, Input, Modal, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdatePassword } from '../../features/auth/api/update-password.ts';
import { PasswordChecklist } from '../../features/auth/components/password-checklist.tsx';
import { changePasswordRuleMessage, confirmationIssue } from '../../features/auth/password-rules.ts';
import { isApiError } from '../../lib/api-error.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { zodRule } from '../../lib/form-rules.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { useTranslateIssue } from '../../lib/use-translate-issue.ts';

type ChangePasswordDialogProps = { isOpen: boolean; onClose: () => void };

type ChangePasswordValues = { senhaAtual: string; novaSenha: string; confirmacao: string };

const FIELDS_OF_BODY = new Set<string>(['senhaAtual', 'novaSenha']);

/**
 * The user menu's change password (spec §5, §7): the current password, a new one that meets the
 * rule (the names of the unmet hints are appended to the rule's message) and its confirmation.
 * Success shows a dialog; the server ends the user's other sessions and keeps this one.
 */
export function ChangePasswordDialog({ isOpen, onClose }: ChangePasswordDialogProps) {
  const { t } = useTranslation('shell');
  const [isSucceeded, setSucceeded] = useState(false);
  return (
    <>
      <Modal
        open={isOpen && !isSucceeded}
        title={t('changePassword.title')}
        onCancel={onClose}
        footer={null}
        destroyOnHidden
        centered
      >
        <ChangePasswordForm
          onCancel={onClose}
          onSuccess={() => {
            setSucceeded(true);
          }}
        />
      </Modal>
      <Modal
        open={isOpen && isSucceeded}
        title={t('changePassword.title')}
        onOk={onClose}
        onCancel={onClose}
        afterClose={() => setSucceeded(false)}
        okText={t('common:actions.ok')}
        cancelButtonProps={{ style: { display: 'none' } }}
        centered
      >
        <Result
          status="success"
          title={t('changePassword.successTitle')}
          subTitle={t('changePassword.successText')}
        />
      </Modal>
    </>
  );
}

function ChangePasswordForm({ onCancel, onSuccess }: { onCancel: () => void; onSuccess: () => void }) {
  const { t } = useTranslation('shell');
  const translateIssue = useTranslateIssue();
  const [form] = Form.useForm<ChangePasswordValues>();
  const newPassword = Form.useWatch('novaSenha', form) ?? '';
  const mutation = useUpdatePassword();
  const [failure, setFailure] = useState<string | undefined>(undefined);

  async function handleFinish(values: ChangePasswordValues) {
    setFailure(undefined);
    try {
      await mutation.mutateAsync({ senhaAtual: values.senhaAtual, novaSenha: values.novaSenha });
      onSuccess();
    } catch (error) {
      if (isApiError(error) && error.code === ErrorCode.CURRENT_PASSWORD_WRONG) {
        form.setFields([{ name: 'senhaAtual', errors: [error.message || t('changePassword.currentWrong')] }]);
        form.focusField('senhaAtual');
        return;
      }
      const fields = isApiError(error)
        ? (error.fields ?? []).filter((field) => FIELDS_OF_BODY.has(field.path))
        : [];
      if (fields.length > 0) {
        form.setFields(
          fields.map((field) => ({
            name: field.path as keyof ChangePasswordValues,
            errors: [field.message],
          })),
        );
        return;
      }
      setFailure(errorMessage(error, t, t('changePassword.failed')));
    }
  }

  return (
    <Form<ChangePasswordValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={(values) => void handleFinish(values)}
      disabled={mutation.isPending}
    >
      <p className="change-password-intro">
        <LockOutlined aria-hidden="true" /> {t('changePassword.intro')}
      </p>
      {failure && <Alert type="error" showIcon title={failure} className="change-password-alert" />}
      <Form.Item
        name="senhaAtual"
        label={t('changePassword.current')}
        rules={[
          zodRule(changePasswordBodySchema.shape.senhaAtual, (issue) =>
            issue.key === 'required' ? t('changePassword.currentRequired') : translateIssue(issue),
          ),
        ]}
      >
        <Input.Password autoComplete="current-password" autoFocus />
      </Form.Item>
      <Form.Item
        name="novaSenha"
        label={t('changePassword.new')}
        extra={<PasswordChecklist password={newPassword} />}
        rules={[
          {
            required: true,
            validator: async (_rule, value: string | undefined) => {
              const message = changePasswordRuleMessage(value ?? '', t, currentLanguage());
              if (message) throw new Error(message);
            },
          },
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmacao"
        label={t('changePassword.confirmation')}
        dependencies={['novaSenha']}
        rules={[
          ({ getFieldValue }) => ({
            required: true,
            validator: async (_rule, value: string | undefined) => {
              const issue = confirmationIssue(getFieldValue('novaSenha') ?? '', value ?? '');
              if (issue === 'empty') throw new Error(t('common:passwordRules.confirmationRequired'));
              if (issue === 'different') throw new Error(t('common:passwordRules.different'));
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <div className="change-password-actions">
        <Button onClick={onCancel} disabled={false}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="primary" htmlType="submit" loading={mutation.isPending}>
          {t('changePassword.submit')}
        </Button>
      </div>
    </Form>
  );
}
