import { useEffect, useState } from 'react';
import { isApiError } from '../../../lib/api-error.ts';
import { completeTemporaryRequest, type TemporaryRequestResult } from './complete-temporary-request.ts';

type Activate = typeof completeTemporaryRequest;

const calls = new Map<string, Promise<TemporaryRequestResult>>();

/**
 * Activation fires on page load (spec §4) and its link works once: a second call with the same token
 * answers LINK_USED. Every caller for one token therefore shares the first call, whatever React does
 * with effects (StrictMode runs them twice, a suspended page mounts again). A failure without a
 * usable answer (network, timeout, 5xx) is forgotten, so "try again" really tries again.
 */
export function activateAccountOnce(
  token: string,
  activate: Activate = completeTemporaryRequest,
): Promise<TemporaryRequestResult> {
  const existing = calls.get(token);
  if (existing) return existing;
  const call = activate({ token, kind: 'activation' });
  calls.set(token, call);
  call.catch((error: unknown) => {
    if (!(isApiError(error) && error.isClientError)) calls.delete(token);
  });
  return call;
}

export type ActivationState =
  | { status: 'pending' }
  | { status: 'success'; result: TemporaryRequestResult }
  | { status: 'error'; error: unknown };

export function useAccountActivation(token: string) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<ActivationState>({ status: 'pending' });

  useEffect(() => {
    let isCurrent = true;
    // `attempt` only re-runs the effect; the call itself is shared per token.
    void attempt;
    setState({ status: 'pending' });
    activateAccountOnce(token).then(
      (result) => isCurrent && setState({ status: 'success', result }),
      (error: unknown) => isCurrent && setState({ status: 'error', error }),
    );
    return () => {
      isCurrent = false;
    };
  }, [token, attempt]);

  return { state, retry: () => setAttempt((value) => value + 1) };
}
