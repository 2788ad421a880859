import type { PublicConfig } from '@scentia/shared/auth.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api-client.ts';
import { isPublicConfig, plainCheck } from '../../../lib/plain-checks.ts';

// The login page reads it, and loads without zod: checked by the shape of publicConfigSchema.
const publicConfigCheck = plainCheck(isPublicConfig);

import { authKeys } from './query-keys.ts';

/** GET /api/public-config: the store links of the mobile app shown on the login page. */
export function getPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return http.get('/public-config', { signal, isAuthenticated: false, schema: publicConfigCheck });
}

export function publicConfigQueryOptions() {
  return queryOptions({
    queryKey: authKeys.publicConfig(),
    queryFn: ({ signal }) => getPublicConfig(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions());
}
