import pino from 'pino';

/** Structured JSON logs; secrets that could appear in logged objects are redacted. */
export function createLogger(level: string) {
  return pino({
    level,
    base: { service: 'scentia-api' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: ['req.headers.authorization', '*.password', '*.Senha', '*.refreshToken', '*.Refresh', '*.token'],
      censor: '[redacted]',
    },
  });
}
