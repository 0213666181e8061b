import { FakeClient, makeChannel, makeMember, makeMessage } from "@parley/react/headless";
import type { ParleyEventMap } from "@parley/sdk";
import { act, screen, waitFor, within } from "@testing-library/react-native";
import { renderKit } from "../testing/render";
import { ChannelScreen } from "./channel-screen";
import { ThreadScreen } from "./thread-screen";

function seeded(type: "public" | "open" = "public", others = ["lee"]) {
  const client = new FakeClient("kim");
  client.addChannel(makeChannel("general", { name: "General", type, memberCount: others.length + 1 }), {
    members: [makeMember("kim"), ...others.map((id) => makeMember(id))],
    messages: [makeMessage("general", 1, "lee", "Morning"), makeMessage("general", 2, "kim", "Hi")],
  });
  return client;
}

function rowOf(text: string) {
  const row = screen.getAllByTestId("message-row").find((r) => within(r).queryByText(text));
  if (!row) throw new Error(`no row shows ${text}`);
  return row;
}

const mark = (client: FakeClient, type: "channel.delivered" | "channel.read", userId: string, seq: number) =>
  act(() => client.emit(type, { type, channelId: "general", userId, seq } as ParleyEventMap["channel.read"]));

describe.each([
  ["en", { sent: "Sent", delivered: "Delivered", read: "Read" }],
  ["ko", { sent: "보냄", delivered: "전달됨", read: "읽음" }],
] as const)("Receipts (%s)", (language, words) => {
  it("move the user's own message from sent to delivered to read as the other member's marks arrive", async () => {
    const client = seeded();
    renderKit(<ChannelScreen channelId="general" />, { client, language });
    await screen.findByText("Hi");
    await waitFor(() => expect(client.requests.some((r) => r.name === "receipts.load")).toBe(true));
    const sent = await within(rowOf("Hi")).findByRole("image", { name: words.sent });
    expect(sent).toHaveTextContent("✓");

    mark(client, "channel.delivered", "lee", 2);
    expect(await within(rowOf("Hi")).findByRole("image", { name: words.delivered })).toHaveTextContent("✓✓");

    mark(client, "channel.read", "lee", 2);
    expect(await within(rowOf("Hi")).findByRole("image", { name: words.read })).toHaveTextContent("✓✓");
    // Only the user's own messages carry a mark.
    expect(within(rowOf("Morning")).queryByTestId("receipt")).toBeNull();
  });
});

describe("Receipts", () => {
  it("stay at delivered in a group until every other member has read the message", async () => {
    const client = seeded("public", ["lee", "park"]);
    renderKit(<ChannelScreen channelId="general" />, { client });
    await screen.findByText("Hi");
    await waitFor(() => expect(client.requests.some((r) => r.name === "receipts.load")).toBe(true));
    mark(client, "channel.delivered", "lee", 2);
    mark(client, "channel.read", "park", 2);
    expect(await within(rowOf("Hi")).findByRole("image", { name: "Delivered" })).toBeOnTheScreen();
    mark(client, "channel.read", "lee", 2);
    expect(await within(rowOf("Hi")).findByRole("image", { name: "Read" })).toBeOnTheScreen();
  });

  it("are not shown, nor asked for, in an open channel", async () => {
    const client = seeded("open");
    renderKit(<ChannelScreen channelId="general" />, { client });
    await screen.findByText("Hi");
    // The header's title comes from the channel's record, which tells the screen the channel is open.
    await screen.findByText("General");
    expect(screen.queryByTestId("receipt")).toBeNull();
    expect(client.requests.some((r) => r.name === "receipts.load")).toBe(false);
  });

  it("mark the user's own replies in a thread", async () => {
    const client = new FakeClient("kim");
    const parent = makeMessage("general", 1, "lee", "Lunch?");
    client.addChannel(makeChannel("general", { name: "General" }), {
      members: [makeMember("kim"), makeMember("lee")],
      messages: [
        parent,
        makeMessage("general", 2, "kim", "Noodles", { parentMessageId: parent.id }),
        makeMessage("general", 3, "lee", "Rice", { parentMessageId: parent.id }),
      ],
    });
    renderKit(<ThreadScreen channelId="general" parentId={parent.id} parent={parent} />, { client, language: "ko" });
    await screen.findByText("Noodles");
    expect(await within(rowOf("Noodles")).findByRole("image", { name: "보냄" })).toBeOnTheScreen();
    mark(client, "channel.read", "lee", 2);
    expect(await within(rowOf("Noodles")).findByRole("image", { name: "읽음" })).toBeOnTheScreen();
    expect(within(rowOf("Rice")).queryByTestId("receipt")).toBeNull();
  });
});
