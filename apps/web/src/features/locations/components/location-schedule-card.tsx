import { CopyOutlined } from '@ant-design/icons';
import { FLEET_DOORS } from '@scentia/shared/access.rules';
import type { LocationRow } from '@scentia/shared/locations.schemas';
import { type Schedule, scheduleSchema } from '@scentia/shared/schedules.schemas';
import { App, Button, Space } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordCard } from '../../../components/record-card.tsx';
import {
  isStaleSave,
  type SaveFailure,
  SaveFailureAlert,
} from '../../../components/resource-form/save-failure-alert.tsx';
import { ScheduleEditor } from '../../../components/schedule-editor/schedule-editor.tsx';
import { useMayPass } from '../../../lib/access.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useSetLocationSchedule } from '../api/set-location-schedule.ts';
import { CopyScheduleDialog } from './copy-schedule-dialog.tsx';
import './locations.css';

type CardProps = {
  location: LocationRow;
  reload: () => Promise<unknown>;
  /** The saved schedule and the location's new version, for the page's record (and its form's save). */
  onSaved?: (saved: Pick<LocationRow, 'schedule' | 'updatedAt'>) => void;
};

function isSameSchedule(a: Schedule, b: Schedule): boolean {
  return JSON.stringify(a.ranges) === JSON.stringify(b.ranges);
}

/**
 * The location's weekly schedule (issue 25), saved on its own, apart from the form above: a change
 * here leaves the form's unsaved edits alone. The copy sends the saved schedule, so it is offered once
 * the changes are saved. A refused save shows the server's message and keeps the edits; one refused
 * because the location changed since the version the card holds (its own last save's, or the page's)
 * offers the page's reload.
 */
export function LocationScheduleCard({ location, reload, onSaved }: CardProps) {
  const { t } = useTranslation('locations');
  const { message } = App.useApp();
  const setSchedule = useSetLocationSchedule();
  const canEdit = useMayPass()(FLEET_DOORS.locations.schedules);
  const [saved, setSaved] = useState<Schedule>(location.schedule);
  const [draft, setDraft] = useState<Schedule>(location.schedule);
  const [version, setVersion] = useState(location.updatedAt);
  const [failure, setFailure] = useState<SaveFailure>();
  const [isCopyOpen, setCopyOpen] = useState(false);
  const copyButton = useRef<HTMLButtonElement>(null);
  const isDirty = !isSameSchedule(draft, saved);
  const isValid = scheduleSchema.safeParse(draft).success;

  async function save() {
    setFailure(undefined);
    try {
      const answer = await setSchedule.mutateAsync({
        locationId: location.locationId,
        body: { ...draft, updatedAt: version },
      });
      setSaved(draft);
      setVersion(answer.updatedAt);
      void message.success(t('schedule.saved'));
      onSaved?.({ schedule: answer.schedule, updatedAt: answer.updatedAt });
    } catch (error) {
      setFailure({
        id: (failure?.id ?? 0) + 1,
        text: errorMessage(error, t, t('schedule.saveError')),
        isStale: isStaleSave(error),
      });
    }
  }

  return (
    <RecordCard title={t('schedule.title')}>
      <ScheduleEditor
        value={draft}
        onChange={(next) => {
          setDraft(next);
          setFailure(undefined);
        }}
        timeZone={location.timeZone}
        disabled={setSchedule.isPending || !canEdit}
      />
      {failure && <SaveFailureAlert key={failure.id} failure={failure} onReload={reload} />}
      {canEdit && (
        <Space wrap className="location-schedule-actions">
          <Button
            type="primary"
            onClick={() => void save()}
            loading={setSchedule.isPending}
            disabled={!isDirty || !isValid}
          >
            {t('schedule.save')}
          </Button>
          {isDirty && (
            <Button onClick={() => setDraft(saved)} disabled={setSchedule.isPending}>
              {t('schedule.discard')}
            </Button>
          )}
          <Button
            ref={copyButton}
            icon={<CopyOutlined aria-hidden />}
            onClick={() => setCopyOpen(true)}
            disabled={isDirty}
          >
            {t('schedule.copy.open')}
          </Button>
        </Space>
      )}
      {isDirty && <p className="location-schedule-note">{t('schedule.unsaved')}</p>}
      {isCopyOpen && (
        <CopyScheduleDialog
          location={location}
          onClose={() => {
            setCopyOpen(false);
            copyButton.current?.focus();
          }}
        />
      )}
    </RecordCard>
  );
}
