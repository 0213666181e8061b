import { describe, expect, it } from "vitest";
import { Emitter } from "../src/emitter";
import { UnreadApi } from "../src/unread";

/** Lee's unread counts, with a channel the server said had nothing unread. */
function tracker() {
  const emitter = new Emitter();
  const unread = new UnreadApi(
    emitter,
    () => "lee",
    async () => ({ unreadCount: 0, unreadMentionCount: 0, channels: 0 }),
  );
  unread.seen([{ id: "general", type: "group", unreadCount: 0, unreadMentionCount: 0 } as never]);
  const heard = (seq: number, mentionedUserIds?: string[]) =>
    emitter.emit("message.created", {
      id: String(seq),
      type: "message.created",
      channelId: "general",
      createdAt: "2026-12-06T12:00:00.000Z",
      message: { id: `m${seq}`, seq, type: "text", text: "hi", sender: { userId: "kim" }, mentionedUserIds },
    } as never);
  const readEvent = (seq: number) =>
    emitter.emit("channel.read", {
      id: "r",
      type: "channel.read",
      channelId: "general",
      createdAt: "2026-12-06T12:00:00.000Z",
      userId: "lee",
      seq,
    } as never);
  return { unread, heard, readEvent };
}

describe("unread counts and read marks", () => {
  it("keeps a message heard after the position a read was marked at counted", () => {
    const { unread, heard } = tracker();
    heard(3);
    heard(4, ["lee"]);
    heard(5);
    unread.read("general", 3);
    expect(unread.of("general")).toEqual({ unreadCount: 2, unreadMentionCount: 1 });
    unread.read("general", 5);
    expect(unread.of("general")).toEqual({ unreadCount: 0, unreadMentionCount: 0 });
  });

  it("moves the count by the user's own read event as far as its position, and clears it all with none", () => {
    const { unread, heard, readEvent } = tracker();
    heard(7);
    heard(8);
    readEvent(7);
    expect(unread.of("general")).toEqual({ unreadCount: 1, unreadMentionCount: 0 });
    heard(9);
    unread.read("general");
    expect(unread.of("general")).toEqual({ unreadCount: 0, unreadMentionCount: 0 });
  });
});
