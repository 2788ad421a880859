import { type MemberRow, memberRowSchema } from '@scentia/shared/members.schemas';
import { listEndpoint } from '../../../components/resource-list/list-endpoint.ts';
import type { ListParams } from '../../../components/resource-list/list-params.ts';
import type { ResourceKeys } from '../../../components/resource-list/resource-keys.ts';
import { memberKeys } from './query-keys.ts';

/** The members list's `orderBy` values. */
export const MEMBER_SORTS = { name: 'nome', email: 'email', role: 'role', createdAt: 'createdAt' } as const;

const endpoints = new Map<number, ReturnType<typeof listEndpoint<MemberRow>>>();

/**
 * GET /api/organizations/members/{organizationId}: one page of an organisation's members and pending invitations.
 * One endpoint per organisation, keyed under `['members', id]` so one organisation's pages stay apart.
 */
export function membersListOf(organizationId: number) {
  let endpoint = endpoints.get(organizationId);
  if (!endpoint) {
    const keys = {
      list: (params: ListParams) => [...memberKeys.all, organizationId, 'list', params],
    } as unknown as Pick<ResourceKeys, 'list'>;
    endpoint = listEndpoint(keys, `/organizations/members/${organizationId}`, memberRowSchema);
    endpoints.set(organizationId, endpoint);
  }
  return endpoint;
}

export type { MemberRow };
