import { FLEET_DOORS } from '@scentia/shared/access.rules';
import { deviceActionRefusal } from '@scentia/shared/devices.rules';
import type { DeviceRecord } from '@scentia/shared/devices.schemas';
import type { Schedule } from '@scentia/shared/schedules.schemas';
import { App, Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RecordCard } from '../../../components/record-card.tsx';
import {
  isStaleSave,
  type SaveFailure,
  SaveFailureAlert,
} from '../../../components/resource-form/save-failure-alert.tsx';
import { useConfirmedCommand } from '../../../components/resource-list/row-actions.tsx';
import { ScheduleEditor } from '../../../components/schedule-editor/schedule-editor.tsx';
import { useMayPass } from '../../../lib/access.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useSetDeviceSchedule } from '../api/device-commands.ts';
import { deviceState } from '../device-state.ts';

type CardProps = { device: DeviceRecord; reload: () => Promise<unknown> };

/**
 * The schedule the device runs (issue 25): its location's, with a link to that location, or its own.
 * Staff give it its own (starting from the location's) or send it back to its location's; a retired
 * device shows its schedule without the commands.
 */
export function DeviceScheduleCard({ device, reload }: CardProps) {
  const { t } = useTranslation('devices');
  const { message } = App.useApp();
  const confirm = useConfirmedCommand();
  const setSchedule = useSetDeviceSchedule();
  const mayPass = useMayPass();
  const canEdit =
    !deviceActionRefusal(deviceState(device), 'schedule') && mayPass(FLEET_DOORS.devices.schedule);
  // The own schedule being edited: undefined while the card only shows the one in force.
  const [draft, setDraft] = useState<Schedule | undefined>(undefined);
  const [failure, setFailure] = useState<SaveFailure>();
  const isOwn = device.schedule.source === 'device';
  const location = device.location;

  async function save(schedule: Schedule | null) {
    // With the version the page loaded: a save over someone else's newer one is refused (409).
    await setSchedule.mutateAsync({
      deviceId: device.deviceId,
      body: { schedule, updatedAt: device.updatedAt },
    });
    await reload();
  }

  async function saveDraft() {
    if (!draft) return;
    setFailure(undefined);
    try {
      await save(draft);
      setDraft(undefined);
      void message.success(t('schedule.saved'));
    } catch (error) {
      setFailure({
        id: (failure?.id ?? 0) + 1,
        text: errorMessage(error, t, t('schedule.saveError')),
        isStale: isStaleSave(error),
      });
    }
  }

  function followLocation() {
    confirm({
      key: 'followLocation',
      label: t('schedule.followLocation'),
      icon: null,
      confirm: {
        title: t('schedule.followConfirm', { name: location.name }),
        okText: t('schedule.followLocation'),
      },
      run: () => save(null),
      successMessage: t('schedule.saved'),
      errorMessage: t('schedule.saveError'),
    });
  }

  const locationLink = <Link to={PATHS.admin.locations.update(location.locationId)}>{location.name}</Link>;
  return (
    <RecordCard title={t('schedule.title')}>
      <p className="device-schedule-source">
        {isOwn ? t('schedule.own') : t('schedule.fromLocation')} {!isOwn && locationLink}
      </p>
      {draft ? (
        <>
          <ScheduleEditor value={draft} onChange={setDraft} timeZone={device.schedule.timeZone} />
          {failure && <SaveFailureAlert key={failure.id} failure={failure} onReload={reload} />}
          <Space wrap>
            <Button type="primary" loading={setSchedule.isPending} onClick={() => void saveDraft()}>
              {t('schedule.save')}
            </Button>
            <Button onClick={() => setDraft(undefined)} disabled={setSchedule.isPending}>
              {t('schedule.cancel')}
            </Button>
          </Space>
        </>
      ) : (
        <>
          <ScheduleEditor
            value={{ ranges: device.schedule.ranges }}
            onChange={() => undefined}
            timeZone={device.schedule.timeZone}
            disabled
          />
          {canEdit && (
            <Space wrap>
              <Button
                onClick={() => setDraft({ ranges: [...(device.ownSchedule ?? device.schedule).ranges] })}
              >
                {isOwn ? t('schedule.edit') : t('schedule.makeOwn')}
              </Button>
              {isOwn && <Button onClick={followLocation}>{t('schedule.followLocation')}</Button>}
            </Space>
          )}
        </>
      )}
    </RecordCard>
  );
}
