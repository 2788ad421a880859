import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SortDirection } from '../../lib/list-preferences.ts';

type ListSortSelectProps = {
  /** The sortable columns: their `orderBy` value and their title. */
  sorts: readonly { key: string; title: string }[];
  orderBy: string;
  direction: SortDirection;
  onChange: (orderBy: string, direction: SortDirection) => void;
};

/** The sort of a list shown as cards, which has no column headers to click: column and direction in one choice. */
export function ListSortSelect({ sorts, orderBy, direction, onChange }: ListSortSelectProps) {
  const { t } = useTranslation();
  const options = sorts.flatMap(({ key, title }) => [
    { value: `${key}:asc`, label: t('shell:list.sortAscending', { column: title }) },
    { value: `${key}:desc`, label: t('shell:list.sortDescending', { column: title }) },
  ]);
  return (
    <Select
      className="list-sort"
      aria-label={t('shell:list.sort')}
      value={`${orderBy}:${direction}`}
      options={options}
      onChange={(value: string) => {
        const at = value.lastIndexOf(':');
        onChange(value.slice(0, at), value.slice(at + 1) === 'asc' ? 'asc' : 'desc');
      }}
    />
  );
}
