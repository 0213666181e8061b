import type { TFileInfo } from "@parley/sdk";
import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Language } from "../../i18n/translate";
import { FakeClient, makeChannel, makeMessage } from "../../testing/fake-client";
import { renderKit } from "../../testing/render";
import { Channel } from "../channel/channel";
import { MessageList } from "./message-list";

const VOICE: TFileInfo = {
  url: "https://api.example.com/files/v1/voice.webm",
  name: "voice.webm",
  size: 9_000,
  mimeType: "audio/webm",
  media: "ready",
  voice: true,
  durationMs: 12_400,
  waveform: [0, 50, 100, 25],
};

function renderVoice(file: TFileInfo, language: Language = "en") {
  const client = new FakeClient("kim");
  const channel = makeChannel("general", { name: "General" });
  client.addChannel(channel, { messages: [makeMessage("general", 1, "lee", "", { type: "file", file })] });
  return renderKit(
    <Channel channel={channel}>
      <MessageList />
    </Channel>,
    { client, language },
  );
}

const barHeights = () =>
  [...screen.getByTestId("voice-message").querySelectorAll<HTMLElement>(".pk-voice-bar")].map((b) => b.style.height);

describe("Voice messages", () => {
  it.each([
    ["en", "Play voice message, 0:13"],
    ["ko", "음성 메시지 재생, 0:13"],
  ] as const)("offers playing a voice message with its length, in %s", async (language, label) => {
    renderVoice(VOICE, language);
    expect(await screen.findByRole("button", { name: label })).toBeInTheDocument();
    expect(screen.getByTestId("voice-time")).toHaveTextContent("0:13");
    // The audio waits to be played: nothing is fetched for a row merely shown.
    expect(screen.getByTestId("voice-message").querySelector("audio")).toHaveAttribute("preload", "none");
  });

  it("draws the waveform's bars, each as loud as its part of the recording", async () => {
    renderVoice(VOICE);
    await screen.findByTestId("voice-message");
    const heights = barHeights();
    expect(heights).toHaveLength(32);
    expect(heights.slice(0, 8).every((h) => h === "8%")).toBe(true);
    expect(heights.slice(8, 16).every((h) => h === "50%")).toBe(true);
    expect(heights.slice(16, 24).every((h) => h === "100%")).toBe(true);
    expect(heights.slice(24).every((h) => h === "25%")).toBe(true);
  });

  it("fills the bars and counts down the time as the audio plays", async () => {
    renderVoice(VOICE);
    const audio = (await screen.findByTestId("voice-message")).querySelector("audio") as HTMLAudioElement;
    Object.defineProperty(audio, "currentTime", { value: 6.2, configurable: true });
    fireEvent.play(audio);
    fireEvent.timeUpdate(audio);
    expect(screen.getByRole("button", { name: "Pause voice message" })).toBeInTheDocument();
    expect(screen.getByTestId("voice-time")).toHaveTextContent("0:07");
    const played = screen.getByTestId("voice-message").querySelectorAll(".pk-played");
    expect(played).toHaveLength(16);
    fireEvent.ended(audio);
    expect(screen.getByTestId("voice-time")).toHaveTextContent("0:13");
    expect(screen.getByTestId("voice-message").querySelectorAll(".pk-played")).toHaveLength(0);
  });

  it("draws flat bars and takes the length from the audio when the server knew neither", async () => {
    renderVoice({ ...VOICE, durationMs: null, waveform: null });
    const audio = (await screen.findByTestId("voice-message")).querySelector("audio") as HTMLAudioElement;
    expect(new Set(barHeights())).toEqual(new Set(["8%"]));
    Object.defineProperty(audio, "duration", { value: 3.5, configurable: true });
    fireEvent.loadedMetadata(audio);
    expect(screen.getByRole("button", { name: "Play voice message, 0:04" })).toBeInTheDocument();
  });
});
