import { CHAT_API_PREFIX, type ErrorData, fillPath } from "@parley/contract/client";
import type { Settings } from "./config";

/** An answer of the API that is not 2xx: its catalogue code and message, which the CLI prints and exits 1 on. */
export class ApiError extends Error {
  override readonly name = "ApiError";
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly data?: ErrorData,
  ) {
    super(message);
  }
}

/** The API error of a failed answer, or one that says what came back when it was not the API's envelope. */
export async function apiErrorOf(response: Response): Promise<ApiError> {
  const text = await response.text();
  try {
    const envelope = JSON.parse(text) as { code?: unknown; message?: unknown; data?: ErrorData };
    if (typeof envelope.code === "string" && typeof envelope.message === "string") {
      return new ApiError(envelope.code, envelope.message, response.status, envelope.data);
    }
  } catch {
    // Not JSON: a proxy's page, most likely; the status says enough.
  }
  return new ApiError(
    String(response.status),
    `the server answered ${response.status} ${response.statusText}`,
    response.status,
  );
}

/** The URL of a chat API path (`chatApi`), its `:name` segments filled. */
export function chatUrl(settings: Settings, path: string, params: Record<string, string> = {}): string {
  return `${settings.baseUrl}${CHAT_API_PREFIX}${fillPath(path, params)}`;
}

/** One chat API call with the API key; a non-2xx answer throws its {@link ApiError}. */
export async function callApi<T>(settings: Settings, method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: {
      authorization: `Bearer ${settings.apiKey}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw await apiErrorOf(response);
  return (await response.json()) as T;
}
