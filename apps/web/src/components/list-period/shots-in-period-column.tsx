import { useTranslation } from 'react-i18next';
import { useNarrowScreen } from '../../lib/use-narrow-screen.ts';
import type { ResourceColumn } from '../resource-list/resource-column.ts';

/** A row's shots in the period: the bare number under the column's title, labelled on a phone's card. */
function ShotsInPeriod({ shots }: { shots: number | null }) {
  const { t, i18n } = useTranslation();
  const isNarrow = useNarrowScreen();
  if (shots === null) return null;
  const figure = new Intl.NumberFormat(i18n.language).format(shots);
  return (
    <span className="list-shots-in-period">
      {isNarrow ? t('list.shotsInPeriodCard', { shots: figure }) : figure}
    </span>
  );
}

/**
 * The "Shots in the period" column of a list opened with a period (a dashboard slice's link): a state
 * of the card at 375 px, so the slice's number can be found on a phone too.
 */
export function shotsInPeriodColumn<Row extends { shotsInPeriod: number | null }>(
  title: string,
): ResourceColumn<Row> {
  return {
    title,
    key: 'shotsInPeriod',
    align: 'right',
    card: 'state',
    render: (_value, row) => <ShotsInPeriod shots={row.shotsInPeriod} />,
  };
}
