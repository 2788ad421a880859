import fastifyCompress from '@fastify/compress';
import fp from 'fastify-plugin';
import helmet from 'helmet';

export type SecurityOptions = {
  /** Where images are loaded from besides the site: the file bucket's origins, when files live in S3. */
  imageOrigins?: string[];
};

/** Security headers and response compression for everything the server answers. */
export const securityPlugin = fp<SecurityOptions>(
  async (app, options) => {
    // Helmet's middleware, built once: the Fastify wrapper rebuilt it (parsing the policy) on every request.
    const setSecurityHeaders = helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Ant Design writes its styles at run time (CSS-in-JS).
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', ...(options.imageOrigins ?? [])],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
    });
    app.addHook('onRequest', (request, reply, done) => {
      // A diffuser reads JSON and renders nothing: a page's protections (CSP, frame and referrer
      // policies…) mean nothing to it, and writing a dozen headers on each of a fleet's requests is
      // most of what those requests cost besides their one statement.
      if (request.routeOptions.config?.access === 'device') return done();
      setSecurityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
    });
    // Spec §7: a download's file name (Content-Disposition) is readable by a client on another origin
    // too. Downloads are the routes that answer a file (`fileAnswer`) or name an attachment.
    app.addHook('onSend', async (request, reply, payload) => {
      if (reply.hasHeader('content-disposition') || request.routeOptions.config?.fileAnswer) {
        reply.header('access-control-expose-headers', 'Content-Disposition');
      }
      return payload;
    });
    await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'] });
  },
  { name: 'security' },
);
