import { FakeClient, makeChannel, makeMessage } from "@parley/react/headless";
import type { TLinkPreview } from "@parley/sdk";
import { fireEvent, screen, waitFor, within } from "@testing-library/react-native";
import { Linking } from "react-native";
import { renderKit } from "../testing/render";
import { ChannelScreen } from "./channel-screen";
import { hostOf } from "./link-preview";

const PREVIEW: TLinkPreview = {
  url: "https://blog.example.com/launch",
  title: "We launched",
  description: "Everything new this week",
  imageUrl: "https://blog.example.com/card.png",
  siteName: "Example Blog",
};

function renderRoom(sender: string, preview: TLinkPreview, language: "en" | "ko" = "en") {
  const client = new FakeClient("kim");
  client.addChannel(makeChannel("general", { name: "General" }), {
    messages: [makeMessage("general", 1, sender, "see https://blog.example.com/launch", { linkPreview: preview })],
  });
  renderKit(<ChannelScreen channelId="general" />, { client, language });
  return client;
}

describe("Link previews", () => {
  it("shows the card under the message: site, title opening the page, description, image in a fixed box", async () => {
    renderRoom("lee", PREVIEW);
    const card = await screen.findByLabelText("Link preview: We launched");
    expect(within(card).getByText("Example Blog")).toBeOnTheScreen();
    expect(within(card).getByText("Everything new this week")).toBeOnTheScreen();
    const image = within(card).getByTestId("link-preview-image");
    expect(image).toHaveProp("source", { uri: PREVIEW.imageUrl });
    // The box has its proportions before the image loads, so the row does not grow when it does.
    expect(screen.getByTestId("link-preview-image").parent?.parent).toHaveStyle({ aspectRatio: 1.91 });

    // No browser under Jest: the platform's opener is watched, and answers as a device that opened the page.
    const openURL = jest.spyOn(Linking, "openURL").mockResolvedValue(true);
    fireEvent.press(within(card).getByRole("link", { name: "We launched" }));
    expect(openURL).toHaveBeenCalledWith(PREVIEW.url);
    // Another member's message: the card is read, not removed.
    expect(within(card).queryByRole("button", { name: "Remove link preview" })).toBeNull();
  });

  it("names the link's host when the page gives no site, and draws no image box without an image", async () => {
    renderRoom("lee", { ...PREVIEW, siteName: null, imageUrl: null, description: null });
    const card = await screen.findByLabelText("Link preview: We launched");
    expect(within(card).getByText("blog.example.com")).toBeOnTheScreen();
    expect(within(card).queryByTestId("link-preview-image")).toBeNull();
    expect(hostOf("https://user@www.example.co.kr:8443/a?b#c")).toBe("www.example.co.kr");
    expect(hostOf("not a url")).toBe("not a url");
  });

  it("lets the sender remove the card from their own message, in Korean", async () => {
    const client = renderRoom("kim", PREVIEW, "ko");
    const card = await screen.findByLabelText("링크 미리보기: We launched");
    fireEvent.press(within(card).getByRole("button", { name: "링크 미리보기 지우기" }));
    await waitFor(() =>
      expect(client.requests.filter((r) => r.name === "messages.removeLinkPreview").map((r) => r.args)).toEqual([
        ["general", "general-m1"],
      ]),
    );
    await waitFor(() => expect(screen.queryByTestId("link-preview")).toBeNull());
    expect(screen.getByText("see https://blog.example.com/launch")).toBeOnTheScreen();
  });
});
