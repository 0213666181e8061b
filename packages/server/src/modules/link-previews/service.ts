import { Errors, firstLinkUrl, type TLinkPreview, type TLinkPreviewsEnabled, type TMessage } from "@parley/contract";
import { eq, lte } from "drizzle-orm";
import type { EventBatch } from "../../chat/events";
import type { Context } from "../../context";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { fetchLinkPreviewJob } from "../../jobs/catalog";
import type { AppService } from "../apps";
import type { Authenticated } from "../auth";
import { type Actor, type ChannelService, readsMessageOf } from "../channels";
import { blockersInChannel } from "../chat-users";
import { attachLinkPreview, type MessageRow, removeLinkPreview, toMessages } from "../messages";
import { fetchLinkPreview } from "./fetch";
import { linkPreviewCache, linkPreviewSettings } from "./schema";

/** How long a page's preview is reused before the page is fetched again. */
export const PREVIEW_TTL_MS = 24 * 60 * 60 * 1000;
/** How long a page that gave no preview is left alone: shorter, as a failure is more often passing. */
export const FAILED_PREVIEW_TTL_MS = 60 * 60 * 1000;

/** Message types whose text is a person's or the app's words, which may carry a link worth a card. */
const PREVIEWED_TYPES: ReadonlySet<TMessage["type"]> = new Set(["text", "admin"]);

export function createLinkPreviewService(ctx: Context, deps: { apps: AppService; channels: ChannelService }) {
  const { db } = ctx.database;

  async function enabledFor(appId: string): Promise<boolean> {
    const [row] = await db
      .select({ enabled: linkPreviewSettings.enabled })
      .from(linkPreviewSettings)
      .where(eq(linkPreviewSettings.appId, appId))
      .limit(1);
    return row?.enabled ?? true;
  }

  /** The page's preview from the cache while fresh, else fetched and cached; null for a page that gave none. */
  async function previewOf(url: string): Promise<TLinkPreview | null> {
    const [cached] = await db.select().from(linkPreviewCache).where(eq(linkPreviewCache.url, url)).limit(1);
    const now = ctx.clock.now();
    if (cached && cached.expiresAt > now) return cached.preview;
    const outcome = await fetchLinkPreview(ctx.outbound, url, ctx.config.linkPreviewTimeoutMs);
    const fetchedAt = ctx.clock.now();
    const ttl = outcome.preview ? PREVIEW_TTL_MS : FAILED_PREVIEW_TTL_MS;
    const row = { preview: outcome.preview, fetchedAt, expiresAt: new Date(fetchedAt.getTime() + ttl) };
    await db
      .insert(linkPreviewCache)
      .values({ url, ...row })
      .onConflictDoUpdate({ target: linkPreviewCache.url, set: row });
    if (!outcome.preview) ctx.log.info({ url, failure: outcome.failure }, "a linked page gave no preview");
    return outcome.preview;
  }

  /** Records `message.updated` for a message whose preview changed, reaching whom the message itself reaches. */
  async function recordUpdated(tx: Db, batch: EventBatch, appId: string, row: MessageRow) {
    const [message] = await toMessages(tx, [row]);
    if (!message) return;
    // Who may not read the message (a shadowed one's other members, a broadcast's) is kept from the event by the
    // batch; the app's side hears a shadowed message marked, as its send was.
    const marked = row.shadowed ? { message: { ...message, shadowed: true } } : undefined;
    const event = await batch.record(tx, appId, row.channelId, "message.updated", { message }, ctx.clock.now(), marked);
    const sender = message.sender?.userId;
    if (sender) batch.hideFrom(event, await blockersInChannel(tx, appId, row.channelId, sender));
  }

  return {
    /**
     * Stage 8 of the message pipeline: queues the fetch of the first link of a stored or edited message. Nothing is
     * read or queued for a message without a link, so a plain send costs one pattern match.
     */
    async queueLinkPreview(appId: string, message: TMessage): Promise<void> {
      if (!PREVIEWED_TYPES.has(message.type)) return;
      const url = firstLinkUrl(message.text);
      if (!url || !(await enabledFor(appId))) return;
      await ctx.jobs.send(fetchLinkPreviewJob, {
        appId,
        channelId: message.channelId,
        messageId: message.id,
        url,
      });
    },

    /**
     * The fetch job: the page's preview, put on the message with a `message.updated`, unless the app turned previews
     * off since, or the message moved on (deleted, its link edited, its preview removed) while the page was fetched.
     * A page that gave nothing leaves the message as it is and tells no one.
     */
    async attachPreview(job: { appId: string; channelId: string; messageId: string; url: string }): Promise<void> {
      if (!(await enabledFor(job.appId))) return;
      const preview = await previewOf(job.url);
      if (!preview) return;
      await deps.channels.mutate(async (tx, batch) => {
        const row = await attachLinkPreview(tx, job.channelId, job.messageId, job.url, preview);
        if (row) await recordUpdated(tx, batch, job.appId, row);
      });
    },

    /**
     * The sender takes the preview off their message (the app's server may for any message). It stays off for that
     * link, even while its fetch is still under way; an edit to another link brings that link's preview. Removing
     * from a message without one only makes sure none comes.
     */
    async removePreview(actor: Actor, channelId: string, messageId: string): Promise<TMessage> {
      const channel = await deps.channels.requireChannel(actor.app, channelId);
      const userId = actor.kind === "user" ? actor.user.id : null;
      if (userId) {
        if (!(await deps.channels.membership(db, channel.id, userId))) throw new AppError(Errors.NOT_CHANNEL_MEMBER);
        // Another's message the member does not read is, to them, none.
        if (!(await readsMessageOf(db, channel.id, userId, messageId))) throw new AppError(Errors.MESSAGE_NOT_FOUND);
      }
      const after = await deps.channels.mutate(async (tx, batch) => {
        const removed = await removeLinkPreview(tx, channel.id, messageId, (row) => {
          if (userId && row.senderId !== userId) throw new AppError(Errors.ONLY_SENDER_REMOVES_LINK_PREVIEW);
        });
        if (!removed) throw new AppError(Errors.MESSAGE_NOT_FOUND);
        if (removed.before.linkPreview) await recordUpdated(tx, batch, actor.app.id, removed.after);
        return removed.after;
      });
      const [message] = await toMessages(db, [after], userId, { markShadowed: actor.kind !== "user" });
      if (!message) throw new AppError(Errors.MESSAGE_NOT_FOUND);
      return message;
    },

    /** Removes the cached previews past their time (the daily sweep); answers how many. */
    async sweepExpired(): Promise<number> {
      const removed = await db
        .delete(linkPreviewCache)
        .where(lte(linkPreviewCache.expiresAt, ctx.clock.now()))
        .returning({ url: linkPreviewCache.url });
      return removed.length;
    },

    async getEnabled(auth: Authenticated, appId: string): Promise<TLinkPreviewsEnabled> {
      const app = await deps.apps.requireAppAccess(auth, appId);
      return { enabled: await enabledFor(app.id) };
    },

    /** Off stops new previews; those already on messages stay, as they were sent. */
    async setEnabled(auth: Authenticated, appId: string, enabled: boolean): Promise<TLinkPreviewsEnabled> {
      const app = await deps.apps.requireAppAccess(auth, appId);
      const [row] = await db
        .insert(linkPreviewSettings)
        .values({ appId: app.id, enabled })
        .onConflictDoUpdate({ target: linkPreviewSettings.appId, set: { enabled } })
        .returning();
      return { enabled: row?.enabled ?? enabled };
    },
  };
}

export type LinkPreviewService = ReturnType<typeof createLinkPreviewService>;
