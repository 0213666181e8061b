import {
  type TMessageTranslation,
  type TTranslationEnabled,
  type TTranslationKeyResponse,
  type TTranslationVerifyResponse,
  V,
} from "@parley/contract";
import { and, eq, isNotNull } from "drizzle-orm";
import type { Context } from "../../context";
import { AppError } from "../../errors";
import { createGoogleTranslate, TranslateError, type Translation } from "../../integrations/translate";
import type { AppService } from "../apps";
import type { Authenticated } from "../auth";
import type { Actor, ChannelService } from "../channels";
import { findLiveMessage } from "../messages";
import { messageTranslations, translationSettings } from "./schema";

/** How much of a key the dashboard shows: enough to tell two keys apart, too little to use. */
const KEY_HINT_LENGTH = 4;

/**
 * `zh-cn` and `zh-CN` are one language to Google, so they must be one cache entry too: the region goes upper
 * case and a script title case, as BCP 47 writes them.
 */
export function canonicalLanguage(language: string): string {
  const [primary = "", subtag] = language.split("-");
  if (subtag === undefined) return primary.toLowerCase();
  const rest =
    subtag.length === 4 ? `${subtag[0]?.toUpperCase()}${subtag.slice(1).toLowerCase()}` : subtag.toUpperCase();
  return `${primary.toLowerCase()}-${rest}`;
}

export function createTranslationService(ctx: Context, deps: { apps: AppService; channels: ChannelService }) {
  const { db } = ctx.database;
  const google = createGoogleTranslate({ baseUrl: ctx.config.translateBaseUrl, outbound: ctx.outbound });

  async function readSettings(appId: string) {
    const [row] = await db.select().from(translationSettings).where(eq(translationSettings.appId, appId)).limit(1);
    return row ?? { appId, enabled: false, apiKey: null, keyCreatedAt: null };
  }

  function keyOf(row: { apiKey: string | null; keyCreatedAt: Date | null }): TTranslationKeyResponse {
    if (!row.apiKey || !row.keyCreatedAt) return { key: null };
    return { key: { hint: `…${row.apiKey.slice(-KEY_HINT_LENGTH)}`, createdAt: row.keyCreatedAt.toISOString() } };
  }

  async function storedTranslation(messageId: string, language: string): Promise<TMessageTranslation | null> {
    const [row] = await db
      .select()
      .from(messageTranslations)
      .where(and(eq(messageTranslations.messageId, messageId), eq(messageTranslations.language, language)))
      .limit(1);
    return row ? toTranslation(row) : null;
  }

  /** Google's verdict on a key; 3038 when Google cannot be asked, since then nothing is known about the key. */
  async function check(key: string) {
    try {
      return await google.verifyKey(key);
    } catch (err) {
      if (err instanceof TranslateError) throw new AppError("3038", { reason: err.reason });
      throw err;
    }
  }

  return {
    async getEnabled(auth: Authenticated, appId: string): Promise<TTranslationEnabled> {
      const app = await deps.apps.requireAppAccess(auth, appId);
      return { enabled: (await readSettings(app.id)).enabled };
    },

    /**
     * Turning translation on needs a saved key (3064): on without one, every request of the app's users would be
     * refused with 3037 while the screen said translation was on. The check and the write are one statement, so a
     * key deleted meanwhile cannot slip between them.
     */
    async setEnabled(auth: Authenticated, appId: string, enabled: boolean): Promise<TTranslationEnabled> {
      const app = await deps.apps.requireAppAccess(auth, appId);
      if (enabled) {
        const [row] = await db
          .update(translationSettings)
          .set({ enabled: true })
          .where(and(eq(translationSettings.appId, app.id), isNotNull(translationSettings.apiKey)))
          .returning();
        if (!row) throw new AppError("3064");
        return { enabled: row.enabled };
      }
      const [row] = await db
        .insert(translationSettings)
        .values({ appId: app.id, enabled })
        .onConflictDoUpdate({ target: translationSettings.appId, set: { enabled } })
        .returning();
      return { enabled: row?.enabled ?? enabled };
    },

    async getKey(auth: Authenticated, appId: string): Promise<TTranslationKeyResponse> {
      const app = await deps.apps.requireAppAccess(auth, appId);
      return keyOf(await readSettings(app.id));
    },

    /** Saves a key only after Google accepted it (spec: a key must pass a validity test before saving). */
    async saveKey(auth: Authenticated, appId: string, key: string): Promise<TTranslationKeyResponse> {
      const app = await deps.apps.requireAppAccess(auth, appId);
      const verdict = await check(key);
      if (!verdict.valid) throw new AppError("3036", { reason: verdict.reason });
      const keyCreatedAt = ctx.clock.now();
      const [row] = await db
        .insert(translationSettings)
        .values({ appId: app.id, apiKey: key, keyCreatedAt })
        .onConflictDoUpdate({ target: translationSettings.appId, set: { apiKey: key, keyCreatedAt } })
        .returning();
      if (!row) throw new AppError("3009");
      return keyOf(row);
    },

    /**
     * Forgets the key and turns translation off with it, since it cannot work without one (a switch left on would
     * say otherwise). Cached translations stay; they do not depend on the key.
     */
    async deleteKey(auth: Authenticated, appId: string): Promise<TTranslationKeyResponse> {
      const app = await deps.apps.requireAppAccess(auth, appId);
      await db
        .update(translationSettings)
        .set({ apiKey: null, keyCreatedAt: null, enabled: false })
        .where(eq(translationSettings.appId, app.id));
      return { key: null };
    },

    async verifyKey(auth: Authenticated, appId: string, key: string): Promise<TTranslationVerifyResponse> {
      await deps.apps.requireAppAccess(auth, appId);
      const verdict = await check(key);
      return verdict.valid ? { valid: true, reason: null } : { valid: false, reason: verdict.reason };
    },

    /**
     * A message in `language`, from the cache or from Google. Users must be members of the channel, as for its
     * history; the app's servers may translate any message of the app. A (message, language) pair normally costs
     * one call to Google; two requests racing for the same pair may both call it, but the first stored answer wins
     * and both return it.
     */
    async translateMessage(
      actor: Actor,
      channelId: string,
      messageId: string,
      language: string,
    ): Promise<TMessageTranslation> {
      const channel = await deps.channels.requireChannel(actor.app, channelId);
      if (actor.kind === "user" && !(await deps.channels.membership(db, channel.id, actor.user.id))) {
        throw new AppError("3020");
      }
      const message = await findLiveMessage(db, channel.id, messageId);
      if (!message) throw new AppError("3026");
      const settings = await readSettings(actor.app.id);
      if (!settings.enabled || !settings.apiKey) throw new AppError("3037");

      const target = canonicalLanguage(language);
      // A file sent without a caption has nothing to translate, so Google is not asked.
      if (message.text === "") return { messageId: message.id, language: target, text: "", sourceLanguage: null };

      const cached = await storedTranslation(message.id, target);
      if (cached) return cached;

      let result: Translation;
      try {
        result = await google.translate(settings.apiKey, message.text, target);
      } catch (err) {
        if (!(err instanceof TranslateError)) throw err;
        if (err.kind === "unsupportedLanguage") {
          throw new AppError("300", { fields: [{ path: "language", message: V.languageCode }] });
        }
        if (err.kind === "keyRejected") {
          // The key passed verification when saved, so the owner changed something on Google's side: only the
          // log can tell them, the end user sees a plain service failure.
          ctx.log.warn(
            { appId: actor.app.id, status: err.status, reason: err.reason },
            "Google refused the translation key",
          );
        }
        throw new AppError("3038");
      }

      const [stored] = await db
        .insert(messageTranslations)
        .values({
          messageId: message.id,
          language: target,
          text: result.text,
          sourceLanguage: result.sourceLanguage,
          createdAt: ctx.clock.now(),
        })
        .onConflictDoNothing()
        .returning();
      if (stored) return toTranslation(stored);
      return (await storedTranslation(message.id, target)) ?? { messageId: message.id, language: target, ...result };
    },
  };
}

function toTranslation(row: typeof messageTranslations.$inferSelect): TMessageTranslation {
  return { messageId: row.messageId, language: row.language, text: row.text, sourceLanguage: row.sourceLanguage };
}

export type TranslationService = ReturnType<typeof createTranslationService>;
