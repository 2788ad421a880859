import {
  type TemporaryRequestBody,
  type TemporaryRequestKind,
  temporaryRequestResultSchema,
} from '@scentia/shared/auth.schemas';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../../lib/api-client.ts';

export type TemporaryRequestResult = z.infer<typeof temporaryRequestResultSchema>;

/**
 * POST /api/requisicaotemporaria: uses the token of a mail link. The page sends the kind it expects,
 * so a link opened on the wrong page is refused (LINK_WRONG_KIND) instead of doing something else.
 */
export function completeTemporaryRequest(body: TemporaryRequestBody): Promise<TemporaryRequestResult> {
  return http.post('/requisicaotemporaria', body, {
    isAuthenticated: false,
    schema: temporaryRequestResultSchema,
  });
}

/** Recovery and registration: the new password is submitted by the user. */
export function useSetPasswordFromLink(kind: Exclude<TemporaryRequestKind, 'activation'>) {
  return useMutation({
    mutationFn: ({ token, password }: { token: string; password: string }) =>
      completeTemporaryRequest({ token, password, kind }),
  });
}
