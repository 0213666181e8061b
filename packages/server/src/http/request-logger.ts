import type { FastifyBaseLogger } from "fastify";
import type { Logger } from "pino";

type ChildArgs = Parameters<FastifyBaseLogger["child"]>;
type Level = "fatal" | "error" | "warn" | "info" | "debug" | "trace";

/**
 * Stands in for a request's child logger and makes the real one on the first line written at an enabled level.
 * Its methods live on the prototype, so a request that writes nothing costs one small object.
 */
class LazyChildLogger {
  #made: FastifyBaseLogger | undefined;
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: ChildArgs[0];
  readonly #options: ChildArgs[1];

  constructor(parent: FastifyBaseLogger, bindings: ChildArgs[0], options: ChildArgs[1]) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  #child(): FastifyBaseLogger {
    const made = this.#made ?? this.#parent.child(this.#bindings, this.#options);
    this.#made = made;
    return made;
  }

  #write(level: Level, args: unknown[]): void {
    if (!this.#made && !(this.#parent as unknown as Logger).isLevelEnabled(level)) return;
    (this.#child() as unknown as Record<Level, (...a: unknown[]) => void>)[level](...args);
  }

  get level(): string {
    return (this.#made ?? this.#parent).level;
  }
  set level(level: string) {
    this.#child().level = level;
  }
  child(...args: ChildArgs): FastifyBaseLogger {
    return this.#child().child(...args);
  }
  silent(): void {}
  fatal(...args: unknown[]): void {
    this.#write("fatal", args);
  }
  error(...args: unknown[]): void {
    this.#write("error", args);
  }
  warn(...args: unknown[]): void {
    this.#write("warn", args);
  }
  info(...args: unknown[]): void {
    this.#write("info", args);
  }
  debug(...args: unknown[]): void {
    this.#write("debug", args);
  }
  trace(...args: unknown[]): void {
    this.#write("trace", args);
  }
}

/**
 * Fastify gives every request a child logger, so each of its lines carries the request id. Making one costs pino a
 * redaction pass over its bindings, several per cent of a warm request's time. This factory hands out a stand-in
 * that makes the child on the first line the request writes at an enabled level: a request that writes none (every
 * request at `warn` that does not fail) makes none, and a line that is written is the one it would have been.
 */
export function lazyRequestLogger(
  logger: FastifyBaseLogger,
  bindings: ChildArgs[0],
  options: NonNullable<ChildArgs[1]>,
): FastifyBaseLogger {
  // A route with its own level needs a child to hold it.
  if (options.level !== undefined) return logger.child(bindings, options);
  return new LazyChildLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
}
