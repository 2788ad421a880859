/**
 * Build-time configuration. Everything has a default so `vite build` works with no .env file;
 * a malformed value stops the app at start-up instead of failing later on the first request.
 * Checked without zod: this module is part of the login route (see plain-checks.ts).
 */
function readEnv(source: Record<string, unknown>) {
  const apiBaseUrl = source.VITE_API_BASE_URL ?? '/api';
  if (typeof apiBaseUrl !== 'string' || !/^(\/|https?:\/\/)/.test(apiBaseUrl)) {
    throw new Error('Invalid web environment: VITE_API_BASE_URL must be an absolute path or an http(s) URL');
  }
  const appVersion = source.VITE_APP_VERSION ?? '0.1.0';
  if (typeof appVersion !== 'string') {
    throw new Error('Invalid web environment: VITE_APP_VERSION must be a string');
  }
  return { apiBaseUrl: apiBaseUrl.replace(/\/$/, ''), appVersion };
}

export const env = readEnv(import.meta.env);
