import { CloseOutlined } from '@ant-design/icons';
import { Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/date-format.ts';
import type { ListPeriod } from './list-period.ts';
import './list-period.css';

/**
 * The list's period as a removable filter chip: "Period: 01/11/2026 – 30/11/2026 (America/Sao_Paulo)",
 * or "(UTC days)" where the list counts by UTC day. Removing it removes the shots column with it.
 */
export function PeriodChip({ period, onClear }: { period: ListPeriod; onClear: () => void }) {
  const { t } = useTranslation();
  const label = t(period.timeZone ? 'list.periodInZone' : 'list.periodUtc', {
    from: formatDate(period.from),
    to: formatDate(period.to),
    timeZone: period.timeZone,
  });
  return (
    <Tag className="list-filter-chip">
      {label}
      <Button
        size="small"
        type="text"
        icon={<CloseOutlined aria-hidden />}
        aria-label={t('list.clearPeriod', { period: label })}
        onClick={onClear}
      />
    </Tag>
  );
}
