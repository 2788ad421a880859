import type { InitiativeAction } from '@scentia/shared/initiatives.rules';
import { type InitiativeChangesRequest, initiativeRowSchema } from '@scentia/shared/initiatives.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/api-client.ts';
import { invalidateInitiatives } from './invalidate-initiatives.ts';

/** The review actions that take only an optional note (request changes takes a mail). */
export type NoteReviewAction = Exclude<InitiativeAction, 'edit' | 'requestChanges'>;

const SEGMENTS: Record<NoteReviewAction, string> = {
  approve: 'approve',
  reject: 'reject',
  deactivate: 'deactivate',
  reopen: 'reopen',
};

/**
 * PUT /api/initiatives/{approve|reject|deactivate|reopen}/{id} `{note?}` (admin): the initiative in
 * its new status; a refused transition or an overlap is a 409 whose message the caller shows.
 */
export function reviewInitiative(input: { id: number; action: NoteReviewAction; note: string }) {
  const note = input.note.trim();
  return http.put(
    `/initiatives/${SEGMENTS[input.action]}/${input.id}`,
    { note: note === '' ? null : note },
    { schema: initiativeRowSchema },
  );
}

/** PUT /api/initiatives/request-changes/{id} `{email, subject, html}` (admin): the mail is queued and recorded. */
export function requestInitiativeChanges(input: { id: number; mail: InitiativeChangesRequest }) {
  return http.put(`/initiatives/request-changes/${input.id}`, input.mail, { schema: initiativeRowSchema });
}

export function useReviewInitiative() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: reviewInitiative, onSuccess: () => invalidateInitiatives(queryClient) });
}

export function useRequestInitiativeChanges() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestInitiativeChanges,
    onSuccess: () => invalidateInitiatives(queryClient),
  });
}
