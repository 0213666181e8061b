import type { TIssueTokenResponse } from "@parley/contract";
import { chatApi } from "@parley/contract/client";
import type { Http } from "./http";
import { type SigningKey, type SignLoginTokenOptions, signLoginToken } from "./signing";

/** Login tokens for end users: issued by the API, or signed on the app's own server. */
export class Tokens {
  constructor(
    private readonly http: Http,
    private readonly appId: string | undefined,
    private readonly signing: SigningKey | undefined,
  ) {}

  /**
   * A login token the API issues for an existing user (`3018` when the app has none of this ID), valid for
   * `expiresInSeconds` (60 s to 30 days; default 7 days). The end user's app logs in with it.
   */
  issue(userId: string, options: { expiresInSeconds?: number } = {}): Promise<TIssueTokenResponse> {
    return this.http.request<TIssueTokenResponse>("POST", chatApi.userToken, {
      params: { userId },
      body: options.expiresInSeconds === undefined ? {} : { expiresInSeconds: options.expiresInSeconds },
    });
  }

  /**
   * A login token signed here with the client's `signing` key, with no call to the API (see
   * {@link signLoginToken}). A user who does not exist yet is made on first login, with `nickname` and
   * `profileImageUrl` when given. Needs `appId` and `signing` in the client's options.
   */
  sign(userId: string, options: SignLoginTokenOptions = {}): string {
    if (!this.appId || !this.signing) throw new TypeError("tokens.sign needs appId and signing in the options");
    return signLoginToken(this.signing, this.appId, userId, options);
  }

  /**
   * Refuses the login tokens issued before `issuedBefore` (now when left out), of one user or of every user of the
   * app, and ends the sessions started before it. Answers the instant stored.
   */
  revoke(options: { userId?: string; issuedBefore?: Date } = {}): Promise<{ issuedBefore: string }> {
    const body = options.issuedBefore === undefined ? {} : { issuedBefore: options.issuedBefore.toISOString() };
    return options.userId === undefined
      ? this.http.request("POST", chatApi.tokensRevoke, { body })
      : this.http.request("POST", chatApi.userTokensRevoke, { params: { userId: options.userId }, body });
  }
}
