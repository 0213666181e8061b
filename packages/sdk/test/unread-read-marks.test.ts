import { describe, expect, it } from "vitest";
import { Emitter } from "../src/emitter";
import { UnreadApi } from "../src/unread";

/**
 * Lee's unread counts, with a channel the server said had `unreadCount` unread (`unreadMentionCount` of them
 * mentions) up to its newest message at `lastSeq`.
 */
function tracker(server = { unreadCount: 0, unreadMentionCount: 0, lastSeq: 0 }) {
  const emitter = new Emitter();
  const unread = new UnreadApi(
    emitter,
    () => "lee",
    async () => ({ unreadCount: 0, unreadMentionCount: 0, channels: 0 }),
  );
  const { lastSeq, ...counts } = server;
  unread.seen([
    { id: "general", type: "group", ...counts, lastMessage: lastSeq === 0 ? null : { seq: lastSeq } } as never,
  ]);
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

  it("keeps of the server's count no more than the messages after a mark below the newest it counted", () => {
    const { unread, heard } = tracker({ unreadCount: 4, unreadMentionCount: 2, lastSeq: 10 });
    heard(11);
    unread.read("general", 8);
    // Of the four counted up to seq 10, at most two (9 and 10) are after the mark; 11 was heard after it.
    expect(unread.of("general")).toEqual({ unreadCount: 3, unreadMentionCount: 2 });
    unread.read("general", 10);
    expect(unread.of("general")).toEqual({ unreadCount: 1, unreadMentionCount: 0 });
    unread.read("general", 11);
    expect(unread.of("general")).toEqual({ unreadCount: 0, unreadMentionCount: 0 });
  });

  it("keeps counting a channel heard from at length and never read, and clears it at a read", () => {
    const { unread, heard } = tracker({ unreadCount: 2, unreadMentionCount: 0, lastSeq: 2 });
    for (let seq = 3; seq <= 1_202; seq++) heard(seq, seq % 100 === 0 ? ["lee"] : undefined);
    expect(unread.of("general")).toEqual({ unreadCount: 1_202, unreadMentionCount: 12 });
    unread.read("general", 1_200);
    expect(unread.of("general")).toEqual({ unreadCount: 2, unreadMentionCount: 0 });
    unread.read("general", 1_202);
    expect(unread.of("general")).toEqual({ unreadCount: 0, unreadMentionCount: 0 });
  });
});
