import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { ErrorCode } from '@scentia/shared/error-codes';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/**
 * Serves the built single-page app: hashed assets cached for a year, everything else revalidated,
 * pre-compressed .br/.gz variants chosen by Accept-Encoding, and index.html for client routes
 * (history fallback). Unknown paths under /api, and anything but GET/HEAD, get a JSON 404.
 */
export const staticWebPlugin = fp<{ root: string }>(
  async (app, { root }) => {
    const isWebBuilt = existsSync(join(root, 'index.html'));
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
        return reply.header('cache-control', REVALIDATE).sendFile('index.html');
      }
      throw new AppError(ErrorCode.ROUTE_NOT_FOUND);
    });
  },
  { name: 'static-web', dependencies: ['error-handler'] },
);
