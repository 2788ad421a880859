import { ErrorCode } from '@scentia/shared/error-codes';
import { Alert, type AlertRef, Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api-error.ts';
import './resource-form.css';

/** A save refused because the record changed after the version it was based on (409 STALE_RECORD). */
export function isStaleSave(error: unknown): boolean {
  return isApiError(error) && error.code === ErrorCode.STALE_RECORD;
}

/** `id` tells one failure from the next: each new one mounts its alert again, which takes the focus. */
export type SaveFailure = { id: number; text: string; isStale: boolean };

/**
 * The one alert of a failed save, placed just above the buttons and focused as it appears: on a long
 * form the person is at the save button, and a screen reader reads what went wrong at once. A stale
 * record's alert carries the reload.
 */
export function SaveFailureAlert({
  failure,
  onReload,
}: {
  failure: SaveFailure;
  onReload?: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const ref = useRef<AlertRef>(null);
  const [isReloading, setReloading] = useState(false);
  useEffect(() => {
    const alert = ref.current?.nativeElement;
    if (!alert) return;
    alert.tabIndex = -1;
    alert.focus({ preventScroll: true });
    alert.scrollIntoView({ block: 'center' });
  }, []);

  async function reload() {
    setReloading(true);
    try {
      await onReload?.();
    } finally {
      setReloading(false);
    }
  }

  return (
    <Alert
      ref={ref}
      type="error"
      showIcon
      title={failure.text}
      className="resource-form-alert"
      action={
        failure.isStale && onReload ? (
          <Button onClick={() => void reload()} loading={isReloading}>
            {t('form.reload')}
          </Button>
        ) : undefined
      }
    />
  );
}
