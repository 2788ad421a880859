import type { InitiativeRow } from '@scentia/shared/initiatives.schemas';
import { Alert, Input, Modal } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message.ts';
import type { NoteReviewAction } from '../api/review-initiative.ts';

type ReviewDialogProps = {
  initiative: InitiativeRow;
  action: NoteReviewAction;
  onConfirm: (note: string) => Promise<unknown>;
  onClose: () => void;
  onDone: () => void;
};

const NOTE_MAX = 1000;

/**
 * The confirmation of a review action (approve, reject, deactivate, reopen) with an optional note kept
 * in the history. A refusal (a transition no longer allowed, an overlap with another approved
 * initiative) stays in the dialog in the server's words.
 */
export function ReviewDialog({ initiative, action, onConfirm, onClose, onDone }: ReviewDialogProps) {
  const { t } = useTranslation('initiatives');
  const [note, setNote] = useState('');
  const [isRunning, setRunning] = useState(false);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const noteId = useId();
  const isDanger = action === 'reject' || action === 'deactivate';

  async function confirm() {
    setFailure(undefined);
    setRunning(true);
    try {
      await onConfirm(note);
    } catch (error) {
      setFailure(errorMessage(error, t, t('review.error')));
      return;
    } finally {
      setRunning(false);
    }
    onDone();
  }

  return (
    <Modal
      open
      title={t(`review.confirm.${action}`, { name: initiative.title })}
      okText={t(`actions.${action}`)}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{ danger: isDanger }}
      onOk={() => void confirm()}
      onCancel={onClose}
      confirmLoading={isRunning}
      maskClosable={false}
      centered
      destroyOnHidden
    >
      <label htmlFor={noteId} className="initiative-note-label">
        {t('review.note')}
      </label>
      <Input.TextArea
        id={noteId}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        maxLength={NOTE_MAX}
        showCount
        autoSize={{ minRows: 2, maxRows: 6 }}
        disabled={isRunning}
      />
      {failure && (
        <Alert type="error" showIcon title={failure} role="alert" className="initiative-review-alert" />
      )}
    </Modal>
  );
}
