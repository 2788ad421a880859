import { CloseOutlined, LockOutlined, PictureOutlined } from '@ant-design/icons';
import { Button, InputNumber, Table, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SlotValue } from '../campaign-form-values.ts';

type SlotTableProps = {
  collection: readonly SlotValue[];
  onShotSecondsChange: (slot: number, shotSeconds: number | null) => void;
  onClear: (slot: number) => void;
  /** Slots a quiz answer points to: they cannot be cleared (spec §4); the row says why. */
  answeredSlots?: ReadonlySet<number>;
  /** Slots whose fragrance sits in other slots too, with those slots. */
  clashingSlots?: ReadonlyMap<number, readonly number[]>;
  disabled?: boolean;
};

/** The configured slots: slot, fragrance with its thumbnail, the seconds of each shot, and a clear button. */
export function SlotTable({
  collection,
  onShotSecondsChange,
  onClear,
  answeredSlots,
  clashingSlots,
  disabled,
}: SlotTableProps) {
  const { t } = useTranslation('campaigns');
  return (
    <Table<SlotValue>
      size="small"
      rowKey="slot"
      pagination={false}
      dataSource={[...collection]}
      // Antd's own empty text is too faint to read (1.8:1); this one has the page's secondary colour.
      locale={{ emptyText: <span className="slot-table-empty">{t('form.slots.empty')}</span> }}
      // No horizontal scrolling: the columns fit a 375 px screen, so every clear button is in sight.
      tableLayout="fixed"
      rowClassName={(entry) => (clashingSlots?.has(entry.slot) ? 'slot-table-clash' : '')}
      columns={[
        { key: 'slot', title: t('form.slots.slot'), dataIndex: 'slot', width: 52 },
        {
          key: 'fragrance',
          title: t('form.slots.fragrance'),
          render: (_value, entry) => {
            const others = clashingSlots?.get(entry.slot);
            return (
              <span className="slot-table-fragrance">
                {entry.thumbnailUri ? (
                  <img src={entry.thumbnailUri} alt="" className="slot-table-thumb" />
                ) : (
                  <PictureOutlined aria-hidden="true" className="slot-table-thumb" />
                )}
                <span>
                  {entry.fragranceName}
                  {answeredSlots?.has(entry.slot) && (
                    <span className="slot-table-locked-note" id={`slot-locked-${entry.slot}`}>
                      <LockOutlined aria-hidden="true" /> {t('form.slots.locked')}
                    </span>
                  )}
                  {others && (
                    <span className="slot-table-clash-note">
                      {t('form.slots.alsoIn', { count: others.length, slots: others.join(', ') })}
                    </span>
                  )}
                </span>
              </span>
            );
          },
        },
        {
          key: 'shotSeconds',
          title: t('form.slots.shotSeconds'),
          width: 96,
          render: (_value, entry) => (
            <InputNumber
              aria-label={t('form.slots.shotSecondsOf', { slot: entry.slot })}
              min={1}
              max={600}
              precision={0}
              value={entry.shotSeconds}
              className="slot-table-seconds"
              status={entry.shotSeconds ? undefined : 'error'}
              disabled={disabled}
              onChange={(value) => onShotSecondsChange(entry.slot, value)}
            />
          ),
        },
        {
          key: 'clear',
          title: <span className="visually-hidden">{t('form.slots.actions')}</span>,
          width: 48,
          render: (_value, entry) => {
            const isLocked = answeredSlots?.has(entry.slot) ?? false;
            return (
              <Tooltip
                title={
                  isLocked
                    ? t('form.slots.lockedClear', { slot: entry.slot })
                    : t('form.slots.clear', { slot: entry.slot })
                }
              >
                <Button
                  type="text"
                  danger
                  icon={<CloseOutlined />}
                  aria-label={t('form.slots.clear', { slot: entry.slot })}
                  aria-describedby={isLocked ? `slot-locked-${entry.slot}` : undefined}
                  disabled={disabled || isLocked}
                  onClick={() => onClear(entry.slot)}
                />
              </Tooltip>
            );
          },
        },
      ]}
    />
  );
}
