import { MESSAGE_TEXT_MAX, type TMessage, type TPermission } from "@parley/contract";
import type { Bus } from "../../chat/bus";
import type { Context } from "../../context";
import { isUniqueViolation } from "../../db/errors";
import { AppError } from "../../errors";
import type { Actor, ChannelService } from "../channels";
import type { MetricsService } from "../metrics";
import { createDirectStore, type StoreOne } from "./direct-store";
import { type MessageDraft, type PipelineStages, runDeferred, type SendInput } from "./draft";
import type { SendTurn } from "./send-turn";

/** `@everyone` or `@channel` as a word of the text: a mention of everyone, which `mentionEveryone` grants. */
const EVERYONE_MENTION = /(^|[^\p{L}\p{N}_])@(everyone|channel)(?![\p{L}\p{N}_])/u;

/** What a message needs its sender's roles to grant (decision 0281). */
export function permissionsToSend(input: SendInput): TPermission[] {
  const needs: TPermission[] = ["send"];
  if (input.file) needs.push("sendFile");
  if (input.parentMessageId) needs.push("reply");
  if (EVERYONE_MENTION.test(input.text)) needs.push("mentionEveryone");
  return needs;
}

/**
 * The send's fast path, beside the pipeline's full one: `check` is the pipeline's checks stage, and `storeOne` the
 * guarded single store (store.ts) that the direct store falls back to when its statement fails.
 */
export function createDirectSend(
  ctx: Context,
  deps: { bus: Bus; channels: ChannelService; metrics: MetricsService },
  steps: { stages: PipelineStages; check: (draft: MessageDraft) => Promise<void>; storeOne: StoreOne },
) {
  const { db } = ctx.database;
  const { stages } = steps;
  const direct = createDirectStore(ctx, { metrics: deps.metrics, storeOne: steps.storeOne });

  /**
   * A user's message as most are: to a channel they belong to, allowed. Stage 1's reads are skipped, and their
   * rules checked by the statement that stores (as `guard` in store.ts checks them), so such a send is one round
   * trip to the database. Null when anything is not as expected (a refusal, a resend of a stored message, a member
   * of a split super group not yet placed): the full path then runs from the start and answers as it always does;
   * nothing was stored.
   */
  async function sendDirect(
    actor: Extract<Actor, { kind: "user" }>,
    channelId: string,
    input: SendInput,
    turn?: SendTurn,
  ): Promise<TMessage | null> {
    if (!actor.user.isActive) return null;
    // A shadow-banned sender in the app: the full path shadows the message. One banned in the channel only is found
    // by the statement that stores, whose guard then fails, and takes the same way.
    if (actor.user.shadowBanned) return null;
    if (!input.file && input.text.trim() === "") return null;
    if (input.text.length > MESSAGE_TEXT_MAX) return null;
    const channel = await deps.channels.channelForSend(actor.app, channelId);
    // A broadcast member's message names who it reaches, which only the full path reads. A member of a split super
    // group not yet placed is placed by the full path; the statement finds the subchannel of one who is.
    if (!channel || channel.type === "broadcast") return null;
    // Slow mode's claim is a statement of its own, on the full path: a channel without it pays nothing.
    if (channel.slowModeSeconds > 0) return null;
    // Mentions write to the mentioned members' rows, which the statement of many senders does not.
    if (input.mentionedUserIds?.length) return null;
    // The app role alone must grant the message, which reads nothing on the default matrix; a member whose channel
    // role would grant it is answered by the full path, which reads their membership.
    for (const permission of permissionsToSend(input)) {
      if (!(await deps.channels.permissions.appRoleGrants(actor, channel.type, permission))) return null;
    }
    let draft: MessageDraft = {
      actor,
      channel,
      type: "text",
      text: input.text,
      metadata: input.metadata ?? {},
      file: input.file ?? null,
      ...(input.clientMessageId ? { clientMessageId: input.clientMessageId } : {}),
    };
    try {
      await steps.check(draft);
      for (const filter of stages.filters) draft = await filter(draft);
    } catch (err) {
      if (err instanceof AppError) return null;
      throw err;
    }
    const batch = deps.channels.newBatch();
    const outboxed = await batch.wantsOutbox(actor.app.id, db);
    if (turn) {
      await turn.ready;
      // The guarded single store gives its seq at once; the line's messages still in the direct store come first.
      if (draft.shadowed) await direct.settled(channel.id);
    }
    let stored: TMessage | null;
    try {
      // A filter shadowed the message: the statement of many senders stores none such, the guarded single one does.
      if (draft.shadowed) stored = await steps.storeOne(batch, draft, ctx.clock.now(), outboxed);
      else {
        const storing = direct.store(draft, batch, outboxed);
        // Queued now, and the queue keeps a channel's messages in order: the next send of the line may take its place.
        turn?.pass();
        stored = await storing;
      }
    } catch (err) {
      if (input.clientMessageId && isUniqueViolation(err)) return null;
      throw err;
    }
    if (stored) {
      await batch.publish(deps.bus);
      await runDeferred(draft.deferred, stored, ctx.log);
    }
    return stored;
  }

  return {
    send: sendDirect,
    /** Resolves once the channel's messages queued in the direct store by now are stored or turned back. */
    settled: (channelId: string) => direct.settled(channelId),
  };
}
