import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FakeClient, makeChannel, makePollMessage } from "../../testing/fake-client";
import { renderKit } from "../../testing/render";
import { Channel } from "../channel/channel";
import { MessageList } from "./message-list";

function pollRoom(fields: Parameters<typeof makePollMessage>[5] = {}, creator = "lee") {
  const client = new FakeClient("kim");
  const channel = makeChannel("general", { name: "General" });
  const message = makePollMessage("general", 1, creator, "Lunch?", ["Noodles", "Rice"], fields);
  client.addChannel(channel, { messages: [message] });
  const rendered = renderKit(
    <Channel channel={channel}>
      <MessageList />
    </Channel>,
    { client },
  );
  return { ...rendered, client, message };
}

describe("PollCard", () => {
  it("shows the question and each option with its count, and votes with a click, the choice pressed", async () => {
    const { client, user } = pollRoom();
    const poll = await screen.findByRole("group", { name: "Lunch?" });
    expect(within(poll).getByText("0 voters · Choose one")).toBeInTheDocument();
    const rice = within(poll).getByRole("button", { name: "Rice: 0 votes" });
    expect(rice).toHaveAttribute("aria-pressed", "false");
    await user.click(rice);
    const chosen = await within(poll).findByRole("button", { name: "Rice: 1 vote" });
    expect(chosen).toHaveAttribute("aria-pressed", "true");
    expect(within(poll).getByText("1 voter · Choose one")).toBeInTheDocument();
    expect(client.requests.filter((r) => r.name === "polls.vote").map((r) => r.args)).toEqual([
      ["general", "general-m1-poll", ["2"]],
    ]);
    // A single-choice poll: the other option replaces the choice.
    await user.click(within(poll).getByRole("button", { name: "Noodles: 0 votes" }));
    expect(await within(poll).findByRole("button", { name: "Noodles: 1 vote" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    expect(within(poll).getByRole("button", { name: "Rice: 0 votes" })).toHaveAttribute("aria-pressed", "false");
  });

  it("follows the counts other members' votes bring, keeping the user's own choice", async () => {
    const { client, message } = pollRoom({ myVotes: ["1"] });
    const poll = await screen.findByRole("group", { name: "Lunch?" });
    const counted = { ...(message.poll as NonNullable<typeof message.poll>) };
    client.emit("poll.updated", {
      type: "poll.updated",
      id: "9",
      channelId: "general",
      createdAt: "2025-01-02T03:04:06.000Z",
      messageId: message.id,
      poll: {
        ...counted,
        myVotes: undefined,
        totalVoters: 3,
        options: [
          { id: "1", text: "Noodles", voteCount: 1 },
          { id: "2", text: "Rice", voteCount: 2 },
        ],
      },
    });
    expect(await within(poll).findByRole("button", { name: "Rice: 2 votes" })).toHaveAttribute("aria-pressed", "false");
    expect(within(poll).getByRole("button", { name: "Noodles: 1 vote" })).toHaveAttribute("aria-pressed", "true");
    expect(within(poll).getByText("3 voters · Choose one")).toBeInTheDocument();
  });

  it("lets its creator close it, after which its options take no vote", async () => {
    const { user } = pollRoom({}, "kim");
    const poll = await screen.findByRole("group", { name: "Lunch?" });
    await user.click(within(poll).getByRole("button", { name: "Close poll" }));
    expect(await within(poll).findByText("0 voters · Closed")).toBeInTheDocument();
    expect(within(poll).getByRole("button", { name: "Rice: 0 votes" })).toBeDisabled();
    expect(within(poll).queryByRole("button", { name: "Close poll" })).toBeNull();
  });

  it("offers no close to a member who did not create it", async () => {
    pollRoom();
    const poll = await screen.findByRole("group", { name: "Lunch?" });
    expect(within(poll).queryByRole("button", { name: "Close poll" })).toBeNull();
  });
});
