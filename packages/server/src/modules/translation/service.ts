import {
  canonicalLanguage,
  Errors,
  type TMessage,
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
import { translateSentMessageJob } from "../../jobs/catalog";
import type { AppService } from "../apps";
import type { Authenticated } from "../auth";
import { type Actor, type ChannelService, readsMessageOf } from "../channels";
import { blockersInChannel } from "../chat-users";
import { addMessageTranslations, findLiveMessage, type TranslationRequest } from "../messages";
import { messageTranslations, translationSettings } from "./schema";

/** How much of a key the dashboard shows: enough to tell two keys apart, too little to use. */
const KEY_HINT_LENGTH = 4;

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

  /**
   * A message in `target`, from Google, stored in the cache: the one place both a reader's request and a send's
   * translations call Google, so both are cached alike. Neither counts characters: the app's own key pays Google.
   * Two racing calls may both ask Google; the first stored answer wins and both return it, except with `replace`
   * (after an edit), whose answer replaces the old text's. Throws Google's failure as a `TranslateError`.
   */
  async function translateAndCache(
    apiKey: string,
    message: { id: string; text: string },
    target: string,
    options: { replace?: boolean } = {},
  ): Promise<TMessageTranslation> {
    const result: Translation = await google.translate(apiKey, message.text, target);
    const row = {
      messageId: message.id,
      language: target,
      text: result.text,
      sourceLanguage: result.sourceLanguage,
      createdAt: ctx.clock.now(),
    };
    const insert = db.insert(messageTranslations).values(row);
    const [stored] = options.replace
      ? await insert
          .onConflictDoUpdate({
            target: [messageTranslations.messageId, messageTranslations.language],
            set: { text: row.text, sourceLanguage: row.sourceLanguage, createdAt: row.createdAt },
          })
          .returning()
      : await insert.onConflictDoNothing().returning();
    if (stored) return toTranslation(stored);
    return (await storedTranslation(message.id, target)) ?? { messageId: message.id, language: target, ...result };
  }

  /**
   * The key passed verification when saved, so the owner changed something on Google's side: only the log can tell
   * them, the end user sees a plain service failure or a message without its translation.
   */
  function warnKeyRejected(appId: string, err: TranslateError) {
    ctx.log.warn({ appId, status: err.status, reason: err.reason }, "Google refused the translation key");
  }

  /** Google's verdict on a key; 3038 when Google cannot be asked, since then nothing is known about the key. */
  async function check(key: string) {
    try {
      return await google.verifyKey(key);
    } catch (err) {
      if (err instanceof TranslateError) throw new AppError(Errors.TRANSLATION_FAILED, { reason: err.reason });
      throw err;
    }
  }

  return {
    /**
     * Stage 7 of the message pipeline: queues the translations a sender asked for. Nothing is queued while the app
     * has translation off or no key (the request is ignored, the message goes out as sent), nor for a message
     * without text. Languages are made canonical and each asked once.
     */
    async queueSendTranslations(appId: string, message: TMessage, request: TranslationRequest): Promise<void> {
      if (message.text === "") return;
      const settings = await readSettings(appId);
      if (!settings.enabled || !settings.apiKey) return;
      await ctx.jobs.send(translateSentMessageJob, {
        appId,
        channelId: message.channelId,
        messageId: message.id,
        languages: [...new Set(request.languages.map(canonicalLanguage))],
        ...(request.visibleTo ? { visibleTo: request.visibleTo } : {}),
        ...(request.isEdited ? { fresh: true } : {}),
      });
    },

    /**
     * The job of a send's translations: each language from the cache or from Google, side by side, written on the
     * message, and one `message.updated` telling its readers (only those it reached, for a broadcast member's
     * message). A language Google fails on is logged and left out; when none lands, no event is sent.
     */
    async translateSentMessage(job: {
      appId: string;
      channelId: string;
      messageId: string;
      languages: string[];
      visibleTo?: string[] | undefined;
      fresh?: boolean | undefined;
    }): Promise<void> {
      const settings = await readSettings(job.appId);
      const apiKey = settings.apiKey;
      if (!settings.enabled || !apiKey) return;
      const message = await findLiveMessage(db, job.channelId, job.messageId);
      if (!message || message.text === "") return;
      const landed = await Promise.all(
        job.languages.map(async (language) => {
          const cached = job.fresh ? null : await storedTranslation(message.id, language);
          if (cached) return cached;
          try {
            return await translateAndCache(apiKey, message, language, { replace: job.fresh === true });
          } catch (err) {
            if (!(err instanceof TranslateError)) throw err;
            if (err.kind === "keyRejected") warnKeyRejected(job.appId, err);
            ctx.log.warn(
              {
                appId: job.appId,
                messageId: message.id,
                language,
                kind: err.kind,
                status: err.status,
                reason: err.reason,
              },
              "translating a sent message failed",
            );
            return null;
          }
        }),
      );
      const translations = Object.fromEntries(
        landed.flatMap((translation) => (translation ? [[translation.language, translation.text]] : [])),
      );
      if (Object.keys(translations).length === 0) return;
      const now = ctx.clock.now();
      await deps.channels.mutate(async (tx, batch) => {
        const updated = await addMessageTranslations(tx, job.channelId, message, translations);
        // Deleted or edited while Google was asked: the deletion is the last word, the edit's job the next.
        if (!updated) return;
        const event = await batch.record(
          tx,
          job.appId,
          job.channelId,
          "message.updated",
          { message: updated, ...(job.visibleTo ? { visibleTo: job.visibleTo } : {}) },
          now,
        );
        // Kept from the members who block its sender, as the message itself was.
        const sender = updated.sender?.userId;
        if (sender) batch.hideFrom(event, await blockersInChannel(tx, job.appId, job.channelId, sender));
      });
    },

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
        if (!row) throw new AppError(Errors.TRANSLATION_KEY_MISSING);
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
      if (!verdict.valid) throw new AppError(Errors.TRANSLATION_KEY_INVALID, { reason: verdict.reason });
      const keyCreatedAt = ctx.clock.now();
      const [row] = await db
        .insert(translationSettings)
        .values({ appId: app.id, apiKey: key, keyCreatedAt })
        .onConflictDoUpdate({ target: translationSettings.appId, set: { apiKey: key, keyCreatedAt } })
        .returning();
      if (!row) throw new AppError(Errors.APP_FAULT);
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
        throw new AppError(Errors.NOT_CHANNEL_MEMBER);
      }
      const message = await findLiveMessage(db, channel.id, messageId);
      if (!message) throw new AppError(Errors.MESSAGE_NOT_FOUND);
      // A member translates only what their history shows, or a translation would hand them what it does not.
      if (actor.kind === "user" && !(await readsMessageOf(db, channel.id, actor.user.id, messageId))) {
        throw new AppError(Errors.MESSAGE_NOT_FOUND);
      }
      const settings = await readSettings(actor.app.id);
      if (!settings.enabled || !settings.apiKey) throw new AppError(Errors.TRANSLATION_DISABLED);

      const target = canonicalLanguage(language);
      // A file sent without a caption has nothing to translate, so Google is not asked.
      if (message.text === "") return { messageId: message.id, language: target, text: "", sourceLanguage: null };

      const cached = await storedTranslation(message.id, target);
      if (cached) return cached;

      try {
        return await translateAndCache(settings.apiKey, message, target);
      } catch (err) {
        if (!(err instanceof TranslateError)) throw err;
        if (err.kind === "unsupportedLanguage") {
          throw new AppError(Errors.INVALID_REQUEST, { fields: [{ path: "language", message: V.languageCode }] });
        }
        if (err.kind === "keyRejected") warnKeyRejected(actor.app.id, err);
        throw new AppError(Errors.TRANSLATION_FAILED);
      }
    },
  };
}

function toTranslation(row: typeof messageTranslations.$inferSelect): TMessageTranslation {
  return { messageId: row.messageId, language: row.language, text: row.text, sourceLanguage: row.sourceLanguage };
}

export type TranslationService = ReturnType<typeof createTranslationService>;
