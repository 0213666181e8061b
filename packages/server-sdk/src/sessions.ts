import type { TChatSession } from "@parley/contract";
import { chatApi } from "@parley/contract/client";
import { ParleyError } from "./errors";
import type { Http } from "./http";
import type { Tokens } from "./tokens";

/** A login token used at once needs to live only long enough to reach the server. */
const LOGIN_TOKEN_SECONDS = 60;

/**
 * Sessions of the app's users, for the calls the chat API takes only from a user (a user's message). One session is
 * kept per user and reused, rather than a login per call, and made again when the server no longer knows it (the
 * user was deactivated and reactivated, or their tokens revoked).
 */
export class UserSessions {
  readonly #sessions = new Map<string, Promise<string>>();

  constructor(
    private readonly http: Http,
    private readonly tokens: Tokens,
    private readonly appId: string | undefined,
    private readonly canSign: boolean,
  ) {}

  /** Runs `call` with the user's session token, logging the user in first when no session is kept. */
  async asUser<T>(userId: string, call: (token: string) => Promise<T>): Promise<T> {
    const token = await this.#session(userId);
    try {
      return await call(token);
    } catch (error) {
      if (!(error instanceof ParleyError && error.code === "3028")) throw error;
      this.#sessions.delete(userId);
      return call(await this.#session(userId));
    }
  }

  #session(userId: string): Promise<string> {
    const kept = this.#sessions.get(userId);
    if (kept) return kept;
    const made = this.#login(userId);
    this.#sessions.set(userId, made);
    // A failed login is not kept, so the next call tries again.
    made.catch(() => this.#sessions.delete(userId));
    return made;
  }

  async #login(userId: string): Promise<string> {
    const { appId } = this;
    if (!appId) throw new TypeError("calls made as a user need appId in the options");
    const token = this.canSign
      ? this.tokens.sign(userId, { expiresInSeconds: LOGIN_TOKEN_SECONDS })
      : (await this.tokens.issue(userId, { expiresInSeconds: LOGIN_TOKEN_SECONDS })).token;
    const session = await this.http.request<TChatSession>("POST", chatApi.login, {
      body: { appId, userId, token },
    });
    return session.sessionToken;
  }
}
