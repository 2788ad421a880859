import type { TFunction } from 'i18next';
import { CLIENT_ERROR_CODE, isApiError } from './api-error.ts';

/**
 * The text to show for a failed call: the server's own (already localised) message when there is
 * one, a specific text for timeouts and lost connections, and the screen's generic text otherwise.
 */
export function errorMessage(error: unknown, t: TFunction, fallback: string): string {
  if (isApiError(error)) {
    if (error.message) return error.message;
    if (error.code === CLIENT_ERROR_CODE.TIMEOUT) return t('common:errors.timeout');
    if (error.code === CLIENT_ERROR_CODE.NETWORK) return t('common:errors.network');
  }
  return fallback;
}
