import { type ErrorCode, type ErrorData, errorCatalogue } from "@parley/contract";

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
