import type { ErrorCode, ErrorData } from "@parley/contract";

/**
 * An error the Parley API answered with. `code` comes from the API's error catalogue ({@link ErrorCode} lists the
 * codes), so a backend branches on it: `3019` when a user exists already, `3007` when a channel does not.
 */
export class ParleyError extends Error {
  override readonly name = "ParleyError";
  /** The catalogue code, e.g. `"3018"` for a user the app does not have. A newer server may send a code not listed. */
  readonly code: ErrorCode | (string & {});
  /** The HTTP status of the answer; for an item of a bulk call, the status its own call would have answered. */
  readonly status: number;
  /** Extra facts some errors carry, e.g. the invalid fields of a 300. */
  readonly data: ErrorData | undefined;
  /** How long the server asked to wait before trying again (`Retry-After`), when it said; otherwise null. */
  readonly retryAfterSeconds: number | null;

  /** Builds the error from the envelope `{ code, message, data? }` the API sends. */
  constructor(
    envelope: { code: string; message: string; data?: ErrorData },
    status: number,
    retryAfterSeconds: number | null = null,
  ) {
    super(envelope.message);
    this.code = envelope.code;
    this.status = status;
    this.data = envelope.data;
    this.retryAfterSeconds = retryAfterSeconds ?? envelope.data?.retryAfterSeconds ?? null;
  }
}

/** True when `error` is a {@link ParleyError}, optionally with the given catalogue code. */
export function isParleyError(error: unknown, code?: ErrorCode): error is ParleyError {
  return error instanceof ParleyError && (code === undefined || error.code === code);
}

/**
 * The API could not be reached or did not answer as the API does, after every retry: the network is down, the
 * request timed out, or something between (a proxy, a load balancer) answered with its own error page.
 */
export class ParleyConnectionError extends Error {
  override readonly name = "ParleyConnectionError";
  /** The HTTP status when a response came back that was not an API error, otherwise null. */
  readonly status: number | null;

  /** `cause` is the underlying failure, e.g. the `TypeError` of a failed `fetch`. */
  constructor(message: string, options: { status?: number | null; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.status = options.status ?? null;
  }
}
