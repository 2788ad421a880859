import {
  CheckCircleOutlined,
  CloseCircleOutlined,
  MailOutlined,
  RedoOutlined,
  StopOutlined,
} from '@ant-design/icons';
import type { InitiativeAction } from '@scentia/shared/initiatives.rules';
import type { InitiativeRow } from '@scentia/shared/initiatives.schemas';
import { App } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RowDialogAction } from '../../../components/resource-list/row-actions.tsx';
import {
  type NoteReviewAction,
  useRequestInitiativeChanges,
  useReviewInitiative,
} from '../api/review-initiative.ts';
import { MailEditorDialog } from './mail-editor-dialog.tsx';
import { ReviewDialog } from './review-dialog.tsx';

type ReviewAction = Exclude<InitiativeAction, 'edit'>;

const ICONS: Record<ReviewAction, ReactNode> = {
  approve: <CheckCircleOutlined />,
  requestChanges: <MailOutlined />,
  reject: <CloseCircleOutlined />,
  deactivate: <StopOutlined />,
  reopen: <RedoOutlined />,
};

type Open = { action: ReviewAction; initiative: InitiativeRow };

/**
 * The review of an initiative, from its list row or its page: `reviewAction(kind, row)` is the row or
 * card command that opens its dialog (the mail editor for request changes, a confirmation with an
 * optional note for the others), `dialog` renders the open one. After a review the initiative's
 * queries are refreshed, and `onDone` runs (the record page reads its record again).
 */
export function useInitiativeReview(onDone?: () => Promise<unknown> | undefined) {
  const { t } = useTranslation('initiatives');
  const { message } = App.useApp();
  const review = useReviewInitiative();
  const requestChanges = useRequestInitiativeChanges();
  const [open, setOpen] = useState<Open | undefined>(undefined);
  const opener = useRef<HTMLElement | null>(null);

  function close() {
    setOpen(undefined);
    // Focus goes back to the button that opened the dialog, if it is still there.
    const target = opener.current;
    setTimeout(() => target?.isConnected && target.focus(), 0);
  }

  function done(text: string) {
    close();
    void message.success(text);
    void onDone?.();
  }

  function reviewAction(action: ReviewAction, initiative: InitiativeRow): RowDialogAction {
    return {
      key: action,
      label: t(`actions.${action}`),
      icon: ICONS[action],
      isDanger: action === 'reject' || action === 'deactivate',
      open: (element) => {
        opener.current = element;
        setOpen({ action, initiative });
      },
    };
  }

  let dialog: ReactNode = null;
  if (open?.action === 'requestChanges') {
    const { initiative } = open;
    dialog = (
      <MailEditorDialog
        initiative={initiative}
        onSend={(mail) => requestChanges.mutateAsync({ id: initiative.initiativeId, mail })}
        onClose={close}
        onSent={() => done(t('mail.sent'))}
      />
    );
  } else if (open) {
    const { initiative } = open;
    const action = open.action as NoteReviewAction;
    dialog = (
      <ReviewDialog
        initiative={initiative}
        action={action}
        onConfirm={(note) => review.mutateAsync({ id: initiative.initiativeId, action, note })}
        onClose={close}
        onDone={() => done(t(`review.done.${action}`))}
      />
    );
  }
  return { reviewAction, dialog };
}
