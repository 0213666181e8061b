import {
  Errors,
  MODERATION_RULES_MAX,
  type TModerationRule,
  type TModerationRuleInput,
  type TModerationRulesSettings,
} from "@parley/contract";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { createTtlCache } from "../../cache";
import type { Context } from "../../context";
import { isUniqueViolation } from "../../db/errors";
import { AppError } from "../../errors";
import type { AppService } from "../apps";
import type { Authenticated } from "../auth";
import type { EvaluatedRule } from "./evaluate";
import { type ModerationRuleRow, moderationRuleSettings, moderationRules } from "./schema";

/**
 * Every user message reads its app's rules, so they are cached. A change in this process takes effect at once;
 * other server processes see it within this many milliseconds.
 */
const CACHE_MS = 5_000;

export interface ActiveRules {
  /** The engine is on and has at least one enabled rule. */
  isActive: boolean;
  rules: EvaluatedRule[];
}

function toRule(row: ModerationRuleRow): TModerationRule {
  return {
    id: row.id,
    name: row.name,
    enabled: row.enabled,
    position: row.position,
    channelTypes: row.channelTypes,
    condition: row.condition,
    action: row.action,
    hits: row.hits,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export const evaluatedRule = (rule: TModerationRule): EvaluatedRule => ({
  id: rule.id,
  name: rule.name,
  enabled: rule.enabled,
  channelTypes: rule.channelTypes,
  condition: rule.condition,
  action: rule.action,
});

/** The dashboard's side of the rules: saving them, in order, and the engine's switch. */
export function createModerationRuleService(ctx: Context, deps: { apps: AppService }) {
  const { db } = ctx.database;
  const { clock } = ctx;
  const cache = createTtlCache<string, ActiveRules>(clock, CACHE_MS);

  async function listRows(appId: string): Promise<ModerationRuleRow[]> {
    return db
      .select()
      .from(moderationRules)
      .where(eq(moderationRules.appId, appId))
      .orderBy(asc(moderationRules.position), asc(moderationRules.createdAt));
  }

  async function isEnabled(appId: string): Promise<boolean> {
    const [row] = await db
      .select()
      .from(moderationRuleSettings)
      .where(eq(moderationRuleSettings.appId, appId))
      .limit(1);
    return row?.enabled ?? false;
  }

  async function loadActive(appId: string): Promise<ActiveRules> {
    if (!(await isEnabled(appId))) return { isActive: false, rules: [] };
    const rules = (await listRows(appId)).map((row) => evaluatedRule(toRule(row)));
    return { isActive: rules.some((rule) => rule.enabled), rules };
  }

  async function requireRule(appId: string, ruleId: string): Promise<ModerationRuleRow> {
    const [row] = await db
      .select()
      .from(moderationRules)
      .where(and(eq(moderationRules.appId, appId), eq(moderationRules.id, ruleId)))
      .limit(1);
    if (!row) throw new AppError(Errors.MODERATION_RULE_NOT_FOUND);
    return row;
  }

  /** A save that would give two rules of the app one name answers 3195. */
  async function named<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(Errors.MODERATION_RULE_NAME_TAKEN);
      throw err;
    }
  }

  return {
    /** The rules a message of the app is evaluated with, cached; none while the engine is off. */
    activeRules: (appId: string): Promise<ActiveRules> => cache.get(appId, () => loadActive(appId)),

    /** The app's saved rules in order, for the tester and the replay. */
    async savedRules(appId: string): Promise<EvaluatedRule[]> {
      return (await listRows(appId)).map((row) => evaluatedRule(toRule(row)));
    },

    /** Adds one to the hit count of each rule; called once per message the rules fired on. */
    async countHits(ruleIds: string[]): Promise<void> {
      if (ruleIds.length === 0) return;
      await db
        .update(moderationRules)
        .set({ hits: sql`${moderationRules.hits} + 1` })
        .where(inArray(moderationRules.id, ruleIds));
    },

    async list(auth: Authenticated, appId: string): Promise<TModerationRule[]> {
      const app = await deps.apps.requireAppAccess(auth, appId);
      return (await listRows(app.id)).map(toRule);
    },

    /** Appends a rule at the end of the order; an app holds at most {@link MODERATION_RULES_MAX}. */
    async create(auth: Authenticated, appId: string, input: TModerationRuleInput): Promise<TModerationRule> {
      const app = await deps.apps.requireAppAccess(auth, appId);
      const now = clock.now();
      const row = await named(() =>
        db.transaction(async (tx) => {
          // The app's row is locked so that two creates at once cannot both pass the limit.
          await tx.execute(sql`select id from apps where id = ${app.id} for update`);
          const [{ count, last } = { count: 0, last: -1 }] = await tx
            .select({
              count: sql<number>`count(*)::int`,
              last: sql<number>`coalesce(max(${moderationRules.position}), -1)::int`,
            })
            .from(moderationRules)
            .where(eq(moderationRules.appId, app.id));
          if (count >= MODERATION_RULES_MAX) throw new AppError(Errors.MODERATION_RULE_LIMIT_REACHED);
          const [inserted] = await tx
            .insert(moderationRules)
            .values({ appId: app.id, position: last + 1, ...input, createdAt: now, updatedAt: now })
            .returning();
          return inserted as ModerationRuleRow;
        }),
      );
      cache.invalidate(app.id);
      return toRule(row);
    },

    async update(
      auth: Authenticated,
      appId: string,
      ruleId: string,
      input: TModerationRuleInput,
    ): Promise<TModerationRule> {
      const app = await deps.apps.requireAppAccess(auth, appId);
      await requireRule(app.id, ruleId);
      const [row] = await named(() =>
        db
          .update(moderationRules)
          .set({ ...input, updatedAt: clock.now() })
          .where(and(eq(moderationRules.appId, app.id), eq(moderationRules.id, ruleId)))
          .returning(),
      );
      if (!row) throw new AppError(Errors.MODERATION_RULE_NOT_FOUND);
      cache.invalidate(app.id);
      return toRule(row);
    },

    async remove(auth: Authenticated, appId: string, ruleId: string): Promise<void> {
      const app = await deps.apps.requireAppAccess(auth, appId);
      const [row] = await db
        .delete(moderationRules)
        .where(and(eq(moderationRules.appId, app.id), eq(moderationRules.id, ruleId)))
        .returning({ id: moderationRules.id });
      if (!row) throw new AppError(Errors.MODERATION_RULE_NOT_FOUND);
      cache.invalidate(app.id);
    },

    /** Sets the order of all the app's rules at once: `ruleIds` must name each exactly once (else 3196). */
    async reorder(auth: Authenticated, appId: string, ruleIds: string[]): Promise<TModerationRule[]> {
      const app = await deps.apps.requireAppAccess(auth, appId);
      await db.transaction(async (tx) => {
        await tx.execute(sql`select id from apps where id = ${app.id} for update`);
        const existing = await tx
          .select({ id: moderationRules.id })
          .from(moderationRules)
          .where(eq(moderationRules.appId, app.id));
        const known = new Set(existing.map((r) => r.id));
        if (
          new Set(ruleIds).size !== ruleIds.length ||
          ruleIds.length !== known.size ||
          !ruleIds.every((id) => known.has(id))
        ) {
          throw new AppError(Errors.MODERATION_RULES_ORDER_MISMATCH);
        }
        for (const [position, id] of ruleIds.entries()) {
          await tx.update(moderationRules).set({ position }).where(eq(moderationRules.id, id));
        }
      });
      cache.invalidate(app.id);
      return (await listRows(app.id)).map(toRule);
    },

    async getSettings(auth: Authenticated, appId: string): Promise<TModerationRulesSettings> {
      const app = await deps.apps.requireAppAccess(auth, appId);
      return { enabled: await isEnabled(app.id) };
    },

    async saveSettings(
      auth: Authenticated,
      appId: string,
      settings: TModerationRulesSettings,
    ): Promise<TModerationRulesSettings> {
      const app = await deps.apps.requireAppAccess(auth, appId);
      await db
        .insert(moderationRuleSettings)
        .values({ appId: app.id, enabled: settings.enabled })
        .onConflictDoUpdate({ target: moderationRuleSettings.appId, set: { enabled: settings.enabled } });
      cache.invalidate(app.id);
      return settings;
    },
  };
}

export type ModerationRuleService = ReturnType<typeof createModerationRuleService>;
