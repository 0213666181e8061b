import type { BotConfig } from "./config";

/** An answer of the chat API that was not a success: its catalogue code and message. */
export class ChatApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(`${code}: ${message}`);
  }
}

/**
 * The few server-to-server calls the bot makes with the app's API key. The key stays on the server: the bot's
 * chat user logs in with a short-lived token issued here, as an end user's browser would.
 */
export function serverApi(config: Pick<BotConfig, "baseUrl" | "apiKey">) {
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${config.baseUrl}/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${config.apiKey}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    const parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    if (!response.ok) {
      throw new ChatApiError(response.status, String(parsed.code ?? response.status), String(parsed.message ?? ""));
    }
    return parsed as T;
  }

  return {
    /** Makes the chat user unless it exists (3019). */
    async ensureUser(userId: string, nickname: string): Promise<void> {
      try {
        await call("POST", "/users", { userId, nickname });
      } catch (err) {
        if (!(err instanceof ChatApiError && err.code === "3019")) throw err;
      }
    },
    /** A login token for the chat user, valid for `seconds`. */
    async loginToken(userId: string, seconds = 600): Promise<string> {
      const { token } = await call<{ token: string }>("POST", `/users/${encodeURIComponent(userId)}/token`, {
        expiresInSeconds: seconds,
      });
      return token;
    },
  };
}
