import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { currentRequestId } from './lib/audit/audit-context.ts';

/** A logger already bound to a request (Fastify's `request.log`) names it itself. */
const isBoundToRequest = (logger: Logger) => 'reqId' in logger.bindings();

/**
 * Structured JSON logs; secrets that could appear in logged objects are redacted. A line written while
 * a request's handler runs carries its `reqId`, whichever logger wrote it (a service's included).
 */
export function createLogger(level: string, destination?: DestinationStream) {
  const options: LoggerOptions = {
    level,
    base: { service: 'scentia-api' },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin: (_merged, _level, logger) => {
      const reqId = currentRequestId();
      return reqId && !isBoundToRequest(logger as Logger) ? { reqId } : {};
    },
    redact: {
      paths: ['req.headers.authorization', '*.password', '*.Senha', '*.refreshToken', '*.Refresh', '*.token'],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
