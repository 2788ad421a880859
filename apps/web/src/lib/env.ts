import { z } from 'zod';

/**
 * Build-time configuration. Everything has a default so `vite build` works with no .env file;
 * a malformed value stops the app at start-up instead of failing later on the first request.
 */
const envSchema = z.object({
  VITE_API_BASE_URL: z
    .string()
    .regex(/^(\/|https?:\/\/)/, 'must be an absolute path or an http(s) URL')
    .default('/api'),
  VITE_APP_VERSION: z.string().default('0.1.0'),
});

const parsed = envSchema.safeParse(import.meta.env);
if (!parsed.success) {
  throw new Error(`Invalid web environment: ${z.prettifyError(parsed.error)}`);
}

export const env = {
  apiBaseUrl: parsed.data.VITE_API_BASE_URL.replace(/\/$/, ''),
  appVersion: parsed.data.VITE_APP_VERSION,
};
