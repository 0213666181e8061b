import type { TChannel, TMessage } from "@parley/contract";
import { act, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "@/i18n";
import { setSession } from "@/lib/session";
import { jsonResponse, renderWithRouter, sessionFor, stubFetch } from "@/testing/test-utils";
import { FROZEN_CHANNELS_STORAGE_KEY } from "../lib/chat-preferences";
import { ChannelChat } from "./channel-chat";

const t = (key: string) => i18n.t(key);
const appId = "5b0f6f0e-8a63-4a55-9b0e-1b2c3d4e5f60";
const channelId = "9d1c2b3a-4e5f-4a6b-8c7d-0e1f2a3b4c5d";

const channel: TChannel = {
  id: channelId,
  name: "General",
  imageUrl: "",
  type: "public",
  memberLimit: 100,
  requiresInviteCode: false,
  isFrozen: false,
  ownerUserId: "alice",
  memberCount: 2,
  tags: [],
  lastMessage: null,
  createdAt: "2025-03-01T00:00:00.000Z",
};

function message(seq: number, text: string): TMessage {
  return {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, "0")}`,
    channelId,
    seq,
    type: "text",
    text,
    sender: { userId: "alice", nickname: "Alice", profileImageUrl: "" },
    metadata: {},
    file: null,
    createdAt: "2025-03-01T09:00:00.000Z",
  };
}

/** Stands in for the browser WebSocket: records frames sent and lets the test push server frames. */
class FakeWebSocket extends EventTarget {
  static instances: FakeWebSocket[] = [];
  readonly sent: unknown[] = [];
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
  open() {
    this.dispatchEvent(new Event("open"));
  }
  receive(frame: unknown) {
    this.dispatchEvent(new MessageEvent("message", { data: JSON.stringify(frame) }));
  }
}

function stubChatApi(frozen = { value: false }) {
  const base = `/api/apps/${appId}/channels/${channelId}`;
  return stubFetch((url, init) => {
    const path = url.split("?")[0] ?? url;
    if (path === base) {
      return jsonResponse(200, {
        channel: { ...channel, isFrozen: frozen.value },
        inviteCode: "",
        subchannel: { enabled: false, minMembers: 500, maxMembers: 3000, mergeMinutes: 10 },
      });
    }
    if (path === `${base}/messages`) {
      const isCatchUp = url.includes("after=");
      return jsonResponse(200, { messages: isCatchUp ? [] : [message(1, "hello from history")], hasMore: false });
    }
    if (path === `${base}/freeze` && init?.method === "POST") {
      frozen.value = true;
      return jsonResponse(200, { channel: { ...channel, isFrozen: true } });
    }
    if (path.endsWith("/count")) return jsonResponse(200, { count: 0 });
    if (path === `${base}/members`) return jsonResponse(200, { members: [], nextCursor: null });
    return jsonResponse(404, { code: "004", message: "No such route" });
  });
}

describe("ChannelChat", () => {
  beforeEach(() => {
    FakeWebSocket.instances = [];
    vi.stubGlobal("WebSocket", FakeWebSocket);
    setSession(sessionFor({ sessionToken: "dashboard-token" }));
  });

  it("appends a message.created event from the socket without refetching", async () => {
    const fetchMock = stubChatApi();
    renderWithRouter(<ChannelChat appId={appId} channelId={channelId} />);
    expect(await screen.findByText("hello from history")).toBeInTheDocument();

    const socket = FakeWebSocket.instances[0];
    if (!socket) throw new Error("no socket opened");
    expect(socket.url).toMatch(/^ws:\/\/.+\/v1\/ws$/);
    act(() => socket.open());
    expect(socket.sent[0]).toEqual({ type: "auth", token: "dashboard-token", appId });
    act(() => socket.receive({ type: "ready", user: null, lastEventId: "7" }));
    expect(socket.sent[1]).toEqual({ type: "subscribe", channelId });
    // Live only once the server says the subscription is in effect.
    expect(screen.getByTestId("socket-status")).not.toHaveTextContent(t("chat.status.live"));
    act(() => socket.receive({ type: "subscribed", channelId }));
    await waitFor(() => expect(screen.getByTestId("socket-status")).toHaveTextContent(t("chat.status.live")));

    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).includes("after=1"))).toBe(true));
    const callsBefore = fetchMock.mock.calls.length;
    act(() =>
      socket.receive({
        type: "event",
        event: {
          id: "8",
          type: "message.created",
          channelId,
          createdAt: "2025-03-01T09:01:00.000Z",
          message: message(2, "live hello"),
        },
      }),
    );

    expect(await screen.findByText("live hello")).toBeInTheDocument();
    expect(screen.getAllByTestId("chat-message")).toHaveLength(2);
    expect(fetchMock.mock.calls.length).toBe(callsBefore);
  });

  it("keeps the frozen flag in localStorage after freezing", async () => {
    stubChatApi();
    const { user } = renderWithRouter(<ChannelChat appId={appId} channelId={channelId} />);
    const toggle = await screen.findByRole("switch", { name: t("chat.freeze") });
    await waitFor(() => expect(toggle).toBeEnabled());
    await user.click(toggle);

    await waitFor(() => expect(toggle).toBeChecked());
    expect(JSON.parse(window.localStorage.getItem(FROZEN_CHANNELS_STORAGE_KEY) ?? "{}")).toEqual({
      [channelId]: true,
    });
    expect(await screen.findByText(t("chat.frozenNotice"))).toBeInTheDocument();
  });

  describe("while the view opens and reconnects", () => {
    /**
     * A channel's messages as the server holds them, with the history call answered when the test says: `latest`
     * is the page the server read when the request arrived, `after=` pages read the messages at call time.
     */
    function stubServer(initial: TMessage[]) {
      const stored = [...initial];
      const held: (() => void)[] = [];
      let holdHistory = false;
      const base = `/api/apps/${appId}/channels/${channelId}`;
      const fetchMock = stubFetch((url) => {
        const path = url.split("?")[0] ?? url;
        const query = new URLSearchParams(url.split("?")[1] ?? "");
        if (path === base) {
          return jsonResponse(200, {
            channel,
            inviteCode: "",
            subchannel: { enabled: false, minMembers: 500, maxMembers: 3000, mergeMinutes: 10 },
          });
        }
        if (path === `${base}/messages`) {
          const after = query.get("after");
          if (after !== null) {
            return jsonResponse(200, { messages: stored.filter((m) => m.seq > Number(after)), hasMore: false });
          }
          const page = jsonResponse(200, { messages: [...stored], hasMore: false });
          if (!holdHistory) return page;
          return new Promise<Response>((resolve) => held.push(() => resolve(page)));
        }
        if (path.endsWith("/count")) return jsonResponse(200, { count: 0 });
        if (path === `${base}/members`) return jsonResponse(200, { members: [], nextCursor: null });
        return jsonResponse(404, { code: "004", message: "No such route" });
      });
      return {
        fetchMock,
        stored,
        holdHistory: () => {
          holdHistory = true;
        },
        releaseHistory: () => {
          for (const release of held.splice(0)) release();
        },
        historyCalls: () => fetchMock.mock.calls.filter(([url]) => String(url).split("?")[0] === `${base}/messages`),
      };
    }

    const created = (m: TMessage) => ({
      type: "event",
      event: { id: String(100 + m.seq), type: "message.created", channelId, createdAt: m.createdAt, message: m },
    });

    async function subscribedSocket(index = 0) {
      await waitFor(() => expect(FakeWebSocket.instances[index]).toBeDefined());
      const socket = FakeWebSocket.instances[index] as FakeWebSocket;
      act(() => socket.open());
      act(() => socket.receive({ type: "ready", user: null, lastEventId: "7" }));
      act(() => socket.receive({ type: "subscribed", channelId }));
      return socket;
    }

    const texts = () => screen.getAllByTestId("chat-message").map((node) => node.textContent ?? "");

    it("shows a message sent after the subscription but before the history answered exactly once", async () => {
      const server = stubServer([message(1, "before the view opened")]);
      server.holdHistory();
      renderWithRouter(<ChannelChat appId={appId} channelId={channelId} />);
      const socket = await subscribedSocket();
      // The server read the page before this message was sent; the page is still on its way.
      act(() => socket.receive(created(message(2, "sent in the window"))));
      server.stored.push(message(2, "sent in the window"));
      server.releaseHistory();

      expect(await screen.findByText("sent in the window")).toBeInTheDocument();
      expect(await screen.findByText("before the view opened")).toBeInTheDocument();
      await waitFor(() => expect(texts()).toHaveLength(2));
      expect(texts()[0]).toContain("before the view opened");
      expect(texts()[1]).toContain("sent in the window");
    });

    it("catches up by seq when a message was sent after the history was read but before the subscription", async () => {
      const server = stubServer([message(1, "first")]);
      renderWithRouter(<ChannelChat appId={appId} channelId={channelId} />);
      expect(await screen.findByText("first")).toBeInTheDocument();
      // Sent while the subscription was on its way: no event will come for it.
      server.stored.push(message(2, "between history and subscription"));
      await subscribedSocket();
      expect(await screen.findByText("between history and subscription")).toBeInTheDocument();
      expect(server.historyCalls().some(([url]) => String(url).includes("after=1"))).toBe(true);
      expect(texts()).toHaveLength(2);
    });

    it("does not bring back a message deleted while the history was loading", async () => {
      const server = stubServer([message(1, "kept"), message(2, "deleted meanwhile")]);
      server.holdHistory();
      renderWithRouter(<ChannelChat appId={appId} channelId={channelId} />);
      const socket = await subscribedSocket();
      const deleted = message(2, "deleted meanwhile");
      act(() =>
        socket.receive({
          type: "event",
          event: { id: "200", type: "message.deleted", channelId, createdAt: deleted.createdAt, messageId: deleted.id },
        }),
      );
      server.releaseHistory();
      expect(await screen.findByText("kept")).toBeInTheDocument();
      await waitFor(() => expect(server.historyCalls().length).toBeGreaterThanOrEqual(2));
      expect(screen.queryByText("deleted meanwhile")).not.toBeInTheDocument();
    });

    it("shows the messages sent while the socket was down once it has subscribed again", async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      try {
        const server = stubServer([message(1, "first")]);
        renderWithRouter(<ChannelChat appId={appId} channelId={channelId} />);
        expect(await screen.findByText("first")).toBeInTheDocument();
        const socket = await subscribedSocket();
        await waitFor(() => expect(screen.getByTestId("socket-status")).toHaveTextContent(t("chat.status.live")));

        act(() => socket.close());
        expect(screen.getByTestId("socket-status")).toHaveTextContent(t("chat.status.reconnecting"));
        server.stored.push(message(2, "while disconnected"), message(3, "also while disconnected"));
        await act(() => vi.advanceTimersByTimeAsync(1000));
        await subscribedSocket(1);

        expect(await screen.findByText("also while disconnected")).toBeInTheDocument();
        expect(texts()).toHaveLength(3);
        expect(screen.getByTestId("socket-status")).toHaveTextContent(t("chat.status.live"));
      } finally {
        vi.useRealTimers();
      }
    });
  });
});

describe("ChannelChat in a super group with subchannels", () => {
  beforeEach(() => {
    FakeWebSocket.instances = [];
    vi.stubGlobal("WebSocket", FakeWebSocket);
    setSession(sessionFor({ sessionToken: "dashboard-token" }));
  });

  function stubSplitChannel() {
    const base = `/api/apps/${appId}/channels/${channelId}`;
    return stubFetch((url) => {
      const path = url.split("?")[0] ?? url;
      if (path === base) {
        return jsonResponse(200, {
          channel: { ...channel, type: "supergroup", memberLimit: null, memberCount: 3400 },
          inviteCode: "",
          subchannel: { enabled: true, minMembers: 500, maxMembers: 3000, mergeMinutes: 10 },
        });
      }
      if (path === `${base}/subchannels`) {
        return jsonResponse(200, {
          mine: null,
          subchannels: [
            { number: 1, memberCount: 3000 },
            { number: 2, memberCount: 400 },
          ],
        });
      }
      if (path === `${base}/messages`) {
        const room = new URLSearchParams(url.split("?")[1] ?? "").get("subchannel");
        return jsonResponse(200, { messages: [message(1, `history of ${room ?? "all"}`)], hasMore: false });
      }
      if (path.endsWith("/count")) return jsonResponse(200, { count: 0 });
      if (path === `${base}/members`) return jsonResponse(200, { members: [], nextCursor: null });
      return jsonResponse(404, { code: "004", message: "No such route" });
    });
  }

  it("shows how the members are spread and lets the admin pick a subchannel to watch", async () => {
    stubSplitChannel();
    const onSubchannelChange = vi.fn();
    const { user } = renderWithRouter(
      <ChannelChat appId={appId} channelId={channelId} onSubchannelChange={onSubchannelChange} />,
    );
    expect(await screen.findByText("history of all")).toBeInTheDocument();
    const distribution = await screen.findByRole("list", {
      name: i18n.t("chat.subchannel.distribution", { count: 2 }),
    });
    expect(distribution).toHaveTextContent("#1 · 3,000");
    expect(distribution).toHaveTextContent("#2 · 400");

    await user.click(screen.getByRole("combobox", { name: t("chat.subchannel.label") }));
    await user.click(
      await screen.findByRole("option", { name: i18n.t("chat.subchannel.option", { number: 2, members: "400" }) }),
    );
    expect(onSubchannelChange).toHaveBeenCalledWith(2);
  });

  it("reads and subscribes to the watched subchannel only, and follows it when it merges into another", async () => {
    stubSplitChannel();
    const onSubchannelChange = vi.fn();
    renderWithRouter(
      <ChannelChat appId={appId} channelId={channelId} subchannel={2} onSubchannelChange={onSubchannelChange} />,
    );
    expect(await screen.findByText("history of 2")).toBeInTheDocument();
    const socket = FakeWebSocket.instances[0];
    if (!socket) throw new Error("no socket opened");
    act(() => socket.open());
    act(() => socket.receive({ type: "ready", user: null, lastEventId: "7" }));
    expect(socket.sent[1]).toEqual({ type: "subscribe", channelId, subchannel: 2 });
    act(() =>
      socket.receive({
        type: "event",
        event: {
          id: "8",
          type: "message.created",
          channelId,
          createdAt: "2025-03-01T09:01:00.000Z",
          message: { ...message(2, "in room two"), subchannel: 2 },
        },
      }),
    );
    const live = await screen.findByText("in room two");
    expect(live.closest("[data-testid='chat-message']")).toHaveTextContent("#2");
    act(() =>
      socket.receive({
        type: "event",
        event: {
          id: "9",
          type: "subchannels.changed",
          channelId,
          createdAt: "2025-03-01T10:00:00.000Z",
          merge: { from: 2, into: 1 },
        },
      }),
    );
    expect(onSubchannelChange).toHaveBeenCalledWith(1);
  });
});
