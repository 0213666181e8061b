import type { TMessage } from "@parley/sdk";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { FakeClient, makeChannel, makeMember, makeMessage } from "../../testing/fake-client";
import { renderKit } from "../../testing/render";
import { Channel } from "../channel/channel";
import { ESTIMATED_ROW_PX, MessageList, MessageListView } from "./message-list";

const HISTORY = 10_000;

function history(channelId: string, count: number): TMessage[] {
  return Array.from({ length: count }, (_, i) =>
    makeMessage(channelId, i + 1, i % 2 === 0 ? "lee" : "kim", `message ${i + 1}`),
  );
}

const drawnIds = () => [...document.querySelectorAll<HTMLElement>(".pk-message-row")].map((row) => row.dataset.id);
const actions = { toggleReaction: () => {}, edit: async () => {}, remove: () => {} };

describe("MessageList", () => {
  it("draws only the rows near the view out of 10,000 messages, starting at the newest", () => {
    const messages = history("big", HISTORY);
    renderKit(
      <MessageListView
        messages={messages}
        loading={false}
        hasOlder={false}
        onLoadOlder={async () => {}}
        actions={actions}
        names={new Map()}
        members={[]}
        label="Messages"
        empty="None"
      />,
    );

    const drawn = screen.getAllByTestId("message");
    expect(drawn.length).toBeGreaterThan(5);
    expect(drawn.length).toBeLessThan(40);
    expect(screen.getByText("message 10000")).toBeInTheDocument();
    expect(screen.queryByText("message 1")).toBeNull();
    // The scrolled height stands for every message, drawn or not.
    const body = document.querySelector<HTMLElement>(".pk-message-list-body");
    expect(body?.style.height).toBe(`${HISTORY * ESTIMATED_ROW_PX}px`);
  });

  it("draws the rows of wherever the list is scrolled to", () => {
    renderKit(
      <MessageListView
        messages={history("big", HISTORY)}
        loading={false}
        hasOlder={false}
        onLoadOlder={async () => {}}
        actions={actions}
        names={new Map()}
        members={[]}
        label="Messages"
        empty="None"
      />,
    );
    const list = screen.getByRole("region", { name: "Messages" });
    list.scrollTop = 5000 * ESTIMATED_ROW_PX;
    fireEvent.scroll(list);

    expect(screen.getByText("message 5001")).toBeInTheDocument();
    expect(screen.queryByText("message 10000")).toBeNull();
    expect(drawnIds().length).toBeLessThan(50);
  });

  it("asks for older messages when scrolled to the top, keeping the first visible message in place", async () => {
    const client = new FakeClient("kim");
    const channel = makeChannel("big", { name: "Big" });
    client.addChannel(channel, { messages: history("big", HISTORY), members: [makeMember("kim"), makeMember("lee")] });
    const history$ = vi.spyOn(client.messages, "history");
    renderKit(
      <Channel channel={channel}>
        <MessageList />
      </Channel>,
      { client },
    );

    await screen.findByText("message 10000");
    const list = screen.getByRole("region", { name: "Messages in Big" });
    const firstLoaded = "big-m9971";

    // The user scrolls to the very top: the oldest loaded message is the first one visible, at the top edge.
    list.scrollTop = 0;
    fireEvent.scroll(list);

    await waitFor(() => expect(history$).toHaveBeenCalledWith("big", { limit: 30, before: 9971 }));
    // Thirty older messages were added above it, and the list moved down by their height: it stays in place.
    await waitFor(() => expect(list.scrollTop).toBe(30 * ESTIMATED_ROW_PX));
    expect(drawnIds()).toContain(firstLoaded);
    expect(screen.getByText("message 9971")).toBeInTheDocument();
  });

  it("follows new messages while the user reads the newest ones", async () => {
    const client = new FakeClient("kim");
    const channel = makeChannel("live", { name: "Live" });
    client.addChannel(channel, { messages: history("live", 40) });
    renderKit(
      <Channel channel={channel}>
        <MessageList />
      </Channel>,
      { client },
    );
    await screen.findByText("message 40");
    const list = screen.getByRole("region", { name: "Messages in Live" });
    const bottomBefore = list.scrollTop;

    client.emit("message.created", { channelId: "live", message: makeMessage("live", 41, "lee", "fresh") } as never);
    expect(await screen.findByText("fresh")).toBeInTheDocument();
    await waitFor(() => expect(list.scrollTop).toBe(bottomBefore + ESTIMATED_ROW_PX));
  });
});
