import { CloseOutlined, PictureOutlined } from '@ant-design/icons';
import { Button, InputNumber, Table, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SlotValue } from '../campaign-form-values.ts';

type SlotTableProps = {
  collection: readonly SlotValue[];
  onShotSecondsChange: (slot: number, shotSeconds: number | null) => void;
  onClear: (slot: number) => void;
  /** Slots a quiz answer points to: they cannot be cleared (spec §4), hence no clear button. */
  answeredSlots?: ReadonlySet<number>;
  disabled?: boolean;
};

/** The configured slots: slot, fragrance with its thumbnail, the seconds of each shot, and a clear button. */
export function SlotTable({
  collection,
  onShotSecondsChange,
  onClear,
  answeredSlots,
  disabled,
}: SlotTableProps) {
  const { t } = useTranslation('campaigns');
  return (
    <Table<SlotValue>
      size="small"
      rowKey="slot"
      pagination={false}
      dataSource={[...collection]}
      locale={{ emptyText: t('form.slots.empty') }}
      scroll={{ x: 'max-content' }}
      columns={[
        { key: 'slot', title: t('form.slots.slot'), dataIndex: 'slot', width: 64 },
        {
          key: 'fragrance',
          title: t('form.slots.fragrance'),
          render: (_value, entry) => (
            <span>
              {entry.thumbnailUri ? (
                <img src={entry.thumbnailUri} alt="" className="slot-table-thumb" />
              ) : (
                <PictureOutlined aria-hidden="true" className="slot-table-thumb" />
              )}
              {entry.fragranceName}
            </span>
          ),
        },
        {
          key: 'shotSeconds',
          title: t('form.slots.shotSeconds'),
          width: 120,
          render: (_value, entry) => (
            <InputNumber
              aria-label={t('form.slots.shotSecondsOf', { slot: entry.slot })}
              min={1}
              max={600}
              precision={0}
              value={entry.shotSeconds}
              status={entry.shotSeconds ? undefined : 'error'}
              disabled={disabled}
              onChange={(value) => onShotSecondsChange(entry.slot, value)}
            />
          ),
        },
        {
          key: 'clear',
          title: <span className="visually-hidden">{t('form.slots.actions')}</span>,
          width: 56,
          render: (_value, entry) =>
            answeredSlots?.has(entry.slot) ? null : (
              <Tooltip title={t('form.slots.clear', { slot: entry.slot })}>
                <Button
                  type="text"
                  danger
                  icon={<CloseOutlined />}
                  aria-label={t('form.slots.clear', { slot: entry.slot })}
                  disabled={disabled}
                  onClick={() => onClear(entry.slot)}
                />
              </Tooltip>
            ),
        },
      ]}
    />
  );
}
