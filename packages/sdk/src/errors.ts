import { type ErrorCode, type ErrorData, isErrorCode, statusOf } from "@parley/contract/client";

/**
 * An error the Parley API answered with. `code` comes from the API's error catalogue ({@link ErrorCode} lists the
 * codes), so apps branch on it and localize messages by it.
 */
export class ParleyError extends Error {
  override readonly name = "ParleyError";
  /** The catalogue code, e.g. `"3022"` for a muted user. A newer server may send a code this SDK does not list. */
  readonly code: ErrorCode | (string & {});
  /** The HTTP status of the response; for errors sent on the WebSocket, the catalogue's status for the code. */
  readonly status: number;
  /** Extra facts some errors carry, e.g. the invalid fields of a 300. */
  readonly data: ErrorData | undefined;

  /** Builds the error from the envelope `{ code, message, data? }` the API sends. */
  constructor(envelope: { code: string; message: string; data?: ErrorData }, status: number) {
    super(envelope.message);
    this.code = envelope.code;
    this.status = status;
    this.data = envelope.data;
  }

  /** Builds the error from an `error` frame of the WebSocket, which carries no HTTP status. */
  static fromFrame(frame: { code: string; message: string }): ParleyError {
    return new ParleyError(frame, isErrorCode(frame.code) ? statusOf(frame.code) : 0);
  }
}

/** True when `error` is a {@link ParleyError}, optionally with the given catalogue code. */
export function isParleyError(error: unknown, code?: ErrorCode): error is ParleyError {
  return error instanceof ParleyError && (code === undefined || error.code === code);
}

/**
 * The API could not be reached or did not answer as the API does: the network is down, the request timed out,
 * or something between (a proxy, a load balancer) answered with its own error page. Retrying may help.
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
