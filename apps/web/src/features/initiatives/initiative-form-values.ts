import type { InitiativeBodyInput, InitiativeRow } from '@scentia/shared/initiatives.schemas';
import dayjs, { type Dayjs } from 'dayjs';
import { requiredText } from '../../components/resource-form/form-values.ts';
import type { FieldPath } from '../../lib/server-field-errors.ts';

/**
 * The initiative form as antd holds it: texts as typed, the organisation and campaign as their
 * typeaheads' values (ids as text), the locations as the multi-select's ids, the days as dayjs dates.
 */
export type InitiativeFormValues = {
  title: string;
  description: string;
  organizationId: string | null;
  locationIds: string[];
  campaignId: string | null;
  startsOn: Dayjs | null;
  endsOn: Dayjs | null;
};

/** The form's fields, for placing the server's field errors (`locationIds.0` goes under the locations). */
export const INITIATIVE_FORM_FIELDS: readonly FieldPath[] = [
  ['title'],
  ['description'],
  ['organizationId'],
  ['locationIds'],
  ['campaignId'],
  ['startsOn'],
  ['endsOn'],
];

const DAY = 'YYYY-MM-DD';
const ID = /^[1-9]\d{0,9}$/;

/** A new initiative: of the organisation and campaign a link names (`?organizationId=3&campaignId=2`). */
export function emptyInitiativeForm(search?: URLSearchParams): InitiativeFormValues {
  const idFrom = (name: string) => {
    const value = search?.get(name) ?? '';
    return ID.test(value) ? value : null;
  };
  return {
    title: '',
    description: '',
    organizationId: idFrom('organizationId'),
    locationIds: [],
    campaignId: idFrom('campaignId'),
    startsOn: null,
    endsOn: null,
  };
}

export function initiativeToForm(row: InitiativeRow): InitiativeFormValues {
  return {
    title: row.title,
    description: row.description ?? '',
    organizationId: String(row.organizationId),
    locationIds: row.locations.map((location) => String(location.locationId)),
    campaignId: String(row.campaignId),
    startsOn: dayjs(row.startsOn, DAY),
    endsOn: dayjs(row.endsOn, DAY),
  };
}

/**
 * The body of POST/PUT /initiatives. A missing choice is sent as 0 (and a missing day as '') so the
 * shared schema names it under its field, as the server would.
 */
export function initiativeFormToBody(
  values: InitiativeFormValues,
  opened?: InitiativeRow,
): InitiativeBodyInput {
  return {
    title: requiredText(values.title),
    description: values.description?.trim() ? values.description.trim() : null,
    organizationId: values.organizationId ? Number(values.organizationId) : 0,
    locationIds: (values.locationIds ?? []).map(Number),
    campaignId: values.campaignId ? Number(values.campaignId) : 0,
    startsOn: values.startsOn?.isValid() ? values.startsOn.format(DAY) : '',
    endsOn: values.endsOn?.isValid() ? values.endsOn.format(DAY) : '',
    // The version the edit was opened with: a save over a newer one is refused (409 STALE_RECORD).
    ...(opened ? { updatedAt: opened.updatedAt } : {}),
  };
}
