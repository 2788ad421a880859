import type { BulkAction, BulkBody } from '@scentia/shared/record-bulk.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Modal, Progress } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message.ts';
import { useFocusReturn } from '../use-focus-return.ts';
import { BulkResult } from './bulk-result.tsx';
import { BulkRunError, type BulkRunResult, type BulkSend, runBulk } from './bulk-run.ts';

export type BulkDialogProps = {
  action: BulkAction;
  ids: readonly number[];
  /** "37 organizações": the resource's noun with the count (its namespace's `bulk.records`). */
  records: string;
  send: BulkSend;
  invalidate: (queryClient: ReturnType<typeof useQueryClient>) => Promise<unknown>;
  /** The fields of a `move` (ids as text, named by the values the server sets); at least one is chosen. */
  moveFields?: ReactNode;
  /** Closed: `hasRun` when anything was sent (the selection is then cleared). */
  onClose: (hasRun: boolean) => void;
};

type Phase =
  | { name: 'confirm' }
  | { name: 'running'; done: number }
  | { name: 'result'; run: BulkRunResult; failure?: string };

/** "Excluir definitivamente" as a file name's word: "excluir-definitivamente". */
const fileWord = (text: string) => text.toLocaleLowerCase().replaceAll(/\s+/g, '-');

const DANGER: readonly BulkAction[] = ['deactivate', 'delete'];

function moveValues(values: Record<string, string | null | undefined>): BulkBody['values'] {
  const chosen = Object.entries(values).filter((entry): entry is [string, string] => Boolean(entry[1]));
  return Object.fromEntries(chosen.map(([name, id]) => [name, Number(id)]));
}

/**
 * A bulk action from its confirmation to its result, in one dialog: the confirmation names the
 * action and the count ("Desativar 37 organizações?"); then the chunks go one after the other with a
 * progress bar and a cancel that stops before the next chunk; then the result per outcome, the
 * refused rows and their reasons, and the download. The list's queries are invalidated after.
 */
export function BulkDialog(props: BulkDialogProps) {
  const { t } = useTranslation('bulk');
  const { t: tCommon } = useTranslation();
  useFocusReturn();
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<Phase>({ name: 'confirm' });
  const [isCancelling, setCancelling] = useState(false);
  const cancelled = useRef(false);
  const aborter = useRef<AbortController | undefined>(undefined);
  const [form] = Form.useForm<Record<string, string | null>>();
  const { action, ids } = props;
  const total = ids.length;

  // Leaving the page mid-run stops the chunk under way too.
  useEffect(() => () => aborter.current?.abort(), []);
  async function start(values?: BulkBody['values']) {
    aborter.current = new AbortController();
    setPhase({ name: 'running', done: 0 });
    try {
      const run = await runBulk({
        action,
        ids,
        values,
        send: props.send,
        signal: aborter.current.signal,
        isCancelled: () => cancelled.current,
        onProgress: (done) => setPhase({ name: 'running', done }),
      });
      setPhase({ name: 'result', run });
    } catch (error) {
      const partial =
        error instanceof BulkRunError
          ? error.partial
          : { actionId: undefined, results: [], notSent: [...ids] };
      const cause = error instanceof BulkRunError ? error.cause : error;
      setPhase({ name: 'result', run: partial, failure: errorMessage(cause, tCommon, t('result.failed')) });
    } finally {
      void props.invalidate(queryClient);
    }
  }

  async function confirm() {
    if (action !== 'move') return start();
    const values = moveValues(await form.validateFields());
    if (Object.keys(values ?? {}).length === 0) {
      form.setFields([{ name: 'locationId', errors: [t('move.required')] }]);
      return;
    }
    return start(values);
  }

  const title =
    phase.name === 'result' ? t('result.title') : t(`confirm.${action}`, { records: props.records });
  const footer =
    phase.name === 'confirm' ? (
      <>
        <Button onClick={() => props.onClose(false)}>{tCommon('actions.cancel')}</Button>
        <Button type="primary" danger={DANGER.includes(action)} onClick={() => void confirm()}>
          {t(`actions.${action}`)}
        </Button>
      </>
    ) : phase.name === 'running' ? (
      // The button that had the focus is gone with its phase: the next phase's button takes it when
      // it mounts (its own key, so the result's button is not the running one updated in place).
      <Button
        key="running"
        autoFocus
        disabled={isCancelling || total <= phase.done}
        onClick={() => {
          cancelled.current = true;
          setCancelling(true);
        }}
      >
        {t('progress.cancel')}
      </Button>
    ) : (
      <Button key="result" autoFocus type="primary" onClick={() => props.onClose(true)}>
        {t('result.close')}
      </Button>
    );

  return (
    <Modal
      open
      centered
      title={title}
      footer={footer}
      closable={phase.name !== 'running'}
      keyboard={phase.name !== 'running'}
      mask={{ closable: false }}
      onCancel={() => props.onClose(phase.name === 'result')}
      destroyOnHidden
      className="bulk-dialog"
    >
      {phase.name === 'confirm' && (
        <>
          <p>{t(action === 'delete' ? 'confirm.deleteText' : 'confirm.text')}</p>
          {action === 'move' && (
            <Form form={form} layout="vertical" className="bulk-move-form">
              <p className="bulk-move-hint">{t('move.hint')}</p>
              {props.moveFields}
            </Form>
          )}
        </>
      )}
      {phase.name === 'running' && (
        <div className="bulk-progress">
          <Progress
            percent={total === 0 ? 100 : Math.floor((phase.done * 100) / total)}
            aria-label={t('progress.label')}
            status="active"
          />
          <p aria-live="polite">
            {isCancelling ? t('progress.cancelling') : t('progress.text', { done: phase.done, total })}
          </p>
        </div>
      )}
      {phase.name === 'result' && (
        <BulkResult
          run={phase.run}
          failure={phase.failure}
          fileName={t('result.fileName', { action: fileWord(t(`actions.${action}`)) })}
        />
      )}
    </Modal>
  );
}
