import { App, Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/error-message.ts';

type RowActionBase = { key: string; label: string; icon: ReactNode; isDanger?: boolean };

/** Opens another page (edit, details): a real link, no confirmation. */
export type RowLinkAction = RowActionBase & { to: string };

/**
 * Changes the record (delete, toggle, resend): confirmed by a dialog (spec §2), then a success
 * message or an error dialog with the action's error text and the server's explanation.
 */
export type RowCommandAction = RowActionBase & {
  confirm: { title: string; content?: ReactNode; okText?: string };
  run: () => Promise<unknown>;
  successMessage: string;
  errorMessage: string;
  /** Says the success in a dialog the person closes rather than a passing message (a device disconnect, spec §4). */
  hasSuccessDialog?: boolean;
};

/** Opens a dialog of the page's own (a device's reset code); focus goes back to `opener` when it closes. */
export type RowDialogAction = RowActionBase & { open: (opener: HTMLElement) => void };

export type RowAction = RowLinkAction | RowCommandAction | RowDialogAction;

/**
 * Runs a command after its confirmation dialog (spec §2): the dialog's button spins while it runs, then
 * a success message, or an error dialog with the command's error text and the server's explanation.
 */
export function useConfirmedCommand() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  return function confirm(action: RowCommandAction) {
    modal.confirm({
      title: action.confirm.title,
      content: action.confirm.content,
      okText: action.confirm.okText ?? t('actions.confirm'),
      cancelText: t('actions.cancel'),
      okButtonProps: { danger: action.isDanger },
      centered: true,
      // Resolving closes the dialog; the button spins meanwhile, so the action cannot run twice.
      onOk: async () => {
        try {
          await action.run();
          if (action.hasSuccessDialog) modal.success({ title: action.successMessage, centered: true });
          else void message.success(action.successMessage);
        } catch (error) {
          const detail = errorMessage(error, t, '');
          modal.error({ title: action.errorMessage, content: detail || undefined, centered: true });
        }
      },
    });
  };
}

export function RowActions({ actions }: { actions: RowAction[] }) {
  const confirm = useConfirmedCommand();

  return (
    <div className="row-actions">
      {actions.map((action) =>
        'to' in action ? (
          <Tooltip key={action.key} title={action.label}>
            <Link to={action.to} aria-label={action.label} className="row-action">
              {action.icon}
            </Link>
          </Tooltip>
        ) : (
          <Tooltip key={action.key} title={action.label}>
            <Button
              type="text"
              size="small"
              danger={action.isDanger}
              icon={action.icon}
              aria-label={action.label}
              className="row-action"
              onClick={(event) => ('open' in action ? action.open(event.currentTarget) : confirm(action))}
            />
          </Tooltip>
        ),
      )}
    </div>
  );
}
