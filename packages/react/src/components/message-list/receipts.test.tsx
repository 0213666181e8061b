import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FakeClient, makeChannel, makeMember, makeMessage } from "../../testing/fake-client";
import { renderKit } from "../../testing/render";
import { Channel } from "../channel/channel";
import { MessageList } from "./message-list";

function seeded(fields: Parameters<typeof makeChannel>[1] = {}, others = ["lee"]) {
  const client = new FakeClient("kim");
  const channel = makeChannel("general", { name: "General", type: "private", ...fields });
  client.addChannel(channel, {
    members: [makeMember("kim"), ...others.map((id) => makeMember(id))],
    messages: [makeMessage("general", 1, "lee", "Morning"), makeMessage("general", 2, "kim", "Hi")],
  });
  return { client, channel };
}

async function loaded(client: FakeClient) {
  await waitFor(() => expect(client.requests.some((r) => r.name === "receipts.load")).toBe(true));
}

describe("Receipt ticks", () => {
  it("moves the user's own message from sent to delivered to read as the other member's marks arrive", async () => {
    const { client, channel } = seeded();
    renderKit(
      <Channel channel={channel}>
        <MessageList />
      </Channel>,
      { client },
    );
    const mine = await screen.findByRole("article", { name: "KIM: Hi" });
    await loaded(client);
    const sent = within(mine).getByRole("img", { name: "Sent" });
    expect(sent).toHaveAttribute("data-state", "sent");
    expect(sent.querySelectorAll("path")).toHaveLength(1);

    client.emit("channel.delivered", { channelId: "general", userId: "lee", seq: 2 } as never);
    const delivered = await within(mine).findByRole("img", { name: "Delivered" });
    expect(delivered.querySelectorAll("path")).toHaveLength(2);
    expect(delivered).not.toHaveClass("pk-receipt-read");

    client.emit("channel.read", { channelId: "general", userId: "lee", seq: 2 } as never);
    const read = await within(mine).findByRole("img", { name: "Read" });
    expect(read).toHaveClass("pk-receipt", "pk-receipt-read");
    expect(read.querySelectorAll("path")).toHaveLength(2);

    // Only the user's own messages carry a mark.
    const theirs = screen.getByRole("article", { name: "LEE: Morning" });
    expect(within(theirs).queryByTestId("receipt")).toBeNull();
  });

  it("labels the ticks in Korean", async () => {
    const { client, channel } = seeded();
    renderKit(
      <Channel channel={channel}>
        <MessageList />
      </Channel>,
      { client, language: "ko" },
    );
    const mine = await screen.findByRole("article", { name: "KIM: Hi" });
    await loaded(client);
    expect(within(mine).getByRole("img", { name: "보냄" })).toBeInTheDocument();
    client.emit("channel.delivered", { channelId: "general", userId: "lee", seq: 2 } as never);
    expect(await within(mine).findByRole("img", { name: "전달됨" })).toBeInTheDocument();
    client.emit("channel.read", { channelId: "general", userId: "lee", seq: 2 } as never);
    expect(await within(mine).findByRole("img", { name: "읽음" })).toBeInTheDocument();
  });

  it("shows the marks the members list already has when the channel opens", async () => {
    const client = new FakeClient("kim");
    const channel = makeChannel("general", { name: "General" });
    client.addChannel(channel, {
      members: [makeMember("kim"), makeMember("lee", { lastReadSeq: 1, lastDeliveredSeq: 2 })],
      messages: [makeMessage("general", 1, "kim", "First"), makeMessage("general", 2, "kim", "Second")],
    });
    renderKit(
      <Channel channel={channel}>
        <MessageList />
      </Channel>,
      { client },
    );
    const first = await screen.findByRole("article", { name: "KIM: First" });
    expect(await within(first).findByRole("img", { name: "Read" })).toBeInTheDocument();
    const second = screen.getByRole("article", { name: "KIM: Second" });
    expect(within(second).getByRole("img", { name: "Delivered" })).toBeInTheDocument();
  });

  it("stays at delivered in a group until every other member has read the message", async () => {
    const { client, channel } = seeded({ memberCount: 3 }, ["lee", "park"]);
    renderKit(
      <Channel channel={channel}>
        <MessageList />
      </Channel>,
      { client },
    );
    const mine = await screen.findByRole("article", { name: "KIM: Hi" });
    await loaded(client);
    client.emit("channel.delivered", { channelId: "general", userId: "lee", seq: 2 } as never);
    client.emit("channel.read", { channelId: "general", userId: "park", seq: 2 } as never);
    expect(await within(mine).findByRole("img", { name: "Delivered" })).toBeInTheDocument();
    client.emit("channel.read", { channelId: "general", userId: "lee", seq: 2 } as never);
    expect(await within(mine).findByRole("img", { name: "Read" })).toBeInTheDocument();
  });

  it("shows no ticks in an open channel, and does not ask for its marks", async () => {
    const { client, channel } = seeded({ type: "open" });
    renderKit(
      <Channel channel={channel}>
        <MessageList />
      </Channel>,
      { client },
    );
    const mine = await screen.findByRole("article", { name: "KIM: Hi" });
    expect(within(mine).queryByTestId("receipt")).toBeNull();
    expect(client.requests.some((r) => r.name === "receipts.load")).toBe(false);
  });
});
