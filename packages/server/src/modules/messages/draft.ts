import type { ErrorCode, ErrorData, TMessage, TMessageType } from "@parley/contract";
import { AppError } from "../../errors";
import type { Actor, ChannelMemberRow, ChannelRow } from "../channels";

/**
 * The one path every message takes: a user's, an app server's, a file's caption, a campaign's bulk send. In order:
 *
 * 1. The channel's rules (`admit`): an active sender, a member, not banned, the channel not frozen, not muted; then
 *    the text's own bounds.
 * 2. Checks, alongside 1: the app's plan and trial quota (billing). They only read, and may refuse.
 * 3. Filters: the profanity filter, which may rewrite the text or refuse it; then the app's moderation rules, which
 *    may also mark it shadowed, and leave effects (a report, a mute, a ban, their hit counts) for once the message
 *    is stored or its refusal final: `runDeferred` runs them there, once, however often the filters ran.
 * 4. Store, with the counters: the message, its `message.created` event, its outbox row and the day's metrics
 *    counters (metrics) in one statement (`store` in store.ts, or `storeMany` in store-many.ts for a bulk send; a
 *    user's plain message by the direct store of the send's fast path, direct-send.ts).
 * 5. Fan-out: once committed, the event is published on the bus; every process's gateway writes it to the sockets
 *    of the channel (gateway/fanout.ts).
 * 6. Outbox consumers, after the commit and at least once: webhooks and push, which the outbox dispatcher
 *    (chat/outbox.ts) hands the stored event to.
 * 7. Translation, for a message sent with `translationLanguages`: handed on after fan-out and done in the
 *    background, so it never delays nor fails the send. Otherwise a reader asks for it per message.
 * 8. Links: every stored message, and every edit that changed the text's first link, is handed on for its link
 *    preview, fetched in the background as translations are (the link-previews module).
 *
 * A read mark moving forward runs the `read` stage (a campaign's read receipts).
 */
export interface PipelineStages {
  /** 2: may refuse (plan and quota). */
  checks: ((draft: MessageDraft) => Promise<void>)[];
  /** 3: may rewrite or refuse (profanity, moderation rules). */
  filters: ((draft: MessageDraft) => Promise<MessageDraft>)[];
  /** After a user's read mark moved forward to `seq`; failures are logged. */
  read: ((channel: ChannelRow, chatUserId: string, seq: number, at: Date) => Promise<void>)[];
  /** 7: a stored message the sender wants in `languages`; failures are logged, never answered to the sender. */
  translate: ((appId: string, message: TMessage, request: TranslationRequest) => Promise<void>)[];
  /** 8: a stored or edited message whose link may want a preview; failures are logged, never answered. */
  links: ((appId: string, message: TMessage) => Promise<void>)[];
}

/** What a sender asked translations for, and who may hear of them (a broadcast member's message: its audience). */
export interface TranslationRequest {
  languages: string[];
  visibleTo?: string[];
  /** The text was edited: translations cached for the old text are not to be used. */
  isEdited?: boolean;
}

/** A message on its way through the pipeline, before it is stored. */
export interface MessageDraft {
  actor: Actor;
  channel: ChannelRow;
  type: TMessageType;
  text: string;
  metadata: Record<string, string>;
  file: { url: string; name: string; size: number; mimeType: string } | null;
  clientMessageId?: string;
  /** With type `custom`: the app's own kind of message. */
  customType?: string;
  /** A reply's thread, checked by `send` to be a live message of the channel that is not itself a reply. */
  parentMessageId?: string;
  showInChannel?: boolean;
  /** The sender's subchannel in a split super group: only its members get the message. */
  subchannel?: number;
  /** A broadcast channel member's message: the users it reaches (the sender and the owner). */
  visibleTo?: string[];
  /** The user IDs the message mentions. */
  mentionedUserIds?: string[];
  /**
   * Seen by its sender only: a shadow-banned sender's, or one a moderation rule shadowed. No one else is told of it by
   * any road (history, unread counts, events, push); webhooks carry it marked, for the app's server.
   */
  shadowed?: boolean;
  /** What the filters leave to do once the message is stored (see {@link runDeferred}). */
  deferred?: DeferredEffect[];
  /** With type `poll`: the poll stored with the message, by the same statement; its question is the text. */
  poll?: PollDraft;
}

/** A new poll as its message carries it to the store. */
export interface PollDraft {
  id: string;
  options: { id: string; text: string }[];
  allowsMultiple: boolean;
  anonymous: boolean;
  closesAt: Date | null;
}

/** Work a filter leaves for after the send: given the stored message, or null when the send was refused. */
export type DeferredEffect = (stored: TMessage | null) => Promise<void>;

/**
 * A filter's refusal carrying the work it leaves for once the refusal is final. The send's fast path drops it (the
 * full path runs the filters again and refuses for good), so the work runs once.
 */
export class DeferredRefusal extends AppError {
  readonly deferred: DeferredEffect[];

  constructor(code: ErrorCode, data: ErrorData, message: string, deferred: DeferredEffect[]) {
    super(code, data, message);
    this.deferred = deferred;
  }
}

/** Runs a send's deferred effects; they come after the answer is settled, so a failure is only logged. */
export async function runDeferred(
  deferred: DeferredEffect[] | undefined,
  stored: TMessage | null,
  log: { error: (obj: object, msg: string) => void },
): Promise<void> {
  for (const effect of deferred ?? []) {
    await effect(stored).catch((err: unknown) => log.error({ err }, "a filter's deferred effect failed"));
  }
}

export type MemberRow = ChannelMemberRow;

export interface SendInput {
  text: string;
  metadata?: Record<string, string>;
  file?: MessageDraft["file"];
  clientMessageId?: string | undefined;
  customType?: string | undefined;
  parentMessageId?: string | undefined;
  showInChannel?: boolean | undefined;
  mentionedUserIds?: string[] | undefined;
  translationLanguages?: string[] | undefined;
  poll?: PollDraft | undefined;
}
