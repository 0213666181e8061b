import { Channels, Members, Moderation } from "./channels";
import { Http, type RetryOptions } from "./http";
import { Messages } from "./messages";
import { Permissions, Roles } from "./roles";
import { UserSessions } from "./sessions";
import type { SigningKey } from "./signing";
import { Tokens } from "./tokens";
import { Users } from "./users";

export interface ParleyServerOptions {
  /** The Parley server, e.g. `https://chat.example.com`. */
  baseUrl: string;
  /** An API key of the app (`psk_…`), from the dashboard. Keep it on the server. */
  apiKey: string;
  /** The app's ID: needed to sign login tokens and to act as a user. */
  appId?: string;
  /** The app's login-token signing secret and its ID, from the dashboard: needed by `tokens.sign`. */
  signing?: SigningKey;
  /** Retries of calls that failed with a 429, a 5xx or no answer. */
  retries?: RetryOptions;
  /** How long one attempt may take before it counts as failed. Default 30,000 ms. */
  timeoutMs?: number;
  /** The `fetch` to use; the global one unless given. */
  fetch?: typeof fetch;
}

const DEFAULT_RETRIES: Required<RetryOptions> = { max: 3, baseDelayMs: 200, maxDelayMs: 5_000 };
const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * The Parley API for an app's own backend: its users and their login tokens, channels, members, moderation and
 * messages, with the app's API key. Calls that fail with a 429, a 5xx or no answer are retried (honouring
 * `Retry-After`), and writes are made so that a retry is never applied twice.
 *
 * ```ts
 * const parley = new ParleyServer({ baseUrl: "https://chat.example.com", apiKey: "psk_…" });
 * await parley.users.create({ userId: "kim", nickname: "Kim" });
 * ```
 */
export class ParleyServer {
  /** The app's end users. */
  readonly users: Users;
  /** Login tokens: issued by the API, or signed here. */
  readonly tokens: Tokens;
  /** The app's roles, built-in and custom. */
  readonly roles: Roles;
  /** The permission matrix of each channel type. */
  readonly permissions: Permissions;
  /** The app's channels, one at a time or 100 at once. */
  readonly channels: Channels;
  /** The members of the app's channels. */
  readonly members: Members;
  /** Bans and mutes. */
  readonly moderation: Moderation;
  /** Messages from the app, and from its users sent for them. */
  readonly messages: Messages;

  constructor(options: ParleyServerOptions) {
    if (!/^https?:\/\/[^/]+/i.test(options.baseUrl)) {
      throw new TypeError(`baseUrl must be an absolute http(s) URL, got "${options.baseUrl}"`);
    }
    if (!options.apiKey) throw new TypeError("apiKey is required");
    const fetchImpl = options.fetch ?? globalThis.fetch;
    const http = new Http({
      base: options.baseUrl.split(/[?#]/, 1)[0]?.replace(/\/+$/, "") ?? options.baseUrl,
      apiKey: options.apiKey,
      fetch: (input, init) => fetchImpl(input, init),
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      retries: { ...DEFAULT_RETRIES, ...options.retries },
      random: Math.random,
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    });
    this.users = new Users(http);
    this.tokens = new Tokens(http, options.appId, options.signing);
    this.channels = new Channels(http);
    this.roles = new Roles(http);
    this.permissions = new Permissions(http);
    this.members = new Members(http);
    this.moderation = new Moderation(http);
    const canSign = Boolean(options.signing?.keyId && options.signing.secret);
    this.messages = new Messages(http, new UserSessions(http, this.tokens, options.appId, canSign));
  }
}
