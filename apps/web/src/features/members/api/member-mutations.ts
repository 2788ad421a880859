import type { MemberInviteBody, MemberRow, MemberUpdateBody } from '@scentia/shared/members.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/api-client.ts';
import { memberKeys } from './query-keys.ts';

const membersPath = (organizationId: number) => `/organizations/members/${organizationId}`;

/** Invite, change and remove: each makes every members list stale. */
export function useMemberMutations(organizationId: number) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: memberKeys.all });
  return {
    /** POST /organizations/members/{organizationId}: 201 with the pending member; 409 for a staff or app account's e-mail. */
    invite: useMutation({
      mutationFn: (body: MemberInviteBody) => http.post<MemberRow>(membersPath(organizationId), body),
      onSuccess,
    }),
    /** PUT …/{memberId}: the member's role and locations. */
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: MemberUpdateBody }) =>
        http.put<MemberRow>(`${membersPath(organizationId)}/${id}`, body),
      onSuccess,
    }),
    /** DELETE …/{memberId}: 204; the member's sessions end at once. */
    remove: useMutation({
      mutationFn: (id: number) => http.delete<void>(`${membersPath(organizationId)}/${id}`),
      onSuccess,
    }),
  };
}
