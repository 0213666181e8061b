import type { TChannel, TChatEvent, TMember, TMessage } from "@parley/contract";
import { act, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "@/i18n";
import { setSession } from "@/lib/session";
import { jsonResponse, renderWithRouter, sessionFor, stubFetch } from "@/testing/test-utils";
import { ChannelChat } from "./channel-chat";

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);
const appId = "5b0f6f0e-8a63-4a55-9b0e-1b2c3d4e5f60";
const channelId = "9d1c2b3a-4e5f-4a6b-8c7d-0e1f2a3b4c5d";
const base = `/api/apps/${appId}/channels/${channelId}`;

const idOf = (seq: number) => `00000000-0000-4000-8000-${String(seq).padStart(12, "0")}`;

function message(seq: number, text: string, extra: Partial<TMessage> = {}): TMessage {
  return {
    id: idOf(seq),
    channelId,
    seq,
    type: "text",
    text,
    sender: { userId: "alice", nickname: "Alice", profileImageUrl: "" },
    metadata: {},
    file: null,
    createdAt: "2025-03-01T09:00:00.000Z",
    reactions: {},
    editedAt: null,
    replyCount: 0,
    lastRepliedAt: null,
    ...extra,
  };
}

function member(userId: string, extra: Partial<TMember> = {}): TMember {
  return {
    userId,
    nickname: userId.toUpperCase(),
    profileImageUrl: "",
    isActive: true,
    role: "member",
    isOnline: false,
    joinedAt: "2025-03-01T00:00:00.000Z",
    mutedUntil: null,
    lastReadSeq: 0,
    ...extra,
  };
}

/** Stands in for the browser WebSocket: records frames sent and lets the test push server frames. */
class FakeWebSocket extends EventTarget {
  static instances: FakeWebSocket[] = [];
  readonly sent: { type: string; [key: string]: unknown }[] = [];
  constructor(readonly url: string) {
    super();
    FakeWebSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.dispatchEvent(new Event("close"));
  }
  receive(frame: unknown) {
    this.dispatchEvent(new MessageEvent("message", { data: JSON.stringify(frame) }));
  }
}

let eventId = 100;
const event = (fields: Omit<TChatEvent, "id" | "channelId" | "createdAt">) => ({
  type: "event",
  event: { id: String(++eventId), channelId, createdAt: "2025-03-01T10:00:00.000Z", ...fields },
});

/**
 * The dashboard API of one channel: `messages` is its history, `replies` each thread's, `pinned` the pinned ids.
 * Every request is recorded with its method.
 */
function stubChannel({
  messages,
  replies = {},
  pinned = [],
  members = [member("bob"), member("carol")],
}: {
  messages: TMessage[];
  replies?: Record<string, TMessage[]>;
  pinned?: string[];
  members?: TMember[];
}) {
  const channel: TChannel = {
    id: channelId,
    name: "General",
    imageUrl: "",
    type: "public",
    memberLimit: 100,
    requiresInviteCode: false,
    isFrozen: false,
    ownerUserId: "alice",
    memberCount: members.length,
    tags: [],
    lastMessage: null,
    createdAt: "2025-03-01T00:00:00.000Z",
    pinnedMessageIds: pinned,
  };
  const state = { pinned: [...pinned] };
  const fetchMock = stubFetch((url, init) => {
    const path = url.split("?")[0] ?? url;
    const method = init?.method ?? "GET";
    const query = new URLSearchParams(url.split("?")[1] ?? "");
    if (path === base) {
      return jsonResponse(200, {
        channel: { ...channel, pinnedMessageIds: state.pinned },
        inviteCode: "",
        subchannel: { enabled: false, minMembers: 500, maxMembers: 3000, mergeMinutes: 10 },
      });
    }
    if (path === `${base}/messages`) {
      return jsonResponse(200, { messages: query.has("after") ? [] : messages, hasMore: false });
    }
    const thread = /\/messages\/([0-9a-f-]+)\/replies$/.exec(path);
    if (thread) {
      const all = replies[thread[1] as string] ?? [];
      return jsonResponse(200, { messages: query.has("after") ? [] : all, hasMore: false });
    }
    const reaction = /\/messages\/([0-9a-f-]+)\/reactions\/(.+)$/.exec(path);
    if (reaction && method === "DELETE") {
      const target = messages.find((m) => m.id === reaction[1]) as TMessage;
      const gone = decodeURIComponent(reaction[2] as string);
      const reactions = Object.fromEntries(Object.entries(target.reactions ?? {}).filter(([key]) => key !== gone));
      return jsonResponse(200, { message: { ...target, reactions } });
    }
    if (path === `${base}/pins`) {
      return jsonResponse(200, {
        pinnedMessageIds: state.pinned,
        messages: messages.filter((m) => state.pinned.includes(m.id)),
      });
    }
    const pin = /\/pins\/([0-9a-f-]+)$/.exec(path);
    if (pin) {
      const id = pin[1] as string;
      state.pinned = method === "POST" ? [...state.pinned, id] : state.pinned.filter((p) => p !== id);
      return jsonResponse(200, { channel: { ...channel, pinnedMessageIds: state.pinned } });
    }
    if (path.endsWith("/count")) return jsonResponse(200, { count: members.length });
    if (path === `${base}/members`) return jsonResponse(200, { members, nextCursor: null });
    return jsonResponse(404, { code: "004", message: "No such route" });
  });
  const calls = (method: string, pattern: RegExp) =>
    fetchMock.mock.calls.filter(([url, init]) => (init?.method ?? "GET") === method && pattern.test(String(url)));
  return { fetchMock, calls, state };
}

async function liveSocket() {
  await waitFor(() => expect(FakeWebSocket.instances[0]).toBeDefined());
  const socket = FakeWebSocket.instances[0] as FakeWebSocket;
  act(() => socket.dispatchEvent(new Event("open")));
  act(() => socket.receive({ type: "ready", user: null, lastEventId: "7" }));
  act(() => socket.receive({ type: "subscribed", channelId }));
  await waitFor(() => expect(screen.getByTestId("socket-status")).toHaveTextContent(t("chat.status.live")));
  return socket;
}

const messageItem = async (text: string) => {
  const node = (await screen.findByText(text)).closest("[data-testid='chat-message']");
  if (!(node instanceof HTMLElement)) throw new Error(`no message "${text}"`);
  return node;
};

describe("ChannelChat message features", () => {
  beforeEach(() => {
    FakeWebSocket.instances = [];
    vi.stubGlobal("WebSocket", FakeWebSocket);
    setSession(sessionFor({ sessionToken: "dashboard-token" }));
  });

  it("shows reactions with counts, the edited mark with its time, mentions, custom and hidden messages", async () => {
    stubChannel({
      messages: [
        message(1, "nice one @bob", {
          reactions: { "👍": 3, "🎉": 1 },
          editedAt: "2025-03-01T09:30:00.000Z",
          mentionedUserIds: ["bob"],
        }),
        message(2, '{"question":"lunch?"}', { type: "custom", customType: "poll" }),
        message(3, "typing-sync", { type: "hidden" }),
      ],
    });
    renderWithRouter(<ChannelChat appId={appId} channelId={channelId} />);

    const first = await messageItem("@bob");
    const reactions = within(first).getByRole("list", { name: t("chat.reactions") });
    expect(within(reactions).getByText("👍 3")).toBeInTheDocument();
    expect(within(reactions).getByText("🎉 1")).toBeInTheDocument();
    const edited = within(first).getByTestId("edited-mark");
    expect(edited).toHaveTextContent(t("chat.edited"));
    expect(within(edited).getByText(/2025|25/).tagName).toBe("TIME");
    expect(within(first).getByText("@bob").tagName).toBe("MARK");
    expect(within(first).getByText(t("chat.mentions", { names: "@bob" }))).toBeInTheDocument();

    const custom = (await screen.findByLabelText(t("chat.customData"))).closest("[data-testid='chat-message']");
    expect(custom).toHaveTextContent(t("chat.customType", { type: "poll" }));
    expect(within(custom as HTMLElement).getByLabelText(t("chat.customData")).textContent).toBe(
      JSON.stringify({ question: "lunch?" }, null, 2),
    );
    const hidden = await messageItem("typing-sync");
    expect(within(hidden).getByText(t("chat.hidden"))).toBeInTheDocument();
  });

  it("applies edits, reactions and thread counts from the socket, and keeps thread-only replies out", async () => {
    stubChannel({ messages: [message(1, "original")] });
    renderWithRouter(<ChannelChat appId={appId} channelId={channelId} />);
    await screen.findByText("original");
    const socket = await liveSocket();

    act(() =>
      socket.receive(
        event({
          type: "message.updated",
          message: message(1, "original, edited", { editedAt: "2025-03-01T10:00:00.000Z" }),
        }),
      ),
    );
    const item = await messageItem("original, edited");
    expect(within(item).getByTestId("edited-mark")).toBeInTheDocument();

    act(() =>
      socket.receive(
        event({ type: "reaction.added", messageId: idOf(1), userId: "bob", reaction: "🔥", reactions: { "🔥": 1 } }),
      ),
    );
    expect(await within(item).findByText("🔥 1")).toBeInTheDocument();
    act(() => socket.receive(event({ type: "reaction.removed", messageId: idOf(1), reaction: "🔥", reactions: {} })));
    await waitFor(() => expect(within(item).queryByText("🔥 1")).not.toBeInTheDocument());

    act(() =>
      socket.receive(
        event({
          type: "message.created",
          message: message(2, "a reply in the thread", { parentMessageId: idOf(1), showInChannel: false }),
        }),
      ),
    );
    act(() =>
      socket.receive(
        event({ type: "thread.updated", messageId: idOf(1), replyCount: 1, lastRepliedAt: "2025-03-01T10:00:00Z" }),
      ),
    );
    expect(await within(item).findByRole("button", { name: t("chat.replyCount", { count: "1" }) })).toBeVisible();
    expect(screen.queryByText("a reply in the thread")).not.toBeInTheDocument();
    expect(screen.getAllByTestId("chat-message")).toHaveLength(1);
  });

  it("opens a thread with its parent on top, and adds and removes replies live", async () => {
    const { calls } = stubChannel({
      messages: [message(1, "parent", { replyCount: 1, lastRepliedAt: "2025-03-01T09:05:00.000Z" })],
      replies: { [idOf(1)]: [message(2, "first reply", { parentMessageId: idOf(1), showInChannel: false })] },
    });
    const { user } = renderWithRouter(<ChannelChat appId={appId} channelId={channelId} />);
    await screen.findByText("parent");
    const socket = await liveSocket();

    await user.click(screen.getByRole("button", { name: t("chat.replyCount", { count: "1" }) }));
    const panel = await screen.findByRole("region", { name: t("chat.thread") });
    expect(within(panel).getByRole("list", { name: t("chat.threadParent") })).toHaveTextContent("parent");
    const replies = within(panel).getByRole("list", { name: t("chat.threadReplies") });
    expect(await within(replies).findByText("first reply")).toBeInTheDocument();
    expect(calls("GET", new RegExp(`/messages/${idOf(1)}/replies`)).length).toBeGreaterThan(0);

    act(() =>
      socket.receive(
        event({ type: "message.created", message: message(3, "live reply", { parentMessageId: idOf(1) }) }),
      ),
    );
    expect(await within(replies).findByText("live reply")).toBeInTheDocument();
    act(() => socket.receive(event({ type: "message.deleted", messageId: idOf(2) })));
    await waitFor(() => expect(within(replies).queryByText("first reply")).not.toBeInTheDocument());

    await user.click(within(panel).getByRole("button", { name: t("chat.closeThread") }));
    expect(screen.queryByRole("region", { name: t("chat.thread") })).not.toBeInTheDocument();
  });

  it("shows pinned messages on top, pins from a message's menu and unpins from the strip", async () => {
    const { calls } = stubChannel({
      messages: [message(1, "rules of the room"), message(2, "second")],
      pinned: [idOf(1)],
    });
    const { user } = renderWithRouter(<ChannelChat appId={appId} channelId={channelId} />);
    const strip = await screen.findByRole("region", { name: t("chat.pinnedMessages") });
    expect(await within(strip).findByText("rules of the room")).toBeInTheDocument();
    expect(strip).toHaveTextContent(t("chat.pinnedCount", { count: "1" }));

    await user.click(within(await messageItem("second")).getByRole("button", { name: t("chat.messageActions") }));
    await user.click(await screen.findByRole("menuitem", { name: t("chat.pinMessage") }));
    await waitFor(() => expect(calls("POST", new RegExp(`/pins/${idOf(2)}$`))).toHaveLength(1));
    expect(await within(strip).findByText("second")).toBeInTheDocument();

    // Newest pin first: the first unpin button is the message just pinned.
    const [newest] = within(strip).getAllByRole("button", { name: t("chat.unpinNamed", { name: "Alice" }) });
    await user.click(newest as HTMLElement);
    await waitFor(() => expect(calls("DELETE", new RegExp(`/pins/${idOf(2)}$`))).toHaveLength(1));
    await waitFor(() => expect(within(strip).queryByText("second")).not.toBeInTheDocument());
  });

  it("removes a reaction for everyone after the admin confirms", async () => {
    const { calls } = stubChannel({ messages: [message(1, "spammed", { reactions: { "💩": 4, "👍": 1 } })] });
    const { user } = renderWithRouter(<ChannelChat appId={appId} channelId={channelId} />);
    const item = await messageItem("spammed");
    await user.click(within(item).getByRole("button", { name: t("chat.removeReaction", { label: "💩 4" }) }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent("💩");
    await user.click(within(dialog).getByRole("button", { name: t("chat.removeReactionAction") }));
    await waitFor(() => expect(within(item).queryByText("💩 4")).not.toBeInTheDocument());
    expect(within(item).getByText("👍 1")).toBeInTheDocument();
    expect(calls("DELETE", new RegExp(`/messages/${idOf(1)}/reactions/${encodeURIComponent("💩")}$`))).toHaveLength(1);
  });

  it("follows the members' presence and read marks live", async () => {
    stubChannel({
      messages: [message(1, "hello")],
      members: [member("bob", { isOnline: true, lastReadSeq: 1 }), member("carol")],
    });
    renderWithRouter(<ChannelChat appId={appId} channelId={channelId} />);
    const socket = await liveSocket();
    const row = async (name: string) => {
      const node = (await screen.findByText(name)).closest("li");
      if (!(node instanceof HTMLElement)) throw new Error(`no member ${name}`);
      return node;
    };
    expect(within(await row("BOB")).getByTestId("presence")).toHaveAttribute("data-online", "true");
    expect(await row("BOB")).toHaveTextContent(t("members.readUpTo", { seq: "1" }));
    expect(await row("CAROL")).toHaveTextContent(t("members.nothingRead"));
    await waitFor(() => expect(socket.sent).toContainEqual({ type: "presence.subscribe", userIds: ["bob", "carol"] }));

    act(() =>
      socket.receive({
        type: "transient",
        event: { type: "user.presence", userId: "carol", isOnline: true, lastSeenAt: null, at: "2025-03-01T10:00:00Z" },
      }),
    );
    act(() => socket.receive(event({ type: "channel.read", userId: "carol", seq: 1 })));
    await waitFor(async () =>
      expect(within(await row("CAROL")).getByTestId("presence")).toHaveAttribute("data-online", "true"),
    );
    expect(await row("CAROL")).toHaveTextContent(t("members.readUpTo", { seq: "1" }));
  });
});
