import type { DeviceRecord } from '@scentia/shared/devices.schemas';
import { DeviceCapsulesCard } from './device-capsules-card.tsx';
import { DeviceScheduleCard } from './device-schedule-card.tsx';
import { DeviceStatusCard } from './device-status-card.tsx';

type CardsProps = { row: DeviceRecord; reload: () => Promise<unknown> };

/** The device page below its form: what it says about itself and its commands, its capsules, its schedule. */
export function DeviceRecordCards({ row, reload }: CardsProps) {
  return (
    <>
      <DeviceStatusCard device={row} reload={reload} />
      <DeviceCapsulesCard device={row} />
      <DeviceScheduleCard device={row} reload={reload} />
    </>
  );
}
