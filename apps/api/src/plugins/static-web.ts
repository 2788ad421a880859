import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { ErrorCode } from '@scentia/shared/error-codes';
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, LANGUAGES, toLanguage } from '@scentia/shared/locales';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const LOGIN_PATH = '/auth/login';
const LANGUAGE_IN_COOKIE = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`);

const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;

/** The Content-Security-Policy sources that let a page's own inline scripts run: one hash each. */
function inlineScriptSources(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map(
    ([, script]) =>
      `'sha256-${createHash('sha256')
        .update(script ?? '')
        .digest('base64')}'`,
  );
}

/** `policy` (helmet's header) with `sources` added to its script-src directive. */
function allowingScripts(policy: string, sources: readonly string[]): string {
  return policy.replace(
    /(^|;)(\s*script-src)([^;]*)/,
    (_match, start: string, name: string, values: string) => `${start}${name}${values} ${sources.join(' ')}`,
  );
}

/** The page sent for a client route: the login page prerendered in the visitor's language where built. */
function pageFile(url: string, cookie: string | undefined, prerendered: ReadonlySet<string>): string {
  if (url.split('?')[0] !== LOGIN_PATH) return 'index.html';
  const language = toLanguage(cookie?.match(LANGUAGE_IN_COOKIE)?.[1]) ?? DEFAULT_LANGUAGE;
  const file = `login/${language}.html`;
  return prerendered.has(file) ? file : 'index.html';
}

/**
 * Serves the built single-page app: hashed assets cached for a year, everything else revalidated,
 * pre-compressed .br/.gz variants chosen by Accept-Encoding, and index.html for client routes
 * (history fallback). Unknown paths under /api, and anything but GET/HEAD, get a JSON 404.
 */
export const staticWebPlugin = fp<{ root: string }>(
  async (app, { root }) => {
    const isWebBuilt = existsSync(join(root, 'index.html'));
    // The login page rendered at build time (apps/web/prerender-login-plugin.ts), one per language.
    const prerendered = new Set(
      LANGUAGES.map((language) => `login/${language}.html`).filter((file) => existsSync(join(root, file))),
    );
    // The prerendered page boots the app from an inline script (apps/web/login-boot.js); the policy
    // allows exactly that script, by its hash, on the pages that carry it.
    const scriptSources = new Map(
      [...prerendered].map((file) => [file, inlineScriptSources(readFileSync(join(root, file), 'utf8'))]),
    );
    if (isWebBuilt) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        preCompressed: true,
        cacheControl: false,
        setHeaders: (res, path) => {
          res.setHeader('cache-control', path.includes('/assets/') ? IMMUTABLE : REVALIDATE);
        },
      });
    } else {
      app.log.warn({ root }, 'The web client is not built; only the API is served (run npm run build)');
    }

    app.setNotFoundHandler((request, reply) => {
      const isPageRequest =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !request.url.startsWith('/api/') &&
        request.url !== '/api' &&
        !/^\/assets\//.test(request.url);
      if (isWebBuilt && isPageRequest) {
        const file = pageFile(request.url, request.headers.cookie, prerendered);
        // The page depends on the language cookie: a cache must keep one copy per cookie.
        if (file !== 'index.html') reply.header('vary', 'cookie');
        const sources = scriptSources.get(file) ?? [];
        const policy = reply.getHeader('content-security-policy');
        if (sources.length > 0 && typeof policy === 'string') {
          reply.header('content-security-policy', allowingScripts(policy, sources));
        }
        return reply.header('cache-control', REVALIDATE).sendFile(file);
      }
      throw new AppError(ErrorCode.ROUTE_NOT_FOUND);
    });
  },
  { name: 'static-web', dependencies: ['error-handler'] },
);
