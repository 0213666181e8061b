import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FakeClient, makeChannel, makeMessage } from "../../testing/fake-client";
import { renderKit } from "../../testing/render";
import { Channel } from "../channel/channel";
import { MessageList } from "./message-list";

describe("Reactions", () => {
  it("toggles the user's own reaction on a chip, and adds one from the picker", async () => {
    const client = new FakeClient("kim");
    const channel = makeChannel("general", { name: "General" });
    const question = makeMessage("general", 1, "lee", "Lunch?", { reactions: { "👍": 1 } });
    client.addChannel(channel, { messages: [question] });
    const { user } = renderKit(
      <Channel channel={channel}>
        <MessageList />
      </Channel>,
      { client },
    );
    const message = await screen.findByRole("article", { name: "LEE: Lunch?" });

    const chip = within(message).getByRole("button", { name: "👍 1: toggle your reaction" });
    expect(chip).toHaveAttribute("aria-pressed", "false");
    await user.click(chip);
    const mine = await within(message).findByRole("button", { name: "👍 2: toggle your reaction" });
    expect(mine).toHaveAttribute("aria-pressed", "true");
    expect(mine).toHaveClass("pk-reaction-chip", "pk-mine");

    await user.click(mine);
    expect(await within(message).findByRole("button", { name: "👍 1: toggle your reaction" })).toHaveAttribute(
      "aria-pressed",
      "false",
    );

    await user.click(within(message).getByRole("button", { name: "Add reaction" }));
    await user.click(within(message).getByRole("button", { name: "React with 🎉" }));
    expect(await within(message).findByRole("button", { name: "🎉 1: toggle your reaction" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    expect(within(message).queryByRole("button", { name: "React with 🎉" })).toBeNull();
  });

  it("follows reactions other members add", async () => {
    const client = new FakeClient("kim");
    const channel = makeChannel("general", { name: "General" });
    client.addChannel(channel, { messages: [makeMessage("general", 1, "kim", "Ship it")] });
    renderKit(
      <Channel channel={channel}>
        <MessageList />
      </Channel>,
      { client },
    );
    const message = await screen.findByRole("article", { name: "KIM: Ship it" });
    client.emit("reaction.added", {
      channelId: "general",
      messageId: "general-m1",
      userId: "lee",
      reaction: "🎉",
      reactions: { "🎉": 1 },
    } as never);
    expect(await within(message).findByRole("button", { name: "🎉 1: toggle your reaction" })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
  });
});
