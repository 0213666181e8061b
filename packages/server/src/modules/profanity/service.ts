import {
  applyProfanityFilter,
  DEFAULT_PROFANITY_SETTINGS,
  Errors,
  type TProfanityEnabled,
  type TProfanitySettings,
} from "@parley/contract";
import { eq } from "drizzle-orm";
import { createTtlCache } from "../../cache";
import type { Context } from "../../context";
import { AppError } from "../../errors";
import type { AppService } from "../apps";
import type { Authenticated } from "../auth";
import type { MessageDraft } from "../messages";
import { profanityFilters } from "./schema";

/**
 * Every message reads its app's filter, so it is cached. A save in this process takes effect at once; other
 * server processes see it within this many milliseconds.
 */
const CACHE_MS = 5_000;

interface FilterState {
  enabled: boolean;
  settings: TProfanitySettings;
}

export function createProfanityService(ctx: Context, deps: { apps: AppService }) {
  const { db } = ctx.database;
  const cache = createTtlCache<string, FilterState>(ctx.clock, CACHE_MS);

  async function readState(appId: string): Promise<FilterState> {
    const [row] = await db.select().from(profanityFilters).where(eq(profanityFilters.appId, appId)).limit(1);
    return row
      ? { enabled: row.enabled, settings: row.settings }
      : { enabled: false, settings: DEFAULT_PROFANITY_SETTINGS };
  }

  function cachedState(appId: string): Promise<FilterState> {
    return cache.get(appId, () => readState(appId));
  }

  async function save(appId: string, values: Partial<FilterState>): Promise<FilterState> {
    const [row] = await db
      .insert(profanityFilters)
      .values({
        appId,
        enabled: values.enabled ?? false,
        settings: values.settings ?? DEFAULT_PROFANITY_SETTINGS,
      })
      .onConflictDoUpdate({ target: profanityFilters.appId, set: values })
      .returning();
    cache.invalidate(appId);
    if (!row) throw new AppError(Errors.APP_FAULT);
    return { enabled: row.enabled, settings: row.settings };
  }

  return {
    async getEnabled(auth: Authenticated, appId: string): Promise<TProfanityEnabled> {
      const app = await deps.apps.requireAppAccess(auth, appId);
      return { enabled: (await readState(app.id)).enabled };
    },

    async setEnabled(auth: Authenticated, appId: string, enabled: boolean): Promise<TProfanityEnabled> {
      const app = await deps.apps.requireAppAccess(auth, appId);
      return { enabled: (await save(app.id, { enabled })).enabled };
    },

    async getSettings(auth: Authenticated, appId: string): Promise<TProfanitySettings> {
      const app = await deps.apps.requireAppAccess(auth, appId);
      return (await readState(app.id)).settings;
    },

    async updateSettings(
      auth: Authenticated,
      appId: string,
      settings: TProfanitySettings,
    ): Promise<TProfanitySettings> {
      const app = await deps.apps.requireAppAccess(auth, appId);
      return (await save(app.id, { settings })).settings;
    },

    /**
     * The message pipeline's filter stage. Admin messages go through it too: the filter protects the channel's
     * readers, whoever writes. Refuses with 3035 or masks the text, per the app's method.
     */
    async filterMessage(draft: MessageDraft): Promise<MessageDraft> {
      if (draft.text === "") return draft;
      const { enabled, settings } = await cachedState(draft.actor.app.id);
      if (!enabled || !settings.channelTypes.includes(draft.channel.type)) return draft;
      const result = applyProfanityFilter(draft.text, settings);
      if (result.blocked) throw new AppError(Errors.PROFANITY_BLOCKED);
      return result.text === draft.text ? draft : { ...draft, text: result.text };
    },
  };
}

export type ProfanityService = ReturnType<typeof createProfanityService>;
