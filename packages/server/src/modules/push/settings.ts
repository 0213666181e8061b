import {
  DEFAULT_PUSH_NOTIFICATION_SETTINGS,
  DEFAULT_PUSH_TEMPLATES,
  DEFAULT_SUPER_CHANNEL_PUSH_SETTINGS,
  type TPushTemplateKey,
} from "@parley/contract";
import { eq, sql } from "drizzle-orm";
import type { Context } from "../../context";
import type { Db } from "../../db/client";
import { pushSettings } from "../../db/schema";
import { AppError } from "../../errors";

export type PushSettingsRow = typeof pushSettings.$inferSelect;
export type PushSettingsPatch = Partial<Omit<PushSettingsRow, "appId">>;

/**
 * Every chat event of every app asks whether push is on, so the answer is cached. A save in this process takes
 * effect at once; other server processes see it within this many milliseconds.
 */
const CACHE_MS = 5_000;

const defaults = (appId: string): PushSettingsRow => ({
  appId,
  enabled: false,
  credential: null,
  credentialCreatedAt: null,
  notification: DEFAULT_PUSH_NOTIFICATION_SETTINGS,
  superChannel: DEFAULT_SUPER_CHANNEL_PUSH_SETTINGS,
  templates: {},
});

export const isPushActive = (row: PushSettingsRow) => row.enabled && row.credential !== null;

export function templateText(row: PushSettingsRow, key: TPushTemplateKey): string {
  return row.templates[key]?.text ?? DEFAULT_PUSH_TEMPLATES[key];
}

/** An app's push settings; no row means the contract's defaults (off, no credential). */
export function createPushSettings(ctx: Context) {
  const { db } = ctx.database;
  const cache = new Map<string, { row: PushSettingsRow; loadedAt: number }>();
  // Bumped by every save, so a read that started before the save cannot put the old state back in the cache.
  let generation = 0;

  /** Inside a transaction pass `tx`: on PGlite's single connection a query on `db` would wait for it forever. */
  async function read(appId: string, q: Db = db): Promise<PushSettingsRow> {
    const [row] = await q.select().from(pushSettings).where(eq(pushSettings.appId, appId)).limit(1);
    return row ?? defaults(appId);
  }

  async function cached(appId: string, q: Db = db): Promise<PushSettingsRow> {
    const hit = cache.get(appId);
    if (hit && ctx.clock.now().getTime() - hit.loadedAt < CACHE_MS) return hit.row;
    const startedAt = generation;
    const row = await read(appId, q);
    if (startedAt === generation) cache.set(appId, { row, loadedAt: ctx.clock.now().getTime() });
    return row;
  }

  async function save(
    appId: string,
    patch: PushSettingsPatch,
    update: Record<string, unknown> = patch,
  ): Promise<PushSettingsRow> {
    const [row] = await db
      .insert(pushSettings)
      .values({ ...defaults(appId), ...patch })
      .onConflictDoUpdate({ target: pushSettings.appId, set: update })
      .returning();
    generation += 1;
    if (!row) throw new AppError("3009");
    cache.set(appId, { row, loadedAt: ctx.clock.now().getTime() });
    return row;
  }

  return {
    read,
    cached,

    save,

    /** Changes one template; merged in the database, so two templates saved at once both stay. */
    saveTemplate(appId: string, key: TPushTemplateKey, text: string): Promise<PushSettingsRow> {
      const entry = { [key]: { text, updatedAt: ctx.clock.now().toISOString() } };
      return save(
        appId,
        { templates: entry },
        { templates: sql`${pushSettings.templates} || ${JSON.stringify(entry)}::jsonb` },
      );
    },
  };
}

export type PushSettings = ReturnType<typeof createPushSettings>;
