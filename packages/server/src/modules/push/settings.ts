import {
  DEFAULT_LANGUAGE,
  DEFAULT_PUSH_NOTIFICATION_SETTINGS,
  DEFAULT_PUSH_TEMPLATES,
  DEFAULT_PUSH_TITLES,
  DEFAULT_SUPER_CHANNEL_PUSH_SETTINGS,
  Errors,
  type Language,
  type TPushTemplateKey,
  type TTitledPushTemplateKey,
} from "@parley/contract";
import { eq, sql } from "drizzle-orm";
import { createTtlCache } from "../../cache";
import type { Context } from "../../context";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { findAppWithOwner } from "../apps";
import { pushSettings } from "./schema";

type StoredPushSettings = typeof pushSettings.$inferSelect;
/** The stored settings and the language of the account that owns the app, which picks the default templates. */
export type PushSettingsRow = StoredPushSettings & { language: Language };
export type PushSettingsPatch = Partial<Omit<StoredPushSettings, "appId">>;

/**
 * Every chat event of every app asks whether push is on, so the answer is cached. A save in this process takes
 * effect at once; other server processes see it within this many milliseconds. A change of the owner's language
 * (which picks the default templates) reaches every process within that time too.
 */
const CACHE_MS = 5_000;

const defaults = (appId: string): StoredPushSettings => ({
  appId,
  enabled: false,
  credential: null,
  credentialCreatedAt: null,
  apnsCredential: null,
  apnsCredentialCreatedAt: null,
  notification: DEFAULT_PUSH_NOTIFICATION_SETTINGS,
  superChannel: DEFAULT_SUPER_CHANNEL_PUSH_SETTINGS,
  templates: {},
});

/** On, with a credential for at least one provider; a device of a provider without one is skipped. */
export const isPushActive = (row: PushSettingsRow) =>
  row.enabled && (row.credential !== null || row.apnsCredential !== null);

export function defaultTemplateText(row: PushSettingsRow, key: TPushTemplateKey): string {
  return DEFAULT_PUSH_TEMPLATES[row.language][key];
}

export function templateText(row: PushSettingsRow, key: TPushTemplateKey): string {
  return row.templates[key]?.text ?? defaultTemplateText(row, key);
}

export function defaultTemplateTitle(row: PushSettingsRow, key: TTitledPushTemplateKey): string {
  return DEFAULT_PUSH_TITLES[row.language][key];
}

export function templateTitle(row: PushSettingsRow, key: TTitledPushTemplateKey): string {
  return row.templates[key]?.title ?? defaultTemplateTitle(row, key);
}

/** An app's push settings; no row means the contract's defaults (off, no credential). */
export function createPushSettings(ctx: Context) {
  const { db } = ctx.database;
  const cache = createTtlCache<string, PushSettingsRow>(ctx.clock, CACHE_MS);

  async function languageOf(appId: string, q: Db): Promise<Language> {
    return (await findAppWithOwner(q, appId))?.owner.language ?? DEFAULT_LANGUAGE;
  }

  /** Inside a transaction pass `tx`: on PGlite's single connection a query on `db` would wait for it forever. */
  async function read(appId: string, q: Db = db): Promise<PushSettingsRow> {
    const owned = await findAppWithOwner(q, appId);
    const [settings] = owned ? await q.select().from(pushSettings).where(eq(pushSettings.appId, appId)).limit(1) : [];
    return { ...(settings ?? defaults(appId)), language: owned?.owner.language ?? DEFAULT_LANGUAGE };
  }

  function cached(appId: string, q: Db = db): Promise<PushSettingsRow> {
    return cache.get(appId, () => read(appId, q));
  }

  async function save(
    appId: string,
    patch: PushSettingsPatch,
    update: Record<string, unknown> = patch,
  ): Promise<PushSettingsRow> {
    const [saved] = await db
      .insert(pushSettings)
      .values({ ...defaults(appId), ...patch })
      .onConflictDoUpdate({ target: pushSettings.appId, set: update })
      .returning();
    if (!saved) {
      cache.invalidate(appId);
      throw new AppError(Errors.APP_FAULT);
    }
    const row = { ...saved, language: await languageOf(appId, db) };
    cache.set(appId, row);
    return row;
  }

  return {
    read,
    cached,

    save,

    /** Changes one template; merged in the database, so two templates saved at once both stay. */
    saveTemplate(appId: string, key: TPushTemplateKey, text: string, title?: string): Promise<PushSettingsRow> {
      const entry = {
        [key]: { text, ...(title === undefined ? {} : { title }), updatedAt: ctx.clock.now().toISOString() },
      };
      return save(
        appId,
        { templates: entry },
        { templates: sql`${pushSettings.templates} || ${JSON.stringify(entry)}::jsonb` },
      );
    },
  };
}

export type PushSettings = ReturnType<typeof createPushSettings>;
