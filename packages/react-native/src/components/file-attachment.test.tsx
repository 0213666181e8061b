import { FakeClient, makeChannel, makeMessage } from "@parley/react/headless";
import type { TFileInfo } from "@parley/sdk";
import { fireEvent, screen, within } from "@testing-library/react-native";
import { Image, Linking, PixelRatio, StyleSheet } from "react-native";
import { renderKit } from "../testing/render";
import { ChannelScreen } from "./channel-screen";
import { IMAGE_MAX_WIDTH, imageBox, pickThumbnail } from "./file-attachment";

const BASE = "https://api.example.com/files/f1";
const thumb = (size: number, format: "webp" | "jpeg", width: number, height: number) => ({
  size,
  format,
  width,
  height,
  url: `${BASE}/thumbs/${size}.${format === "webp" ? "webp" : "jpg"}`,
});
const THUMBNAILS = [
  thumb(240, "jpeg", 180, 240),
  thumb(240, "webp", 180, 240),
  thumb(720, "jpeg", 540, 720),
  thumb(720, "webp", 540, 720),
];
const PHOTO: TFileInfo = {
  url: `${BASE}/beach.jpg`,
  name: "beach.jpg",
  size: 120_000,
  mimeType: "image/jpeg",
  width: 1200,
  height: 1600,
  media: "ready",
  thumbnails: THUMBNAILS,
};

function renderFile(file: TFileInfo, language: "en" | "ko" = "en", playVoice?: (file: TFileInfo) => void) {
  const client = new FakeClient("kim");
  client.addChannel(makeChannel("general", { name: "General" }), {
    messages: [makeMessage("general", 1, "lee", "", { type: "file", file })],
  });
  return renderKit(<ChannelScreen channelId="general" />, { client, language, ...(playVoice ? { playVoice } : {}) });
}

const VOICE: TFileInfo = {
  url: "https://api.example.com/files/v1/voice.m4a",
  name: "voice.m4a",
  size: 9_000,
  mimeType: "audio/mp4",
  media: "ready",
  voice: true,
  durationMs: 12_400,
  waveform: [0, 100],
};

describe("voice messages", () => {
  it("draws the length and waveform and hands the file to the app's player, in English and Korean", async () => {
    const played: TFileInfo[] = [];
    renderFile(VOICE, "en", (file) => played.push(file));
    const voice = await screen.findByTestId("voice-message");
    fireEvent.press(within(voice).getByRole("button", { name: "Play voice message, 0:13" }));
    expect(played.map((f) => f.url)).toEqual([VOICE.url]);
    expect(within(voice).getByText("0:13")).toBeOnTheScreen();
    // The bars are hidden from screen readers (the button names the length), so the query takes hidden elements.
    const bars = screen.getAllByTestId("voice-bar", { includeHiddenElements: true });
    const heights = bars.map((bar) => StyleSheet.flatten(bar.props.style).height);
    expect(heights).toHaveLength(24);
    expect(heights.slice(0, 12).every((h) => h === 2)).toBe(true);
    expect(heights.slice(12).every((h) => h === 22)).toBe(true);
    screen.unmount();

    renderFile(VOICE, "ko");
    expect(await screen.findByRole("button", { name: "음성 메시지 재생, 0:13" })).toBeOnTheScreen();
  });

  it("opens the file in the system's player when the app gives no player", async () => {
    const openURL = jest.spyOn(Linking, "openURL").mockResolvedValue(true);
    renderFile(VOICE);
    fireEvent.press(await screen.findByRole("button", { name: "Play voice message, 0:13" }));
    expect(openURL).toHaveBeenCalledWith(VOICE.url);
    openURL.mockRestore();
  });
});

describe("pickThumbnail", () => {
  it("takes the smallest thumbnail as wide as the box's pixels, WebP at equal width, else the largest", () => {
    expect(pickThumbnail(THUMBNAILS, 160)?.url).toBe(`${BASE}/thumbs/240.webp`);
    expect(pickThumbnail(THUMBNAILS, 480)?.url).toBe(`${BASE}/thumbs/720.webp`);
    expect(pickThumbnail(THUMBNAILS, 2000)?.url).toBe(`${BASE}/thumbs/720.webp`);
    expect(pickThumbnail([thumb(240, "jpeg", 180, 240)], 480)?.url).toBe(`${BASE}/thumbs/240.jpg`);
    expect(pickThumbnail([], 100)).toBeNull();
  });

  it("sizes the box from the image's own proportions, no wider than the row allows nor than the image", () => {
    expect(imageBox(1200, 1600)).toEqual({ width: IMAGE_MAX_WIDTH, height: 320 });
    expect(imageBox(100, 50)).toEqual({ width: 100, height: 50 });
  });
});

describe("FileAttachment", () => {
  it("draws an image from the thumbnail that fits its box, the box sized before anything loads (English)", async () => {
    renderFile(PHOTO);
    const image = await screen.findByRole("image", { name: "Image: beach.jpg" });
    const box = imageBox(1200, 1600);
    const needed = box.width * PixelRatio.get();
    expect(image).toHaveProp("source", expect.objectContaining({ uri: pickThumbnail(THUMBNAILS, needed)?.url }));
    // The frame has the image's height from the message alone: the row does not grow when the bytes arrive.
    expect(screen.getByTestId("image-attachment")).toHaveStyle({ width: 240, height: 320 });
    expect(image).toHaveStyle({ width: 240, height: 320 });
  });

  it("holds the sized box with a placeholder while the thumbnails are being made (Korean)", async () => {
    renderFile({ ...PHOTO, media: "pending", thumbnails: [] }, "ko");
    const placeholder = await screen.findByRole("image", { name: "beach.jpg 준비 중…" });
    expect(placeholder).toHaveStyle({ width: 240, height: 320 });
    expect(screen.UNSAFE_queryAllByType(Image)).toHaveLength(0);
  });

  it("keeps a file that is not an image, or an image without thumbnails, as its name and size", async () => {
    renderFile({ url: `${BASE}/notes.pdf`, name: "notes.pdf", size: 2048, mimeType: "application/pdf" });
    expect(await screen.findByText("📎 notes.pdf")).toBeOnTheScreen();
    expect(screen.getByLabelText("File: notes.pdf, 2 KB")).toBeOnTheScreen();
    expect(screen.queryByTestId("image-attachment")).toBeNull();
    screen.unmount();

    renderFile({ ...PHOTO, media: "failed", thumbnails: [] }, "ko");
    const row = await screen.findByLabelText(/^파일: beach\.jpg, /);
    expect(within(row).getByText("📎 beach.jpg")).toBeOnTheScreen();
    expect(screen.queryByTestId("image-attachment")).toBeNull();
  });
});
