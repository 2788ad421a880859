import { getTokens, replaceTokens } from './auth-storage.ts';
import { env } from './env.ts';
import { createHttpClient } from './http-client.ts';
import { currentLanguage } from './i18n.ts';
import { expireSession } from './session.ts';

/** The application's HTTP client, wired to browser storage and the session lifecycle. */
export const http = createHttpClient({
  baseUrl: env.apiBaseUrl,
  getTokens,
  onTokensRefreshed: replaceTokens,
  onSessionExpired: expireSession,
  getLanguage: currentLanguage,
});
