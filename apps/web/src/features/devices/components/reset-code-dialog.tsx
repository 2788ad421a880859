import type { ResetCode } from '@scentia/shared/devices.schemas';
import { Alert, Button, Modal, Progress, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message.ts';
import { fetchResetCode } from '../api/reset-code.ts';

type CodeState =
  | { kind: 'loading' }
  | { kind: 'shown'; code: string; secondsLeft: number; stepSeconds: number }
  | { kind: 'renewing' }
  | { kind: 'failed'; error: unknown };

/**
 * When the step ends on this browser's clock: the server's `validUntil` moved by how far the server's
 * clock was from this one when it answered. Counting to that instant (not from whole seconds left,
 * which the server rounds up) renews the code when its step ends, not up to a second later.
 */
function stepEndHere(answer: ResetCode): number {
  return Date.parse(answer.validUntil) - (Date.parse(answer.serverTime) - Date.now());
}

/**
 * The device's reset code (spec §4, §9): the code, and a countdown of the seconds left in its step,
 * to the step's end (`stepEndHere`), ticking when the whole seconds left change; at the end the dialog
 * says it is getting a new code and asks the server for it, and the cycle repeats while the dialog is
 * open. Closing it (unmounting) aborts a call under way and stops the timer: nothing is asked after
 * that. Every code the server gives is an audit note.
 */
export function ResetCodeDialog({
  deviceId,
  macAddress,
  onClose,
}: {
  deviceId: number;
  macAddress: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('devices');
  const [state, setState] = useState<CodeState>({ kind: 'loading' });
  // Each round asks for one code and counts it down; the next round starts when it runs out.
  const [round, setRound] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new round is a new request
  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const countDown = (answer: ResetCode) => {
      const endsAt = stepEndHere(answer);
      const tick = () => {
        const msLeft = endsAt - Date.now();
        if (msLeft <= 0) {
          setState({ kind: 'renewing' });
          setRound((current) => current + 1);
          return;
        }
        const secondsLeft = Math.ceil(msLeft / 1_000);
        setState({ kind: 'shown', code: answer.code, secondsLeft, stepSeconds: answer.stepSeconds });
        // The next tick when the whole seconds left change (at the end: when the step ends).
        timer = setTimeout(tick, msLeft - (secondsLeft - 1) * 1_000);
      };
      tick();
    };
    fetchResetCode(deviceId, controller.signal).then(countDown, (error: unknown) => {
      if (!controller.signal.aborted) setState({ kind: 'failed', error });
    });
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [deviceId, round]);

  function retry() {
    setState({ kind: 'loading' });
    setRound((current) => current + 1);
  }

  return (
    <Modal
      open
      centered
      title={t('resetCode.title', { mac: macAddress })}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('resetCode.close')}</Button>}
    >
      <p>{t('resetCode.text')}</p>
      {/* One polite live region: a new code or the renewal is announced, the seconds are not. */}
      <div aria-live="polite" aria-atomic="true">
        {state.kind === 'loading' && (
          <div className="reset-code">
            <Spin aria-label={t('resetCode.loading')} />
          </div>
        )}
        {state.kind === 'renewing' && (
          <p className="reset-code reset-code-renewing" data-testid="reset-code">
            {t('resetCode.renewing')}
          </p>
        )}
        {state.kind === 'shown' && (
          <p className="reset-code" data-testid="reset-code">
            <span aria-hidden="true">{state.code}</span>
            <span className="visually-hidden">{t('resetCode.codeLabel', { code: spaced(state.code) })}</span>
          </p>
        )}
      </div>
      {state.kind === 'shown' && (
        <>
          <Progress
            percent={(state.secondsLeft / state.stepSeconds) * 100}
            showInfo={false}
            aria-hidden="true"
          />
          <p className="reset-code-countdown" data-testid="reset-code-countdown">
            {t('resetCode.secondsLeft', { count: state.secondsLeft })}
          </p>
        </>
      )}
      {state.kind === 'failed' && (
        <Alert
          type="error"
          showIcon
          title={t('resetCode.error')}
          description={errorMessage(state.error, t, '') || undefined}
          action={
            <Button size="small" onClick={retry}>
              {t('resetCode.retry')}
            </Button>
          }
        />
      )}
    </Modal>
  );
}

/** `123456` read digit by digit by a screen reader: `1 2 3 4 5 6`. */
function spaced(code: string): string {
  return code.split('').join(' ');
}
