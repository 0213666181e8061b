import {
  CALL_WEBHOOK_EVENTS,
  type TAnyWebhookPayload,
  type TCall,
  type TCallWebhookEvent,
  type TCallWebhookPayload,
  type TChannel,
  type TChatEvent,
  type TChatEventType,
  type TMessage,
  type TReportWebhookPayload,
  type TWebhookEvent,
  type TWebhookPayload,
} from "@parley/contract";

const CHANNEL_ID = "7d0e4c1a-3b5f-4f2e-9a61-2c8b9e0d4f17";

/**
 * The chat event of each type as the pipeline records it, filled with sample values: the sample endpoint and test
 * sends use it, so a receiver can be built against exactly what real deliveries carry.
 */
export function sampleEvent(type: TChatEventType, at: Date): TChatEvent {
  const createdAt = at.toISOString();
  const message: TMessage = {
    id: "c3a9f2d4-6e1b-4a7c-8d05-91f3b2e6a8c0",
    channelId: CHANNEL_ID,
    seq: 42,
    type: "text",
    text: "See you at the stand-up at 10!",
    sender: {
      userId: "jisoo",
      nickname: "Jisoo",
      profileImageUrl: "https://images.example.com/users/jisoo.png",
    },
    metadata: { clientMessageId: "m-20260302-0042" },
    file: null,
    createdAt,
    reactions: {},
    editedAt: null,
    replyCount: 0,
    lastRepliedAt: null,
  };
  const channel: TChannel = {
    id: CHANNEL_ID,
    name: "Product team",
    imageUrl: "https://images.example.com/channels/product.png",
    type: "public",
    memberLimit: 100,
    requiresInviteCode: false,
    isFrozen: false,
    ownerUserId: "jisoo",
    memberCount: 12,
    tags: [{ id: "5b1f0a7e-2c4d-4e8f-a3b6-0d9c1e2f3a4b", tag: "team" }],
    lastMessage: message,
    createdAt,
    data: { topic: "weekly sync" },
    hideMessagesBeforeJoin: false,
    isDistinct: false,
    pinnedMessageIds: [message.id],
    slowModeSeconds: 0,
  };
  const base = { id: "1024", type, channelId: CHANNEL_ID, createdAt };
  switch (type) {
    case "message.created":
      return { ...base, message };
    case "message.deleted":
      return { ...base, messageId: message.id };
    case "member.muted":
      return { ...base, userId: "minho", mutedUntil: new Date(at.getTime() + 30 * 60_000).toISOString() };
    case "member.unmuted":
      return { ...base, userId: "minho", mutedUntil: null };
    case "member.joined":
    case "member.left":
    case "member.banned":
    case "member.unbanned":
      return { ...base, userId: "minho" };
    case "channel.created":
      return { ...base, channel: { ...channel, memberCount: 1, lastMessage: null } };
    case "channel.changed":
      return { ...base, channel };
    case "channel.deleted":
    case "channel.frozen":
    case "channel.unfrozen":
      return base;
    case "subchannels.changed":
      return { ...base, merge: { from: 3, into: 1 } };
    case "message.updated":
      return { ...base, message: { ...message, text: "See you at the stand-up at 10:30!", editedAt: createdAt } };
    case "reaction.added":
      return { ...base, messageId: message.id, userId: "minho", reaction: "👍", reactions: { "👍": 3, like: 1 } };
    case "reaction.removed":
      return { ...base, messageId: message.id, userId: "minho", reaction: "👍", reactions: { "👍": 2, like: 1 } };
    case "thread.updated":
      return { ...base, messageId: message.id, replyCount: 4, lastRepliedAt: createdAt };
    case "channel.read":
      return { ...base, userId: "minho", seq: 42 };
    case "channel.delivered":
      return { ...base, userId: "minho", seq: 43 };
    case "message.pinned":
      return { ...base, messageId: message.id, channel };
    case "message.unpinned":
      return { ...base, messageId: message.id, channel: { ...channel, pinnedMessageIds: [] } };
    case "poll.updated":
      return {
        ...base,
        messageId: "5b7e2a90-1c4d-4f8e-b3a6-0d9c8e7f6a21",
        poll: {
          id: "e2f1c0b9-8a7d-4c6e-9f5a-4b3c2d1e0f98",
          messageId: "5b7e2a90-1c4d-4f8e-b3a6-0d9c8e7f6a21",
          question: "Where shall we eat on Friday?",
          options: [
            { id: "1", text: "Noodles", voteCount: 3 },
            { id: "2", text: "Bibimbap", voteCount: 5 },
          ],
          allowsMultiple: false,
          anonymous: false,
          closesAt: null,
          closedAt: null,
          totalVoters: 8,
          createdBy: "jisoo",
        },
      };
  }
}

/** The body of a delivery: the Standard Webhooks envelope around a chat event. */
export function payloadOf(appId: string, event: TChatEvent): TWebhookPayload {
  return { type: event.type, timestamp: event.createdAt, data: { appId, event } };
}

/** A call's delivery body: the envelope around the call as it is at the event. */
export function callPayloadOf(appId: string, type: TCallWebhookEvent, call: TCall, at: Date): TCallWebhookPayload {
  return { type, timestamp: at.toISOString(), data: { appId, call } };
}

const isCallEvent = (type: TWebhookEvent): type is TCallWebhookEvent =>
  (CALL_WEBHOOK_EVENTS as readonly string[]).includes(type);

/** A call of each webhook event as the calls module records it, with sample values. */
export function sampleCall(type: TCallWebhookEvent, at: Date): TCall {
  const started = new Date(at.getTime() - 5 * 60_000);
  const base: TCall = {
    id: "9b2f6c1e-4d3a-4e8b-a7f0-3c5d2e1b0a94",
    kind: "video",
    state: "ringing",
    callerId: "jisoo",
    calleeId: "minho",
    createdAt: started.toISOString(),
    acceptedAt: null,
    endedAt: null,
    durationSeconds: null,
    endReason: null,
    endedBy: null,
  };
  switch (type) {
    case "call.started":
      return { ...base, createdAt: at.toISOString() };
    case "call.ended":
      return {
        ...base,
        state: "ended",
        acceptedAt: new Date(started.getTime() + 8_000).toISOString(),
        endedAt: at.toISOString(),
        durationSeconds: 292,
        endReason: "hangup",
        endedBy: "minho",
      };
    case "call.missed":
      return { ...base, state: "missed", endedAt: at.toISOString(), endReason: "missed" };
  }
}

/** A report of a message as the report queue records it, with sample values. */
export function sampleReportPayload(appId: string, at: Date): TReportWebhookPayload {
  const reportedAt = at.toISOString();
  const event = sampleEvent("message.created", at);
  const message = (event.type === "message.created" && event.message) || null;
  const targetId = "5e8a1c2f-7b3d-4c9e-a0f4-6d2b8e1c3a57";
  return {
    type: "report.created",
    timestamp: reportedAt,
    data: {
      appId,
      report: {
        id: "0f4b7d2e-9c1a-4e6f-b3d8-a5c2e7f1b904",
        targetId,
        reporterId: "minho",
        reason: "spam",
        description: "Posts the same link in every channel",
        createdAt: reportedAt,
      },
      target: {
        id: targetId,
        kind: "message",
        status: "open",
        channelId: CHANNEL_ID,
        channelName: "Team",
        messageId: message?.id ?? null,
        userId: "jisoo",
        userNickname: "Jisoo",
        message,
        reportCount: 1,
        reasons: [{ reason: "spam", count: 1 }],
        hidden: false,
        firstReportedAt: reportedAt,
        lastReportedAt: reportedAt,
        resolution: null,
      },
    },
  };
}

/** The sample body of any webhook event, for the sample endpoint and test sends. */
export function samplePayload(appId: string, type: TWebhookEvent, at: Date): TAnyWebhookPayload {
  if (type === "report.created") return sampleReportPayload(appId, at);
  return isCallEvent(type)
    ? callPayloadOf(appId, type, sampleCall(type, at), at)
    : payloadOf(appId, sampleEvent(type, at));
}
