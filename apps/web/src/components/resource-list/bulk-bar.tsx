import type { BulkAction } from '@scentia/shared/record-bulk.schemas';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import './bulk.css';

type BulkBarProps = {
  count: number;
  /** How many rows match the list's filter (the list's total). */
  total: number;
  /** Every matching row is selected (after "select all that match"). */
  isAllSelected: boolean;
  onSelectAll: () => void;
  isSelectingAll: boolean;
  onClear: () => void;
  actions: readonly BulkAction[];
  onAction: (action: BulkAction) => void;
};

/**
 * What a selection offers, above the list: "N selecionados", "select all M that match the filter",
 * "clear", and the actions the caller may take on many rows at once.
 */
export function BulkBar(props: BulkBarProps) {
  const { t } = useTranslation('bulk');
  return (
    <section className="bulk-bar" aria-label={t('barLabel')}>
      <p className="bulk-bar-count" aria-live="polite">
        {props.isAllSelected
          ? t('selectedAll', { count: props.count })
          : t('selected', { count: props.count })}
      </p>
      <div className="bulk-bar-selection">
        {!props.isAllSelected && props.total > props.count && (
          <Button type="link" onClick={props.onSelectAll} loading={props.isSelectingAll}>
            {t('selectAll', { count: props.total })}
          </Button>
        )}
        <Button type="link" onClick={props.onClear}>
          {t('clear')}
        </Button>
      </div>
      <div className="bulk-bar-actions">
        {props.actions.map((action) => (
          <Button
            key={action}
            danger={action === 'delete' || action === 'deactivate'}
            onClick={() => props.onAction(action)}
          >
            {t(`actions.${action}`)}
          </Button>
        ))}
      </div>
    </section>
  );
}
