import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/** Security headers and response compression for everything the server answers. */
export const securityPlugin = fp(
  async (app) => {
    await app.register(fastifyHelmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Ant Design writes its styles at run time (CSS-in-JS).
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
    });
    await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'] });
  },
  { name: 'security' },
);
