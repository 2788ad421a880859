import dayjs from 'dayjs';

/** How the back-office writes a moment (spec §9 "Timestamps"), in every language. */
const TIMESTAMP_FORMAT = 'DD/MM/YYYY HH:mm';
/** How it writes a calendar day, a birthday (spec §9 "Birthday display"), as typed in the date fields. */
export const DATE_FORMAT = 'DD/MM/YYYY';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** `31/12/2025 23:59`: an ISO moment in the browser's time zone. The one formatter of every timestamp. */
export function formatTimestamp(iso: string): string {
  return dayjs(iso).format(TIMESTAMP_FORMAT);
}

/**
 * `31/12/2025`: a calendar day as stored (`2025-12-31`), read as that day wherever the browser is (not
 * as midnight UTC, which is the day before west of Greenwich); a moment gives its local day.
 */
export function formatDate(value: string): string {
  return dayjs(DATE_ONLY.test(value) ? `${value}T00:00:00` : value).format(DATE_FORMAT);
}
