import { QueryClient } from '@tanstack/react-query';
import { CLIENT_ERROR_CODE, isApiError } from './api-error.ts';
import { onSessionEnd } from './session.ts';

const MAX_RETRIES = 2;

export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx will answer the same on retry, and a call that already waited 60 s should not make
        // the user wait twice as long; only network trouble and 5xx deserve another try.
        retry: (failureCount, error) =>
          !(isApiError(error) && (error.isClientError || error.code === CLIENT_ERROR_CODE.TIMEOUT)) &&
          failureCount < MAX_RETRIES,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
  // Nothing of the previous user may be shown to the next one.
  onSessionEnd(() => client.clear());
  return client;
}
