import { organizationRowSchema } from '@scentia/shared/organizations.schemas';
import { recordEndpoint } from '../../../components/resource-form/record-endpoint.ts';
import { organizationKeys } from './query-keys.ts';

/** GET /api/organizations/{id}. */
export const organizationRecord = recordEndpoint(organizationKeys, '/organizations', organizationRowSchema);

/** The name of organisation `id` (a typeahead's value from a link, before it has searched). */
export function useOrganizationName(id: string | null | undefined): string | undefined {
  const number = Number(id ?? 0);
  return organizationRecord.useRecord(number, Number.isInteger(number) && number > 0).data?.name;
}
