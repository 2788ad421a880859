import { DatePicker, type DatePickerProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type FocusEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_FORMAT } from '../../lib/date-format.ts';

type DateFieldProps = Omit<DatePickerProps, 'value' | 'onChange' | 'onBlur' | 'format'> & {
  value?: Dayjs | null;
  onChange?: (value: Dayjs | null) => void;
};

// A whole day as typed, calendar or not: "31/04/2001" has this shape and yet is no day.
const DAY_SHAPE = /^\d{1,2}\/\d{1,2}\/\d{4}$/;

/**
 * A date typed as DD/MM/YYYY in a form: what the field shows is always what the form holds, so a save
 * never sends a day other than the one on screen. The picker alone keeps typed text it did not take
 * (an unfinished "25/11/20") beside the previous value; here, on leaving the field, a complete day is
 * taken (the form's rules then judge it), an emptied field empties the value, and anything else gives
 * way to the value the form holds. A day the calendar does not have (30/02/2001) gives way too, but
 * says so under the field: otherwise the typed day would vanish without a reason.
 */
export function DateField({ value, onChange, ...props }: DateFieldProps) {
  const { t } = useTranslation();
  const [generation, setGeneration] = useState(0);
  const [notADay, setNotADay] = useState<string>();

  function settle(event: FocusEvent<HTMLElement>) {
    const text = event.target instanceof HTMLInputElement ? event.target.value.trim() : '';
    setNotADay(undefined);
    if (text === (value ? value.format(DATE_FORMAT) : '')) return;
    if (text === '') return onChange?.(null);
    const typed = dayjs(text, DATE_FORMAT, true);
    if (typed.isValid()) return onChange?.(typed);
    if (DAY_SHAPE.test(text)) setNotADay(text);
    // A new picker shows the form's value again.
    setGeneration((current) => current + 1);
  }

  return (
    <>
      <DatePicker
        key={generation}
        {...props}
        format={DATE_FORMAT}
        value={value ?? null}
        onChange={(date) => {
          setNotADay(undefined);
          onChange?.((date as Dayjs | null) ?? null);
        }}
        onBlur={settle}
      />
      {notADay && (
        <div className="date-field-not-a-day" role="alert">
          {t('form.dateNotInCalendar', { text: notADay })}
        </div>
      )}
    </>
  );
}
