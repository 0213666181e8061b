import { describe, expect, it } from "vitest";
import { useRooms, waitFor } from "./helpers";

const room = useRooms();

describe("reactions, replies and edits", () => {
  it("lets two users react, reply in a thread and edit, each change heard by the other", async () => {
    const { kim, lee, channel } = await room();
    await Promise.all([kim.connect(), lee.connect()]);
    const heard: string[] = [];
    kim.on("reaction.added", (e) => heard.push(`reaction.added ${e.userId}`));
    kim.on("message.updated", (e) => heard.push(`message.updated ${e.message?.text}`));
    kim.on("thread.updated", (e) => heard.push(`thread.updated ${e.messageId === question.id}`));
    const question = await kim.messages.send(channel.id, "lunch?");
    const reacted = await lee.messages.react(channel.id, question.id, "👍");
    expect(reacted).toMatchObject({ reactions: { "👍": 1 }, myReactions: ["👍"] });
    const reply = await lee.messages.send(channel.id, "yes", undefined, { parentMessageId: question.id });
    expect(reply.parentMessageId).toBe(question.id);
    const thread = await kim.messages.replies(channel.id, question.id);
    expect(thread.messages.map((m) => m.text)).toEqual(["yes"]);
    // A reply kept in its thread is not in the channel's history.
    expect((await kim.messages.history(channel.id)).messages.map((m) => m.text)).toEqual(["lunch?"]);
    const edited = await kim.messages.edit(channel.id, question.id, { text: "lunch at noon?" });
    expect(edited.editedAt).not.toBeNull();
    await expect(lee.messages.edit(channel.id, question.id, { text: "mine now" })).rejects.toMatchObject({
      code: "3067",
    });
    await waitFor("kim to hear all three", () => heard.length >= 3);
    expect(heard).toEqual(["reaction.added lee", "thread.updated true", "message.updated lunch at noon?"]);
    expect((await lee.messages.unreact(channel.id, question.id, "👍")).reactions).toEqual({});
  });

  it("catches up on the reactions and edits a reconnecting client missed", async () => {
    const { kim, lee, channel } = await room();
    const sent = await kim.messages.send(channel.id, "draft");
    await lee.connect();
    lee.disconnect();
    await kim.messages.react(channel.id, sent.id, "like");
    await kim.messages.edit(channel.id, sent.id, { text: "final" });
    const missed: string[] = [];
    lee.on("reaction.added", (e) => missed.push(`reaction ${e.reaction}`));
    lee.on("message.updated", (e) => missed.push(`edit ${e.message?.text}`));
    await lee.connect();
    expect(missed).toEqual(["reaction like", "edit final"]);
  });
});

/** One second of 16-bit mono WAV at 8 kHz: silence, then a tone for its second half. */
function recording(): Uint8Array {
  const samples = 8000;
  const bytes = new Uint8Array(44 + samples * 2);
  const view = new DataView(bytes.buffer);
  const text = (at: number, s: string) => new TextEncoder().encodeInto(s, bytes.subarray(at));
  text(0, "RIFF");
  view.setUint32(4, 36 + samples * 2, true);
  text(8, "WAVEfmt ");
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, 8000, true);
  view.setUint32(28, 16000, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  text(36, "data");
  view.setUint32(40, samples * 2, true);
  for (let i = samples / 2; i < samples; i++) view.setInt16(44 + i * 2, Math.round(Math.sin(i / 3) * 20_000), true);
  return bytes;
}

describe("voice messages", () => {
  it("sends a recording as a voice message that the other member hears with its length and waveform", async () => {
    const { kim, lee, channel } = await room();
    await lee.connect();
    const heard: (string | undefined)[] = [];
    lee.on("message.created", (e) => heard.push(e.message?.id));
    const sent = await kim.messages.sendFile(
      channel.id,
      { bytes: recording(), name: "voice.wav", type: "audio/wav" },
      { voice: { durationMs: 1000, waveform: [0, 0, 100, 100] } },
    );
    // A server with ffmpeg measures the audio itself; either way the figures describe this recording.
    expect(sent.file).toMatchObject({ voice: true, mimeType: "audio/wav", durationMs: 1000 });
    expect(sent.file?.waveform?.[0]).toBe(0);
    expect(sent.file?.waveform?.at(-1)).toBe(100);
    await waitFor("lee to hear the voice message", () => heard.includes(sent.id));
    const [read] = (await lee.messages.history(channel.id)).messages;
    expect(read?.file).toMatchObject({ voice: true, durationMs: 1000 });
  });

  it("refuses a voice message whose file is not audio with 3255", async () => {
    const { kim, channel } = await room();
    const notAudio = { bytes: new TextEncoder().encode("not a recording"), name: "voice.webm", type: "audio/webm" };
    await expect(kim.messages.sendFile(channel.id, notAudio, { voice: {} })).rejects.toMatchObject({ code: "3255" });
  });
});
