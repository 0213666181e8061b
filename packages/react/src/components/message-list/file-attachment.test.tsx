import type { TFileInfo } from "@parley/sdk";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FakeClient, makeChannel, makeMessage } from "../../testing/fake-client";
import { renderKit } from "../../testing/render";
import { Channel } from "../channel/channel";
import { MessageList } from "./message-list";

const BASE = "https://api.example.com/files/f1";
const thumb = (size: number, format: "webp" | "jpeg", width: number, height: number) => ({
  size,
  format,
  width,
  height,
  url: `${BASE}/thumbs/${size}.${format === "webp" ? "webp" : "jpg"}`,
});
const PHOTO: TFileInfo = {
  url: `${BASE}/beach.jpg`,
  name: "beach.jpg",
  size: 120_000,
  mimeType: "image/jpeg",
  width: 1200,
  height: 1600,
  media: "ready",
  thumbnails: [
    thumb(240, "webp", 180, 240),
    thumb(240, "jpeg", 180, 240),
    thumb(720, "webp", 540, 720),
    thumb(720, "jpeg", 540, 720),
  ],
};

function renderFile(file: TFileInfo) {
  const client = new FakeClient("kim");
  const channel = makeChannel("general", { name: "General" });
  client.addChannel(channel, { messages: [makeMessage("general", 1, "lee", "", { type: "file", file })] });
  return renderKit(
    <Channel channel={channel}>
      <MessageList />
    </Channel>,
    { client },
  );
}

describe("File attachments", () => {
  it("shows an image from its thumbnails, WebP first with a JPEG fallback, sized before it loads", async () => {
    renderFile(PHOTO);
    const image = await screen.findByRole("img", { name: "beach.jpg" });
    // The element has the image's proportions from its attributes alone: no shift when the bytes arrive.
    expect(image).toHaveAttribute("width", "1200");
    expect(image).toHaveAttribute("height", "1600");
    expect(image).toHaveAttribute("src", `${BASE}/thumbs/240.jpg`);
    expect(image.getAttribute("srcset")).toBe(`${BASE}/thumbs/240.jpg 180w, ${BASE}/thumbs/720.jpg 540w`);
    const source = image.parentElement?.querySelector("source");
    expect(source).toHaveAttribute("type", "image/webp");
    expect(source?.getAttribute("srcset")).toBe(`${BASE}/thumbs/240.webp 180w, ${BASE}/thumbs/720.webp 540w`);
    const link = screen.getByTestId("image-attachment");
    expect(link).toHaveAttribute("href", PHOTO.url);
    expect(link).toHaveStyle({ aspectRatio: "1200 / 1600" });
  });

  it("holds the image's box while its thumbnails are being made", async () => {
    renderFile({ ...PHOTO, media: "pending", thumbnails: [] });
    const box = await screen.findByRole("img", { name: "Preparing beach.jpg…" });
    expect(box).toHaveStyle({ aspectRatio: "1200 / 1600" });
    expect(box.querySelector("img")).toBeNull();
  });

  it("links a file that is not an image, or an image without thumbnails, by its name", async () => {
    renderFile({ url: `${BASE}/notes.pdf`, name: "notes.pdf", size: 10, mimeType: "application/pdf" });
    expect(await screen.findByRole("link", { name: /notes\.pdf/ })).toHaveAttribute("href", `${BASE}/notes.pdf`);
    expect(screen.queryByTestId("image-attachment")).toBeNull();
  });
});
