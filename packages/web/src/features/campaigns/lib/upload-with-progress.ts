import { API_PREFIX, type ErrorData } from "@parley/contract";
import type { z } from "zod";
import { ApiError } from "@/lib/api-client";
import { clearSession, getSession } from "@/lib/session";

/** What an upload has sent so far, from 0 to 1. */
export type UploadProgress = (fraction: number) => void;

function readJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function toApiError(status: number, body: unknown): ApiError {
  if (body && typeof body === "object" && "code" in body) {
    const envelope = body as { code: unknown; message?: unknown; data?: unknown };
    const code = typeof envelope.code === "string" || typeof envelope.code === "number" ? String(envelope.code) : "";
    const message = typeof envelope.message === "string" ? envelope.message : "";
    const data = envelope.data && typeof envelope.data === "object" ? (envelope.data as ErrorData) : undefined;
    if (code) return new ApiError(code, message, status, data);
  }
  return new ApiError("001", `HTTP ${status}`, status);
}

/**
 * A `multipart/form-data` POST that reports how much of the body has left, which `fetch` cannot tell. Sends what
 * `api.upload` sends (the `/api` base, the bearer token, `Accept: application/json`) and fails the same way: an
 * ApiError with the catalogue code, 002 when the server never answered, and a 1001 ends the session so the
 * guards take the user to login.
 */
export function uploadWithProgress<S extends z.ZodType>(
  path: string,
  form: FormData,
  schema: S,
  { onProgress, signal }: { onProgress?: UploadProgress; signal?: AbortSignal } = {},
): Promise<z.output<S>> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", `${API_PREFIX}${path}`);
    request.setRequestHeader("Accept", "application/json");
    const session = getSession();
    if (session) request.setRequestHeader("Authorization", `Bearer ${session.sessionToken}`);

    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    request.addEventListener("load", () => {
      const body = readJson(request.responseText);
      if (request.status >= 200 && request.status < 300) {
        try {
          resolve(schema.parse(body) as z.output<S>);
        } catch (error) {
          reject(error);
        }
        return;
      }
      const error = toApiError(request.status, body);
      if (error.code === "1001") clearSession();
      reject(error);
    });
    request.addEventListener("error", () => reject(new ApiError("002", "Network failure", 0)));
    request.addEventListener("abort", () => reject(new DOMException("The upload was cancelled", "AbortError")));
    signal?.addEventListener("abort", () => request.abort(), { once: true });

    request.send(form);
  });
}
