import { createHmac } from "node:crypto";
import {
  Errors,
  ICE_CREDENTIAL_TTL_SECONDS,
  type TCallSettings,
  type TIceServer,
  type TIceServersResponse,
  type TUpdateCallSettingsRequest,
} from "@parley/contract";
import { eq } from "drizzle-orm";
import type { Context } from "../../context";
import { AppError } from "../../errors";
import type { AppService } from "../apps";
import type { Authenticated } from "../auth";
import { callSettings } from "./schema";

/** The user name in the TURN credentials of the dashboard's test (`<expiry>:dashboard-test`). */
const DASHBOARD_TURN_TEST_USER = "dashboard-test";

/** The TURN REST API credential coturn checks with `use-auth-secret`: base64(HMAC-SHA1(secret, username)). */
export function turnCredential(secret: string, username: string): string {
  return createHmac("sha1", secret).update(username).digest("base64");
}

/**
 * An app's ICE servers: the STUN and TURN servers the dashboard stores, and the short-lived TURN credentials each
 * user's calls are given for them.
 */
export function createIceServers(ctx: Context, deps: { apps: Pick<AppService, "requireAppAccess"> }) {
  const { db } = ctx.database;
  const { clock } = ctx;

  async function readSettings(appId: string) {
    const [row] = await db.select().from(callSettings).where(eq(callSettings.appId, appId)).limit(1);
    return row ?? { appId, stunUrls: [], turnUrls: [], turnSecret: null };
  }

  /**
   * The app's STUN servers, and its TURN servers with credentials for `username` (the TURN REST API scheme: the
   * expiry and the name, signed with the stored secret). TURN URLs are left out while no secret is stored.
   */
  async function iceServersOf(appId: string, username: string): Promise<TIceServersResponse> {
    const settings = await readSettings(appId);
    const iceServers: TIceServer[] = [];
    if (settings.stunUrls.length > 0) iceServers.push({ urls: settings.stunUrls });
    if (settings.turnUrls.length > 0 && settings.turnSecret) {
      const expiresAt = Math.floor(clock.now().getTime() / 1000) + ICE_CREDENTIAL_TTL_SECONDS;
      const signed = `${expiresAt}:${username}`;
      iceServers.push({
        urls: settings.turnUrls,
        username: signed,
        credential: turnCredential(settings.turnSecret, signed),
      });
    }
    return { iceServers, ttlSeconds: ICE_CREDENTIAL_TTL_SECONDS };
  }

  const toSettings = (row: Awaited<ReturnType<typeof readSettings>>): TCallSettings => ({
    stunUrls: row.stunUrls,
    turnUrls: row.turnUrls,
    hasTurnSecret: row.turnSecret !== null,
  });

  return {
    /** The ICE servers with TURN credentials made out to `username`. */
    iceServersOf,

    async getSettings(auth: Authenticated, appId: string): Promise<TCallSettings> {
      const app = await deps.apps.requireAppAccess(auth, appId);
      return toSettings(await readSettings(app.id));
    },

    /** Replaces the ICE servers; a given secret replaces the stored one, an absent one keeps it. */
    async updateSettings(
      auth: Authenticated,
      appId: string,
      input: TUpdateCallSettingsRequest,
    ): Promise<TCallSettings> {
      const app = await deps.apps.requireAppAccess(auth, appId);
      const current = await readSettings(app.id);
      const turnSecret = input.turnSecret ?? current.turnSecret;
      if (input.turnUrls.length > 0 && !turnSecret) throw new AppError(Errors.TURN_SECRET_MISSING);
      const values = { stunUrls: input.stunUrls, turnUrls: input.turnUrls, turnSecret };
      const [saved] = await db
        .insert(callSettings)
        .values({ appId: app.id, ...values })
        .onConflictDoUpdate({ target: callSettings.appId, set: values })
        .returning();
      return toSettings(saved ?? { appId: app.id, ...values });
    },

    /**
     * The ICE servers as a user of the app would get them, for the dashboard's test of the TURN server from the
     * admin's browser. The credentials are made out to DASHBOARD_TURN_TEST_USER, so the TURN server's log tells
     * these relays from the end users'; like any user's, they only let their holder relay through that server.
     */
    async dashboardIceServers(auth: Authenticated, appId: string): Promise<TIceServersResponse> {
      const app = await deps.apps.requireAppAccess(auth, appId);
      return iceServersOf(app.id, DASHBOARD_TURN_TEST_USER);
    },
  };
}
