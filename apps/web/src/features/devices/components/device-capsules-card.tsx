import { capsuleLevelPercent } from '@scentia/shared/capsules.schemas';
import type { DeviceCapsule, DeviceRecord } from '@scentia/shared/devices.schemas';
import { Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { CapsuleRunOut } from '../../../components/capsule-run-out/capsule-run-out.tsx';
import { RING_SLOTS } from '../../../components/device-ring/device-ring.tsx';
import { DeviceRingLevels, type RingLevel } from '../../../components/device-ring/device-ring-levels.tsx';
import { RecordCard } from '../../../components/record-card.tsx';
import { ScrollRegion } from '../../../components/scroll-region.tsx';
import { formatDate } from '../../../lib/date-format.ts';

/** One slot as the card compares it: what the campaign puts there and what the device holds. */
export type SlotComparison = {
  slot: number;
  expected: string | null;
  capsule: DeviceCapsule | null;
  isMismatch: boolean;
};

/**
 * Every slot the campaign fills or the device holds a capsule in, in slot order: a capsule whose
 * fragrance is not the one the campaign puts in its slot (or sits in a slot the campaign leaves
 * empty) is a mismatch.
 */
export function compareSlots(device: Pick<DeviceRecord, 'collection' | 'capsules'>): SlotComparison[] {
  const expected = new Map(device.collection.map((entry) => [entry.slot, entry]));
  const held = new Map(device.capsules.map((capsule) => [capsule.slot, capsule]));
  return RING_SLOTS.filter((slot) => expected.has(slot) || held.has(slot)).map((slot) => {
    const wanted = expected.get(slot);
    const capsule = held.get(slot) ?? null;
    return {
      slot,
      expected: wanted?.fragrance.name ?? null,
      capsule,
      isMismatch: capsule !== null && capsule.fragrance.fragranceId !== wanted?.fragranceId,
    };
  });
}

/**
 * The device's capsules per slot (issue 25): the campaign editor's ring, read-only, filled to each
 * capsule's level, and beside it the same facts as a table (which a screen reader reads): the
 * campaign's fragrance for the slot against the capsule's, its level, the day it is forecast to run
 * out (issue 26) and its due date.
 */
export function DeviceCapsulesCard({ device }: { device: DeviceRecord }) {
  const { t } = useTranslation('devices');
  const slots = compareSlots(device);
  const levels: RingLevel[] = slots.flatMap(({ slot, capsule, isMismatch }) =>
    capsule
      ? [
          {
            slot,
            fragranceName: capsule.fragrance.name,
            remainingShots: capsule.remainingShots,
            sizeShots: capsule.sizeShots,
            isMismatch,
          },
        ]
      : [],
  );
  const mismatches = slots.filter((slot) => slot.isMismatch).length;
  // The browser's own day, as in the capsules list.
  const today = dayjs().format('YYYY-MM-DD');

  return (
    <RecordCard title={t('capsules.title')}>
      {mismatches > 0 && (
        <p className="device-mismatch" role="status">
          {t('capsules.mismatchSummary', { count: mismatches })}
        </p>
      )}
      <div className="device-capsules">
        <DeviceRingLevels levels={levels} />
        <ScrollRegion label={t('capsules.tableLabel')}>
          <Table<SlotComparison>
            rowKey={(row) => row.slot}
            size="small"
            pagination={false}
            dataSource={slots}
            locale={{ emptyText: t('capsules.empty') }}
            columns={[
              { title: t('capsules.slot'), dataIndex: 'slot' },
              {
                title: t('capsules.expected'),
                key: 'expected',
                render: (_value, row) => row.expected ?? t('capsules.noExpected'),
              },
              {
                title: t('capsules.fragrance'),
                key: 'fragrance',
                render: (_value, row) =>
                  row.capsule ? (
                    <>
                      {row.capsule.fragrance.name}{' '}
                      {row.isMismatch && (
                        <Tag className="status-tag is-warning">{t('capsules.mismatch')}</Tag>
                      )}
                      <span className="device-capsule-serial">
                        {t('capsules.serialText', { serial: row.capsule.serialNumber })}
                      </span>
                    </>
                  ) : (
                    t('capsules.none')
                  ),
              },
              {
                title: t('capsules.level'),
                key: 'level',
                render: (_value, row) =>
                  row.capsule
                    ? t('capsules.levelText', {
                        remaining: row.capsule.remainingShots,
                        size: row.capsule.sizeShots,
                        percent: capsuleLevelPercent(row.capsule.remainingShots, row.capsule.sizeShots),
                      })
                    : '',
              },
              {
                title: t('capsules.runsOut'),
                key: 'runsOut',
                render: (_value, row) =>
                  row.capsule && (
                    <CapsuleRunOut
                      runsOutOn={row.capsule.runsOutOn}
                      remainingShots={row.capsule.remainingShots}
                      today={today}
                    />
                  ),
              },
              {
                title: t('capsules.dueDate'),
                key: 'dueDate',
                render: (_value, row) => (row.capsule?.dueDate ? formatDate(row.capsule.dueDate) : ''),
              },
            ]}
          />
        </ScrollRegion>
      </div>
    </RecordCard>
  );
}
