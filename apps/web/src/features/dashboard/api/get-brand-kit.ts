import { type BrandKit, brandKitSchema } from '@scentia/shared/brand-kit.schemas';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http } from '../../../lib/api-client.ts';
import { dashboardKeys } from './query-keys.ts';

/**
 * GET /api/brand-kit ("Download the visual identity", spec §2): the identity text in the request's
 * language and the files of the zip; 503 `CONTENT_UNAVAILABLE` while the content service is down.
 */
export function fetchBrandKit(signal?: AbortSignal): Promise<BrandKit> {
  return http.get('/brand-kit', { signal, schema: brandKitSchema });
}

export function useBrandKit(isEnabled: boolean) {
  const { i18n } = useTranslation();
  return useQuery({
    // The text is in the page's language: another language is another answer.
    queryKey: [...dashboardKeys.all, 'brand-kit', i18n.resolvedLanguage ?? i18n.language] as const,
    queryFn: ({ signal }) => fetchBrandKit(signal),
    enabled: isEnabled,
    // A 503 says the service is down: asking again at once would only wait for it again.
    retry: false,
  });
}
