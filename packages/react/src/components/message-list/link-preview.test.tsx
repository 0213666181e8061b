import type { TLinkPreview } from "@parley/sdk";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FakeClient, makeChannel, makeMessage } from "../../testing/fake-client";
import { renderKit } from "../../testing/render";
import { Channel } from "../channel/channel";
import { MessageList } from "./message-list";

const PREVIEW: TLinkPreview = {
  url: "https://blog.example.com/launch",
  title: "We launched",
  description: "Everything new this week",
  imageUrl: "https://blog.example.com/card.png",
  siteName: "Example Blog",
};

function renderRoom(client: FakeClient, channel = makeChannel("general", { name: "General" })) {
  return renderKit(
    <Channel channel={channel}>
      <MessageList />
    </Channel>,
    { client },
  );
}

describe("Link previews", () => {
  it("shows the card under the message: site, title linking to the page, description, image in a fixed box", async () => {
    const client = new FakeClient("kim");
    const channel = makeChannel("general", { name: "General" });
    client.addChannel(channel, {
      messages: [makeMessage("general", 1, "lee", "see https://blog.example.com/launch", { linkPreview: PREVIEW })],
    });
    renderRoom(client, channel);
    const card = await screen.findByRole("region", { name: "Link preview: We launched" });
    expect(within(card).getByText("Example Blog")).toBeInTheDocument();
    const title = within(card).getByRole("link", { name: "We launched" });
    expect(title).toHaveAttribute("href", PREVIEW.url);
    expect(title).toHaveAttribute("rel", "noopener noreferrer");
    expect(within(card).getByText("Everything new this week")).toBeInTheDocument();
    const image = card.querySelector("img");
    expect(image).toHaveAttribute("src", PREVIEW.imageUrl);
    expect(image?.parentElement).toHaveClass("pk-link-preview-media");
    // Another's message: the card is read, not removed.
    expect(within(card).queryByRole("button", { name: "Remove link preview" })).toBeNull();
  });

  it("names the link's host when the page gives no site, and shows no image box without an image", async () => {
    const client = new FakeClient("kim");
    const channel = makeChannel("general", { name: "General" });
    const bare = { ...PREVIEW, siteName: null, imageUrl: null, description: null };
    client.addChannel(channel, { messages: [makeMessage("general", 1, "lee", "x", { linkPreview: bare })] });
    renderRoom(client, channel);
    const card = await screen.findByRole("region", { name: "Link preview: We launched" });
    expect(within(card).getByText("blog.example.com")).toBeInTheDocument();
    expect(card.querySelector(".pk-link-preview-media")).toBeNull();
  });

  it("lets the sender remove the card from their own message", async () => {
    const client = new FakeClient("kim");
    const channel = makeChannel("general", { name: "General" });
    client.addChannel(channel, {
      messages: [makeMessage("general", 1, "kim", "see https://blog.example.com/launch", { linkPreview: PREVIEW })],
    });
    const { user } = renderRoom(client, channel);
    const card = await screen.findByRole("region", { name: "Link preview: We launched" });
    await user.click(within(card).getByRole("button", { name: "Remove link preview" }));
    expect(client.requests.at(-1)).toEqual({ name: "messages.removeLinkPreview", args: ["general", "general-m1"] });
    // The answer comes without the card, and the message shown follows it rather than keeping the card it had.
    await waitFor(() => expect(screen.queryByRole("region", { name: "Link preview: We launched" })).toBeNull());
  });

  it("reads the card and its remove button in Korean", async () => {
    const client = new FakeClient("kim");
    const channel = makeChannel("general", { name: "General" });
    client.addChannel(channel, {
      messages: [makeMessage("general", 1, "kim", "https://blog.example.com/launch", { linkPreview: PREVIEW })],
    });
    renderKit(
      <Channel channel={channel}>
        <MessageList />
      </Channel>,
      { client, language: "ko" },
    );
    const card = await screen.findByRole("region", { name: "링크 미리보기: We launched" });
    expect(within(card).getByRole("button", { name: "링크 미리보기 지우기" })).toBeInTheDocument();
  });
});
