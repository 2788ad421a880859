import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { currentRequestId } from './lib/audit/audit-context.ts';

/**
 * A logger already bound to a request (Fastify's `request.log`) names it itself. Read from the
 * bindings' serialised text: `bindings()` parses it as JSON, on every line a handler writes.
 */
const isBoundToRequest = (logger: Logger) =>
  String((logger as unknown as Record<symbol, unknown>)[pino.symbols.chindingsSym]).includes(',"reqId":');

/**
 * Structured JSON logs; secrets that could appear in logged objects are redacted. A line written while
 * a request's handler runs carries its `reqId`, whichever logger wrote it (a service's included).
 */
export function createLogger(level: string, destination?: DestinationStream) {
  const options: LoggerOptions = {
    level,
    base: { service: 'scentia-api' },
    timestamp: pino.stdTimeFunctions.isoTime,
    // The request's own logger first: asking for the current request builds its audit context (its
    // client address, its action), which Fastify's two lines a request would pay for nothing.
    mixin: (_merged, _level, logger) => {
      if (isBoundToRequest(logger as Logger)) return {};
      const reqId = currentRequestId();
      return reqId ? { reqId } : {};
    },
    redact: {
      paths: ['req.headers.authorization', '*.password', '*.Senha', '*.refreshToken', '*.Refresh', '*.token'],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
