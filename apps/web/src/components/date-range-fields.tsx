import { Input } from 'antd';

export type DateRange = { from: string; to: string };

type DateRangeFieldsProps = {
  /** The prefix of the fields' ids (`<id>-from`, `<id>-to`), for the labels. */
  id: string;
  value: DateRange;
  labels: DateRange;
  min?: string;
  max: string;
  /** The id of the message saying what is wrong with the range: both fields are marked and point to it. */
  errorId?: string | undefined;
  /** The class of each field's wrapper (label above input), as the surrounding bar lays them out. */
  fieldClassName: string;
  onChange: (range: DateRange) => void;
};

/**
 * Two days of one's own choosing as native date fields (the phone's own picker, typed as the browser's
 * locale writes dates), each with its label; a wrong range is shown on both and explained elsewhere.
 */
export function DateRangeFields({
  id,
  value,
  labels,
  min,
  max,
  errorId,
  fieldClassName,
  onChange,
}: DateRangeFieldsProps) {
  const field = (end: keyof DateRange) => (
    <div className={fieldClassName}>
      <label htmlFor={`${id}-${end}`}>{labels[end]}</label>
      <Input
        id={`${id}-${end}`}
        type="date"
        value={value[end]}
        min={min}
        max={max}
        required
        status={errorId ? 'error' : undefined}
        aria-describedby={errorId}
        onChange={(event) => onChange({ ...value, [end]: event.target.value })}
      />
    </div>
  );
  return (
    <>
      {field('from')}
      {field('to')}
    </>
  );
}
