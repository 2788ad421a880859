import type { FastifyRequest } from 'fastify';

/** The token of an `Authorization: Bearer <token>` header: a staff or app access token, or a device credential. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}
