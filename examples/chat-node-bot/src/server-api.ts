import { isParleyError, ParleyServer } from "@parley/server";
import type { BotConfig } from "./config";

/**
 * The few server-to-server calls the bot makes with the app's API key, through `@parley/server`. The key stays on the
 * server: the bot's chat user logs in with a short-lived token issued here, as an end user's browser would.
 */
export function serverApi(config: Pick<BotConfig, "baseUrl" | "apiKey">) {
  const parley = new ParleyServer({ baseUrl: config.baseUrl, apiKey: config.apiKey });
  return {
    /** Makes the chat user unless it exists (3019), so a restarted bot carries on as the user it made. */
    async ensureUser(userId: string, nickname: string): Promise<void> {
      try {
        await parley.users.create({ userId, nickname });
      } catch (err) {
        if (!isParleyError(err, "3019")) throw err;
      }
    },
    /** A login token for the chat user, valid for `seconds`. */
    async loginToken(userId: string, seconds = 600): Promise<string> {
      const { token } = await parley.tokens.issue(userId, { expiresInSeconds: seconds });
      return token;
    },
  };
}
