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
});
