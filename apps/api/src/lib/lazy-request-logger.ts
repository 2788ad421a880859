import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, LogFn } from 'pino';

type LevelName = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
/** What a pino logger answers about its levels; a logger without it (Fastify's silent one) is bound at once. */
type LevelValues = { levels?: { values: Record<string, number> } };

/**
 * A request's logger that becomes the real child logger (`parent.child(bindings)`, which serialises
 * the bindings and sets up each level's method) only when a line is written at a level it logs. Fastify
 * makes one for every request; at `warn`, and on the device routes, which log from `warn` up, no line
 * is written on an answered request, so the child was made for nothing on each one.
 */
class LazyRequestLogger {
  #bound: FastifyBaseLogger | undefined;
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;
  readonly #threshold: number;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions, threshold: number) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
    this.#threshold = threshold;
  }

  get #logger(): FastifyBaseLogger {
    this.#bound ??= this.#parent.child(this.#bindings, this.#options);
    return this.#bound;
  }

  get level(): string {
    return this.#bound?.level ?? this.#options.level ?? this.#parent.level;
  }

  set level(level: string) {
    this.#logger.level = level;
  }

  #writes(level: LevelName): boolean {
    if (this.#bound) return true;
    return ((this.#parent as LevelValues).levels?.values[level] ?? 0) >= this.#threshold;
  }

  #write(level: LevelName, args: Parameters<LogFn>): void {
    if (this.#writes(level)) (this.#logger[level] as (...line: unknown[]) => void)(...args);
  }

  fatal(...args: Parameters<LogFn>): void {
    this.#write('fatal', args);
  }
  error(...args: Parameters<LogFn>): void {
    this.#write('error', args);
  }
  warn(...args: Parameters<LogFn>): void {
    this.#write('warn', args);
  }
  info(...args: Parameters<LogFn>): void {
    this.#write('info', args);
  }
  debug(...args: Parameters<LogFn>): void {
    this.#write('debug', args);
  }
  trace(...args: Parameters<LogFn>): void {
    this.#write('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#logger.child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: a request's logger made only once it writes a line. */
export function lazyRequestLogger(
  parent: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  const values = (parent as LevelValues).levels?.values;
  const threshold = values?.[options.level ?? parent.level];
  // A level pino does not know by name (a custom one), or a logger that is not pino: bound at once.
  if (threshold === undefined) return parent.child(bindings, options);
  return new LazyRequestLogger(parent, bindings, options, threshold) as unknown as FastifyBaseLogger;
}
