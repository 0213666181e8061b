import {
  Errors,
  REPORT_CONTEXT_MESSAGES,
  REPORTS_SHOWN_PER_TARGET,
  type TMessage,
  type TReport,
  type TReportEntry,
  type TReportQueueItem,
  type TReportReason,
  type TReportRequest,
  type TReportSettings,
  type TReportTarget,
  type TReportTargetDetail,
  type TReportTargetsPage,
  type TReportTargetsQuery,
  type TResolveReportRequest,
} from "@parley/contract";
import { and, desc, eq, sql } from "drizzle-orm";
import { decodeCursor, pageOf, pastCursor } from "../../chat/cursor";
import type { Context } from "../../context";
import { type Db, rowsOf } from "../../db/client";
import { AppError } from "../../errors";
import type { AppRow, AppService } from "../apps";
import type { Authenticated } from "../auth";
import type { Actor, ChannelService } from "../channels";
import type { ChatUserService } from "../chat-users";
import type { MessageService } from "../messages";
import type { WebhookService } from "../webhooks";
import { type ReportRow, type ReportTargetRow, reportSettings, reports, reportTargets } from "./schema";

type UserActor = Extract<Actor, { kind: "user" }>;
type NewTarget = Pick<ReportTargetRow, "kind" | "channelId" | "messageId" | "userId" | "message">;

/** A target's display names, read when it is shown: a nickname or channel name changed since reads as it is now. */
interface Names {
  channelName: string | null;
  userNickname: string | null;
}

function toReport(row: ReportRow): TReport {
  return {
    id: row.id,
    targetId: row.targetId,
    reporterId: row.reporterId,
    reason: row.reason,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
  };
}

function toTarget(row: ReportTargetRow, names: Names, reasons: TReportTarget["reasons"]): TReportTarget {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    channelId: row.channelId,
    channelName: names.channelName,
    messageId: row.messageId,
    userId: row.userId,
    userNickname: names.userNickname,
    message: row.message,
    reportCount: row.reportCount,
    reasons,
    hidden: row.hidden,
    firstReportedAt: row.firstReportedAt.toISOString(),
    lastReportedAt: row.lastReportedAt.toISOString(),
    resolution:
      row.resolution && row.resolvedAt
        ? {
            action: row.resolution,
            minutes: row.resolutionMinutes,
            note: row.resolutionNote,
            resolvedAt: row.resolvedAt.toISOString(),
            resolvedBy: row.resolvedBy ?? "",
          }
        : null,
  };
}

/**
 * The report queue. An end user's report and the target it counts toward are written in one transaction with the
 * auto-hide it may set off and the `report.created` webhook delivery, so a crash leaves all of them or none.
 */
export function createReportQueue(
  ctx: Context,
  deps: {
    apps: AppService;
    chatUsers: ChatUserService;
    channels: ChannelService;
    messages: MessageService;
    webhooks: WebhookService;
  },
) {
  const { db } = ctx.database;
  const { clock } = ctx;

  async function autoHideAfter(tx: Db, appId: string): Promise<number | null> {
    const [row] = await tx.select().from(reportSettings).where(eq(reportSettings.appId, appId)).limit(1);
    return row?.autoHideAfter ?? null;
  }

  /** Names and reason counts of `rows`, read together. */
  async function present(tx: Db, appId: string, rows: ReportTargetRow[]): Promise<TReportTarget[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const counted = rowsOf<{ target_id: string; reason: TReportReason; count: number }>(
      await tx.execute(sql`
        select target_id, reason, count(*)::int as count from reports
        where target_id in ${ids} group by target_id, reason order by count desc, reason`),
    );
    const userIds = [...new Set(rows.map((row) => row.userId))];
    const channelIds = [...new Set(rows.flatMap((row) => (row.channelId ? [row.channelId] : [])))];
    const nicknames = new Map(
      rowsOf<{ user_id: string; nickname: string }>(
        await tx.execute(sql`
          select user_id, nickname from chat_users where app_id = ${appId} and user_id in ${userIds}`),
      ).map((row) => [row.user_id, row.nickname]),
    );
    const channelNames = new Map(
      channelIds.length === 0
        ? []
        : rowsOf<{ id: string; name: string }>(
            await tx.execute(sql`select id, name from channels where app_id = ${appId} and id in ${channelIds}`),
          ).map((row) => [row.id, row.name]),
    );
    return rows.map((row) =>
      toTarget(
        row,
        {
          channelName: row.channelId ? (channelNames.get(row.channelId) ?? null) : null,
          userNickname: nicknames.get(row.userId) ?? null,
        },
        counted.filter((c) => c.target_id === row.id).map((c) => ({ reason: c.reason, count: c.count })),
      ),
    );
  }

  /** The reports of `targetIds`, newest first, up to `perTarget` each, with the reporters' nicknames as they are now. */
  async function entriesOf(
    appId: string,
    targetIds: string[],
    perTarget: number,
  ): Promise<Map<string, TReportEntry[]>> {
    const byTarget = new Map<string, TReportEntry[]>();
    if (targetIds.length === 0) return byTarget;
    const rows = rowsOf<{
      id: string;
      target_id: string;
      reporter_id: string;
      reason: TReportReason;
      description: string | null;
      created_at: Date | string;
      nickname: string | null;
    }>(
      await db.execute(sql`
        select r.id, r.target_id, r.reporter_id, r.reason, r.description, r.created_at, u.nickname
        from (
          select *, row_number() over (partition by target_id order by created_at desc, id desc) as n
          from reports where app_id = ${appId} and target_id in ${targetIds}
        ) r
        left join chat_users u on u.app_id = ${appId} and u.user_id = r.reporter_id
        where r.n <= ${perTarget}
        order by r.created_at desc, r.id desc`),
    );
    for (const row of rows) {
      const list = byTarget.get(row.target_id) ?? [];
      list.push({
        id: row.id,
        targetId: row.target_id,
        reporterId: row.reporter_id,
        reason: row.reason,
        description: row.description,
        createdAt: new Date(row.created_at).toISOString(),
        reporterNickname: row.nickname,
      });
      byTarget.set(row.target_id, list);
    }
    return byTarget;
  }

  /**
   * Counts `reporter`'s report toward the open target of `target` (opening it when there is none). A second report
   * by the same user changes nothing and answers the first. Reaching the app's auto-hide threshold deletes the
   * message from members' view; the target keeps it, and dismissing the reports brings it back.
   */
  async function report(
    actor: { app: { id: string }; user: { userId: string } },
    target: NewTarget,
    input: TReportRequest,
  ): Promise<TReport> {
    const now = clock.now();
    let afterCommit: (() => Promise<void>) | undefined;
    const result = await deps.channels.mutate(async (tx, batch) => {
      const conflict =
        target.kind === "message"
          ? sql`(app_id, message_id) where status = 'open' and kind = 'message'`
          : sql`(app_id, user_id) where status = 'open' and kind = 'user'`;
      // The no-op update takes the row's lock, so concurrent reports of one target count one after the other.
      const [opened] = rowsOf<{ id: string }>(
        await tx.execute(sql`
          insert into report_targets (app_id, kind, channel_id, message_id, user_id, message, status,
            report_count, hidden, first_reported_at, last_reported_at)
          values (${actor.app.id}, ${target.kind}, ${target.channelId}, ${target.messageId}, ${target.userId},
            ${target.message ? JSON.stringify(target.message) : null}::jsonb, 'open', 0, false, ${now}, ${now})
          on conflict ${conflict} do update set status = report_targets.status
          returning id`),
      );
      const targetId = (opened as { id: string }).id;
      const [inserted] = await tx
        .insert(reports)
        .values({
          appId: actor.app.id,
          targetId,
          reporterId: actor.user.userId,
          reason: input.reason,
          description: input.description || null,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (!inserted) {
        const [earlier] = await tx
          .select()
          .from(reports)
          .where(and(eq(reports.targetId, targetId), eq(reports.reporterId, actor.user.userId)));
        return toReport(earlier as ReportRow);
      }
      let [row] = await tx
        .update(reportTargets)
        .set({ reportCount: sql`${reportTargets.reportCount} + 1`, lastReportedAt: now })
        .where(eq(reportTargets.id, targetId))
        .returning();
      let counted = row as ReportTargetRow;
      const threshold = counted.kind === "message" ? await autoHideAfter(tx, actor.app.id) : null;
      if (threshold !== null && !counted.hidden && counted.reportCount >= threshold && counted.messageId) {
        const channelId = counted.channelId as string;
        if (await deps.messages.remove(tx, batch, actor.app.id, channelId, counted.messageId, now)) {
          [row] = await tx
            .update(reportTargets)
            .set({ hidden: true })
            .where(eq(reportTargets.id, targetId))
            .returning();
          counted = row as ReportTargetRow;
        }
      }
      const created = toReport(inserted);
      afterCommit = await deps.webhooks.recordReport(tx, actor.app.id, created, async () => {
        const [shown] = await present(tx, actor.app.id, [counted]);
        return shown as TReportTarget;
      });
      return created;
    });
    if (afterCommit) {
      try {
        await afterCommit();
      } catch (err) {
        // The delivery is stored; the webhook sweep sends it once it is overdue.
        ctx.log.error({ err }, "could not enqueue a report's webhook delivery");
      }
    }
    return result;
  }

  async function requireTarget(app: AppRow, targetId: string): Promise<ReportTargetRow> {
    const [row] = await db
      .select()
      .from(reportTargets)
      .where(and(eq(reportTargets.id, targetId), eq(reportTargets.appId, app.id)))
      .limit(1);
    if (!row) throw new AppError(Errors.REPORT_NOT_FOUND);
    return row;
  }

  async function queueItems(app: AppRow, rows: ReportTargetRow[], perTarget: number): Promise<TReportQueueItem[]> {
    const targets = await present(db, app.id, rows);
    const entries = await entriesOf(
      app.id,
      rows.map((row) => row.id),
      perTarget,
    );
    return targets.map((target) => ({ ...target, reports: entries.get(target.id) ?? [] }));
  }

  /** Carries out a resolution's action through the services that own it; the same checks apply as on their routes. */
  async function act(app: AppRow, target: ReportTargetRow, request: TResolveReportRequest) {
    const admin: Actor = { kind: "admin", app };
    switch (request.action) {
      case "delete": {
        if (target.kind !== "message" || !target.messageId || !target.channelId)
          throw new AppError(Errors.REPORT_ACTION_MISMATCH);
        const { channelId, messageId } = target;
        // Already gone (its sender deleted it, or reports hid it) is as good as deleted now.
        await deps.channels.mutate((tx, batch) =>
          deps.messages.remove(tx, batch, app.id, channelId, messageId, clock.now()),
        );
        return;
      }
      case "mute":
        if (!target.channelId || request.minutes === undefined) throw new AppError(Errors.REPORT_ACTION_MISMATCH);
        await deps.channels.mute(admin, target.channelId, target.userId, request.minutes);
        return;
      case "ban":
        if (!target.channelId) throw new AppError(Errors.REPORT_ACTION_MISMATCH);
        await deps.channels.ban(admin, target.channelId, target.userId);
        return;
      case "deactivate":
        await deps.chatUsers.setActive(app, target.userId, false);
        return;
      case "dismiss":
        if (target.hidden && target.messageId && target.channelId) {
          const { channelId, messageId } = target;
          await deps.channels.mutate((tx, batch) =>
            deps.messages.restore(tx, batch, app.id, channelId, messageId, clock.now()),
          );
        }
        return;
    }
  }

  return {
    async reportMessage(actor: UserActor, channelId: string, messageId: string, input: TReportRequest) {
      const message: TMessage = await deps.messages.reportable(actor, channelId, messageId);
      if (!message.sender || message.sender.userId === actor.user.userId) throw new AppError(Errors.NOT_REPORTABLE);
      return report(
        actor,
        {
          kind: "message",
          channelId: message.channelId,
          messageId: message.id,
          userId: message.sender.userId,
          message,
        },
        input,
      );
    },

    /**
     * A stored message a moderation rule flagged, into the queue as a report by the rule (`rule:<id>` as the
     * reporter, so a second rule's flag counts apart and the same rule's once), naming the rule.
     */
    async flagMessage(app: { id: string }, message: TMessage, rule: { id: string; name: string }) {
      if (!message.sender) return;
      await report(
        { app, user: { userId: `rule:${rule.id}` } },
        {
          kind: "message",
          channelId: message.channelId,
          messageId: message.id,
          userId: message.sender.userId,
          message,
        },
        { reason: "other", description: rule.name },
      );
    },

    /** `channelId`, when given, must be a channel the reporter is a member of: where a moderator would act. */
    async reportUser(actor: UserActor, userId: string, input: TReportRequest & { channelId?: string | undefined }) {
      const reported = await deps.chatUsers.requireUser(actor.app.id, userId);
      if (reported.id === actor.user.id) throw new AppError(Errors.NOT_REPORTABLE);
      let channelId: string | null = null;
      if (input.channelId) {
        const { channel, member } = await deps.channels.requireChannelWithMember(
          actor.app,
          input.channelId,
          actor.user.id,
        );
        if (!member) throw new AppError(Errors.NOT_CHANNEL_MEMBER);
        channelId = channel.id;
      }
      return report(actor, { kind: "user", channelId, messageId: null, userId: reported.userId, message: null }, input);
    },

    async list(auth: Authenticated, appId: string, query: TReportTargetsQuery): Promise<TReportTargetsPage> {
      const app = await deps.apps.requireAppAccess(auth, appId);
      const rows = await db
        .select()
        .from(reportTargets)
        .where(
          and(
            eq(reportTargets.appId, app.id),
            eq(reportTargets.status, query.status),
            query.kind ? eq(reportTargets.kind, query.kind) : undefined,
            pastCursor(decodeCursor(query.cursor), reportTargets.lastReportedAt, reportTargets.id, "desc"),
          ),
        )
        .orderBy(desc(reportTargets.lastReportedAt), desc(reportTargets.id))
        .limit(query.limit + 1);
      const { items, nextCursor } = pageOf(rows, query.limit, (row) => ({ at: row.lastReportedAt, id: row.id }));
      return { targets: await queueItems(app, items, REPORTS_SHOWN_PER_TARGET), nextCursor };
    },

    /** A target with every report of it and, for a message, the messages around it (the reported one included). */
    async detail(auth: Authenticated, appId: string, targetId: string): Promise<TReportTargetDetail> {
      const app = await deps.apps.requireAppAccess(auth, appId);
      const row = await requireTarget(app, targetId);
      const [target] = await queueItems(app, [row], Number.MAX_SAFE_INTEGER);
      let context: TMessage[] = [];
      if (row.message && row.channelId) {
        const reported = row.message;
        const around = await deps.messages
          .around(app, row.channelId, reported.seq, REPORT_CONTEXT_MESSAGES)
          .catch((err: unknown) => {
            // The channel was deleted since: the report still shows the message itself.
            if (err instanceof AppError && err.code === Errors.CHANNEL_NOT_FOUND) return [];
            throw err;
          });
        context = [
          ...around.filter((m) => m.seq < reported.seq),
          reported,
          ...around.filter((m) => m.seq > reported.seq),
        ];
      }
      return { target: target as TReportQueueItem, context };
    },

    /**
     * One action resolves every open report of the target. The action goes first: if it is refused, or the process
     * stops before the target is marked, the target stays open and the moderator can resolve it again.
     */
    async resolve(
      auth: Authenticated,
      appId: string,
      targetId: string,
      request: TResolveReportRequest,
    ): Promise<TReportTarget> {
      const app = await deps.apps.requireAppAccess(auth, appId);
      const row = await requireTarget(app, targetId);
      if (row.status !== "open") throw new AppError(Errors.REPORT_ALREADY_RESOLVED);
      await act(app, row, request);
      const [resolved] = await db
        .update(reportTargets)
        .set({
          status: "resolved",
          resolution: request.action,
          resolutionMinutes: request.action === "mute" ? (request.minutes ?? null) : null,
          resolutionNote: request.note || null,
          resolvedBy: auth.account.email,
          resolvedAt: clock.now(),
          ...(request.action === "dismiss" ? { hidden: false } : {}),
        })
        .where(and(eq(reportTargets.id, row.id), eq(reportTargets.status, "open")))
        .returning();
      if (!resolved) throw new AppError(Errors.REPORT_ALREADY_RESOLVED);
      const [shown] = await present(db, app.id, [resolved]);
      return shown as TReportTarget;
    },

    async getSettings(auth: Authenticated, appId: string): Promise<TReportSettings> {
      const app = await deps.apps.requireAppAccess(auth, appId);
      return { autoHideAfter: await autoHideAfter(db, app.id) };
    },

    async saveSettings(auth: Authenticated, appId: string, settings: TReportSettings): Promise<TReportSettings> {
      const app = await deps.apps.requireAppAccess(auth, appId);
      await db
        .insert(reportSettings)
        .values({ appId: app.id, autoHideAfter: settings.autoHideAfter })
        .onConflictDoUpdate({ target: reportSettings.appId, set: { autoHideAfter: settings.autoHideAfter } });
      return { autoHideAfter: settings.autoHideAfter };
    },
  };
}

export type ReportQueue = ReturnType<typeof createReportQueue>;
