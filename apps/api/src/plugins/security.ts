import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyCompress from '@fastify/compress';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

export type SecurityOptions = {
  /** Where images are loaded from besides the site: the file bucket's origins, when files live in S3. */
  imageOrigins?: string[];
};

type HeaderRecorder = Pick<ServerResponse, 'setHeader' | 'removeHeader'>;

/**
 * The headers helmet writes, read once at start-up: nothing in our policy depends on the request (no
 * nonce, no function directive), and helmet rebuilds the policy's text and writes each header on the
 * socket's response on every request.
 */
export function securityHeadersOf(imageOrigins: readonly string[]): Readonly<Record<string, string>> {
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Ant Design writes its styles at run time (CSS-in-JS).
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...imageOrigins],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  const headers: Record<string, string> = {};
  const recorder: HeaderRecorder = {
    setHeader(name: string, value: number | string | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
      return this as ServerResponse;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  setSecurityHeaders({} as IncomingMessage, recorder as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return Object.freeze(headers);
}

/** Security headers and response compression for everything the server answers. */
export const securityPlugin = fp<SecurityOptions>(
  async (app, options) => {
    const securityHeaders = securityHeadersOf(options.imageOrigins ?? []);
    // Written as the reply's own headers (not on the socket's response), so that a handler's own value
    // (the login page's script hashes) replaces them, and an error's answer keeps them.
    app.addHook('onRequest', function writeSecurityHeaders(request, reply, done) {
      // A diffuser reads JSON and renders nothing: a page's protections (CSP, frame and referrer
      // policies…) mean nothing to it, and writing a dozen headers on each of a fleet's requests is
      // most of what those requests cost besides their one statement.
      if (request.routeOptions.config?.access !== 'device') reply.headers(securityHeaders);
      done();
    });
    // Spec §7: a download's file name (Content-Disposition) is readable by a client on another origin
    // too. Downloads are the routes that answer a file (`fileAnswer`) or name an attachment.
    app.addHook('onSend', exposeDownloadName);
    await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'] });
  },
  { name: 'security' },
);

function exposeDownloadName(
  request: FastifyRequest,
  reply: FastifyReply,
  _payload: unknown,
  done: () => void,
) {
  if (reply.hasHeader('content-disposition') || request.routeOptions.config?.fileAnswer) {
    reply.header('access-control-expose-headers', 'Content-Disposition');
  }
  done();
}
