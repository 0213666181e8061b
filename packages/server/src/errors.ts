import { type ErrorCode, type ErrorData, Errors, errorCatalogue } from "@parley/contract";

/** The one error type routes and services throw; the error handler turns it into `{ code, message, data }`. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly data: ErrorData | undefined;

  constructor(code: ErrorCode, data?: ErrorData, message?: string) {
    super(message ?? errorCatalogue[code].description);
    this.name = "AppError";
    this.code = code;
    this.data = data;
  }

  get status(): number {
    return errorCatalogue[this.code].status;
  }
}

/** The code of an app's deactivation (3001, 3002) that `err` carries, for refusals that speak in frames. */
export function deactivationCode(err: unknown): (typeof Errors)["APP_DEACTIVATED" | "ACCOUNT_APPS_DEACTIVATED"] | null {
  return err instanceof AppError &&
    (err.code === Errors.APP_DEACTIVATED || err.code === Errors.ACCOUNT_APPS_DEACTIVATED)
    ? err.code
    : null;
}
