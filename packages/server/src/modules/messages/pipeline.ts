import { Errors, MESSAGE_TEXT_MAX, type TMessage, type TPermission, type TSendMessageRequest } from "@parley/contract";
import { and, eq, isNull } from "drizzle-orm";
import type { Bus } from "../../chat/bus";
import type { Context } from "../../context";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { AppError } from "../../errors";
import { type Actor, type ChannelMemberRow, type ChannelRow, type ChannelService, historyScope } from "../channels";
import type { MetricsService } from "../metrics";
import { createDirectSend, permissionsToSend } from "./direct-send";
import {
  DeferredRefusal,
  type MemberRow,
  type MessageDraft,
  type PipelineStages,
  runDeferred,
  type SendInput,
  type TranslationRequest,
} from "./draft";
import { toMessages } from "./mapping";
import { messages } from "./schema";
import type { SendTurn } from "./send-turn";
import { audienceOf, createMessageStore } from "./store";
import { createBulkStore } from "./store-many";

export type { MemberRow, MessageDraft, PipelineStages, PollDraft, SendInput, TranslationRequest } from "./draft";

async function storedWithClientId(
  db: Db,
  channelId: string,
  senderId: string | null,
  clientMessageId: string,
): Promise<TMessage | null> {
  const rows = await db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.channelId, channelId),
        senderId ? eq(messages.senderId, senderId) : isNull(messages.senderId),
        eq(messages.clientMessageId, clientMessageId),
      ),
    )
    .limit(1);
  return (await toMessages(db, rows, senderId))[0] ?? null;
}

/**
 * Whether a sender's messages are shadowed: shadow-banned in the app (read with their session) or in the channel
 * (read with their membership). Neither costs a read of its own.
 */
function isShadowBanned(actor: Actor, member: Pick<ChannelMemberRow, "shadowBanned"> | null | undefined) {
  return actor.kind === "user" && (actor.user.shadowBanned || member?.shadowBanned === true);
}

export function createMessagePipeline(
  ctx: Context,
  deps: { bus: Bus; channels: ChannelService; metrics: MetricsService },
  stages: PipelineStages,
) {
  const { db } = ctx.database;
  const { clock } = ctx;

  /**
   * Stage 1, the permission rules of spec section 6, in the order a user would want to hear them. `known` is the
   * sender's membership when the caller read it with the channel (null: not a member); otherwise it is read here.
   */
  async function admit(
    actor: Actor,
    channel: ChannelRow,
    type: MessageDraft["type"],
    known?: MemberRow | null,
    needs: readonly TPermission[] = [],
  ) {
    if (actor.kind !== "user") return;
    if (!actor.user.isActive) throw new AppError(Errors.CHAT_USER_DEACTIVATED);
    const member = known === undefined ? await deps.channels.membership(db, channel.id, actor.user.id) : known;
    if (!member) {
      if (await deps.channels.isBanned(db, channel.id, actor.user.id)) throw new AppError(Errors.USER_BANNED);
      throw new AppError(Errors.NOT_CHANNEL_MEMBER);
    }
    if (channel.isFrozen && type !== "admin") throw new AppError(Errors.CHANNEL_FROZEN);
    if (member.mutedUntil && member.mutedUntil > clock.now()) throw new AppError(Errors.USER_MUTED);
    for (const permission of needs) await deps.channels.permissions.require(actor, channel, permission, member.role);
  }

  /**
   * A reply's parent: a live message of the channel (3026) that is not itself a reply (3068), and for a member of a
   * broadcast channel the owner's, the app's or their own, not another member's. In a channel that hides earlier
   * history a later member may reply to an earlier parent: the thread's replies from their join on are theirs.
   */
  async function requireThreadParent(
    channel: ChannelRow,
    parentId: string,
    member: Pick<ChannelMemberRow, "chatUserId" | "joinedSeq"> | null | undefined,
  ): Promise<void> {
    const reader = member ? { chatUserId: member.chatUserId, joinedSeq: -1 } : undefined;
    const scope = reader
      ? historyScope(channel, reader, { seq: messages.seq, senderId: messages.senderId, shadowed: messages.shadowed })
      : undefined;
    const [parent] = await db
      .select({ parentMessageId: messages.parentMessageId })
      .from(messages)
      .where(and(eq(messages.id, parentId), eq(messages.channelId, channel.id), isNull(messages.deletedAt), scope))
      .limit(1);
    if (!parent) throw new AppError(Errors.MESSAGE_NOT_FOUND);
    if (parent.parentMessageId !== null) throw new AppError(Errors.NESTED_REPLY);
  }

  /** Stage 7. The message is stored and delivered already, so a failure here is only logged. */
  async function handOnTranslations(appId: string, message: TMessage, request: TranslationRequest): Promise<void> {
    for (const translate of stages.translate) {
      await translate(appId, message, request).catch((err) =>
        ctx.log.error({ err, appId, messageId: message.id }, "handing a message on for translation failed"),
      );
    }
  }

  /** Stage 8, as stage 7: the message is stored and delivered already, so a failure here is only logged. */
  async function handOnLinks(appId: string, message: TMessage): Promise<void> {
    for (const links of stages.links) {
      await links(appId, message).catch((err) =>
        ctx.log.error({ err, appId, messageId: message.id }, "handing a message on for its link preview failed"),
      );
    }
  }

  const direct = createDirectSend(ctx, deps, {
    stages,
    check: (draft) => pipeline.check(draft),
    storeOne: (batch, draft, now, outboxed) => pipeline.store(batch, draft, now, outboxed, { guarded: true }),
  });

  const pipeline = {
    stages,
    handOnLinks,

    /**
     * The pipeline up to storing: the rules of the channel, then the checks and filters. Runs outside any
     * transaction, since checks read through `db`. The checks only read, and concern the app rather than the
     * channel, so they run alongside the channel's rules; a refusal by the rules is still the one reported.
     */
    async prepare(
      actor: Actor,
      channel: ChannelRow,
      input: SendInput,
      type: MessageDraft["type"] = "text",
      options: { checks: boolean; member?: MemberRow | null; needs?: readonly TPermission[] } = { checks: true },
    ): Promise<MessageDraft> {
      if (type === "admin" && actor.kind === "user") throw new AppError(Errors.NOT_CHANNEL_OWNER);
      let draft: MessageDraft = {
        actor,
        channel,
        type,
        text: input.text,
        metadata: input.metadata ?? {},
        file: input.file ?? null,
        ...(input.clientMessageId ? { clientMessageId: input.clientMessageId } : {}),
        ...(input.customType ? { customType: input.customType } : {}),
        ...(input.parentMessageId
          ? { parentMessageId: input.parentMessageId, showInChannel: input.showInChannel ?? false }
          : {}),
        ...(input.mentionedUserIds?.length ? { mentionedUserIds: [...new Set(input.mentionedUserIds)] } : {}),
        ...(input.poll ? { poll: input.poll } : {}),
      };
      const checked = options.checks ? pipeline.check(draft) : Promise.resolve();
      // Awaited below; until then a failure must not count as unhandled.
      checked.catch(() => undefined);
      await admit(actor, channel, type, options.member, options.needs);
      if (!input.file && input.text.trim() === "") throw new AppError(Errors.MESSAGE_EMPTY);
      if (input.text.length > MESSAGE_TEXT_MAX) throw new AppError(Errors.MESSAGE_TOO_LONG);
      await checked;
      try {
        for (const filter of stages.filters) draft = await filter(draft);
      } catch (err) {
        // The refusal is final here (the fast path never comes this way), so what it leaves to do runs now, once.
        if (err instanceof DeferredRefusal) await runDeferred(err.deferred, null, ctx.log);
        throw err;
      }
      return draft;
    },

    /**
     * The checks stage alone. They concern the app (its plan, its quota), so a sender of many messages at once
     * may run them once per batch and prepare the batch's messages without them.
     */
    async check(draft: MessageDraft): Promise<void> {
      for (const check of stages.checks) await check(draft);
    },

    ...createMessageStore(ctx, deps),

    ...createBulkStore(deps),

    async send(
      actor: Actor,
      channelId: string,
      input: SendInput,
      type: MessageDraft["type"] = "text",
      turn?: SendTurn,
    ): Promise<TMessage> {
      if (type === "admin" && actor.kind === "user") throw new AppError(Errors.NOT_CHANNEL_OWNER);
      if ((type === "custom") !== Boolean(input.customType)) throw new AppError(Errors.CUSTOM_TYPE_MISMATCH);
      // Replies touch their parent too, so they take the full path, as do the types other than text; and so do
      // sends asking for translations, which are handed on after storing.
      const isPlain = type === "text" && !input.parentMessageId && !input.translationLanguages?.length;
      if (actor.kind === "user" && isPlain) {
        const sent = await direct.send(actor, channelId, input, turn);
        if (sent) {
          await handOnLinks(actor.app.id, sent);
          return { ...sent, myReactions: [] };
        }
      }
      const senderId = actor.kind === "user" ? actor.user.id : null;
      // A user's membership comes with the channel, in one round trip.
      const { channel, member } = senderId
        ? await deps.channels.requireChannelWithMember(actor.app, channelId, senderId)
        : { channel: await deps.channels.requireChannel(actor.app, channelId), member: undefined };
      if (input.clientMessageId) {
        // A resend of a message already stored answers it as it is, even if the sender was muted since.
        const earlier = await storedWithClientId(db, channel.id, senderId, input.clientMessageId);
        if (earlier) return earlier;
      }
      const needs = permissionsToSend(input);
      const draft = await pipeline.prepare(actor, channel, input, type, { checks: true, member, needs });
      if (draft.parentMessageId) await requireThreadParent(channel, draft.parentMessageId, member);
      // A member of a split super group speaks to their own subchannel; the app and its admins to everyone.
      const subchannel = member ? await deps.channels.subchannelOf(channel, member) : null;
      if (subchannel !== null) draft.subchannel = subchannel;
      if (member) {
        const visibleTo = await deps.channels.broadcastAudience(channel, actor);
        if (visibleTo) draft.visibleTo = visibleTo;
      }
      // A shadow-banned sender is told nothing: the message is stored and answered as any other, seen by them only.
      if (isShadowBanned(actor, member)) draft.shadowed = true;
      // Last before storing, once every other rule has admitted the message: a refused message costs no turn.
      const claim = await deps.channels.slowMode.claim(actor, channel, clock.now(), member);
      const batch = deps.channels.newBatch();
      const outboxed = await batch.wantsOutbox(actor.app.id, db);
      if (turn) {
        await turn.ready;
        // The send before in the line may have gone the fast way, whose seq is given when its statement runs.
        await direct.settled(channel.id);
      }
      let stored: TMessage | null;
      try {
        stored = await pipeline.store(batch, draft, clock.now(), outboxed);
      } catch (err) {
        if (claim) await deps.channels.slowMode.release(channel, claim);
        // Two sends with one key at once: the second fails on the key's unique index and answers the first.
        const earlier =
          draft.clientMessageId && isUniqueViolation(err)
            ? await storedWithClientId(db, channel.id, senderId, draft.clientMessageId)
            : null;
        if (earlier) return earlier;
        throw err;
      }
      turn?.pass();
      if (!stored) throw new AppError(Errors.CHANNEL_NOT_FOUND);
      await batch.publish(deps.bus);
      await runDeferred(draft.deferred, stored, ctx.log);
      if (draft.parentMessageId) await deps.metrics.countActivity(actor.app.id, "replyCount", clock.now());
      const languages = input.translationLanguages ?? [];
      if (languages.length > 0) {
        const visibleTo = audienceOf(draft);
        await handOnTranslations(actor.app.id, stored, { languages, ...(visibleTo ? { visibleTo } : {}) });
      }
      await handOnLinks(actor.app.id, stored);
      return actor.kind === "user" ? { ...stored, myReactions: [] } : stored;
    },

    /**
     * A send as a client asks for it, by `POST /v1/channels/{channelId}/messages` or by the WebSocket's
     * `message.send` frame: both call this, so the two answer alike. An app's server that sends `text` sends an admin
     * message, since it has no sender. A socket's sends come with their `turn` in its line for the channel.
     */
    async sendRequested(
      actor: Actor,
      channelId: string,
      request: TSendMessageRequest,
      turn?: SendTurn,
    ): Promise<TMessage> {
      const chosen = request.type ?? "text";
      const type = chosen === "text" && actor.kind !== "user" ? "admin" : chosen;
      return pipeline.send(actor, channelId, request, type, turn);
    },
  };
  return pipeline;
}

export type MessagePipeline = ReturnType<typeof createMessagePipeline>;
