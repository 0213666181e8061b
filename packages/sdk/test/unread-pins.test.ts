import { describe, expect, it } from "vitest";
import { useRooms, waitFor } from "./helpers";

const room = useRooms();

describe("unread counts", () => {
  it("counts the others' messages and mentions from events, and clears them when the user reads", async () => {
    const { kim, lee, channel } = await room();
    await Promise.all([kim.connect(), lee.connect()]);
    await lee.channels.list();
    expect(lee.unread.of(channel.id)).toEqual({ unreadCount: 0, unreadMentionCount: 0 });
    expect(await lee.unread.refresh()).toEqual({ unreadCount: 0, unreadMentionCount: 0 });
    await kim.messages.send(channel.id, "hello");
    await kim.messages.send(channel.id, "@lee look", undefined, { mentionedUserIds: ["lee"] });
    await lee.messages.send(channel.id, "mine does not count");
    await waitFor("two unread", () => lee.unread.of(channel.id)?.unreadCount === 2);
    expect(lee.unread.of(channel.id)).toEqual({ unreadCount: 2, unreadMentionCount: 1 });
    expect(lee.unread.totals).toEqual({ unreadCount: 2, unreadMentionCount: 1 });
    // The server agrees with what the SDK kept.
    const [listed] = (await lee.channels.list()).channels;
    expect(listed).toMatchObject({ unreadCount: 0 });
    await kim.messages.send(channel.id, "one more");
    await waitFor("one unread", () => lee.unread.of(channel.id)?.unreadCount === 1);
    expect(await lee.me.unread()).toMatchObject({ unreadCount: 1, unreadMentionCount: 0 });
    await lee.messages.markRead(channel.id);
    expect(lee.unread.of(channel.id)).toEqual({ unreadCount: 0, unreadMentionCount: 0 });
  });

  it("counts nothing in an open channel, while a regular channel's messages still count", async () => {
    const { kim, lee, channel } = await room();
    const stage = await kim.channels.create({ name: "Keynote", type: "open" });
    await lee.channels.join(stage.id);
    await Promise.all([kim.connect(), lee.connect()]);
    await lee.channels.list();
    await kim.messages.send(stage.id, "@lee welcome", undefined, { mentionedUserIds: ["lee"] });
    await kim.messages.send(channel.id, "elsewhere");
    // Events reach lee in order: once the regular channel's message counts, the open channel's has come too.
    await waitFor("the room's message", () => lee.unread.of(channel.id)?.unreadCount === 1);
    expect(lee.unread.of(stage.id)).toEqual({ unreadCount: 0, unreadMentionCount: 0 });
  });
});

describe("pins", () => {
  it("pins and unpins a message, refusing one not pinned with 3082", async () => {
    const { kim, channel } = await room();
    const sent = await kim.messages.send(channel.id, "rules");
    expect((await kim.channels.pin(channel.id, sent.id)).pinnedMessageIds).toEqual([sent.id]);
    expect((await kim.channels.unpin(channel.id, sent.id)).pinnedMessageIds).toEqual([]);
    await expect(kim.channels.unpin(channel.id, sent.id)).rejects.toMatchObject({ code: "3082" });
  });
});
