import { describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { useRooms, waitFor } from "./helpers";

const room = useRooms();

/**
 * A `fetch` that notes each delivered mark that reaches the server by HTTP, and a WebSocket that notes each frame it
 * sends; with `cutAtAck` the socket is cut as a delivered mark's ack arrives, as a network that drops after the server
 * moved the mark.
 */
function watched(options: { cutAtAck?: boolean } = {}) {
  const posts: unknown[] = [];
  const frames: { type: string; channelId?: string; seq?: number }[] = [];
  const fetchWatched: typeof fetch = (input, init) => {
    if (init?.method === "POST" && String(input).endsWith("/delivered")) posts.push(JSON.parse(String(init.body)));
    return fetch(input, init);
  };
  class Watched extends WebSocket {
    override send(data: unknown, ...rest: unknown[]): void {
      frames.push(JSON.parse(String(data)));
      (super.send as (...args: unknown[]) => void).call(this, data, ...rest);
    }

    override emit(event: string | symbol, ...args: unknown[]): boolean {
      const isMarkAck = event === "message" && String(args[0]).includes('"lastDeliveredSeq"');
      if (!options.cutAtAck || !isMarkAck) return super.emit(event, ...args);
      this.terminate();
      return true;
    }
  }
  const delivered = () => frames.filter((f) => f.type === "delivered");
  return { posts, delivered, options: { fetch: fetchWatched, WebSocket: Watched } };
}

describe("delivery receipts", () => {
  it("marks others' messages delivered on its own, and shows the sender sent, delivered, then read", async () => {
    const { kim, lee, channel } = await room();
    await kim.connect();
    const sent = await kim.messages.send(channel.id, "hello");
    await kim.receipts.load(channel.id);
    expect(kim.receipts.of(sent)).toEqual({ state: "sent", deliveredTo: 0, readBy: 0, members: 1 });
    // Lee's client comes online and hears a message: it tells the channel what reached it.
    await lee.connect();
    const next = await kim.messages.send(channel.id, "are you there?");
    await waitFor("delivered", () => kim.receipts.of(next)?.state === "delivered");
    expect(kim.receipts.of(sent)).toEqual({ state: "delivered", deliveredTo: 1, readBy: 0, members: 1 });
    await lee.messages.markRead(channel.id);
    await waitFor("read", () => kim.receipts.of(next)?.state === "read");
    expect(kim.receipts.of(next)).toEqual({ state: "read", deliveredTo: 1, readBy: 1, members: 1 });
  });

  it("sends no receipt for an open channel", async () => {
    const { kim, lee } = await room();
    const stage = await kim.channels.create({ name: "Keynote", type: "open" });
    await lee.channels.join(stage.id);
    await expect(lee.receipts.markDelivered(stage.id, 1)).rejects.toMatchObject({ code: "3240" });
  });
});

describe("delivered marks over the WebSocket", () => {
  it("tells a burst of arrivals in one delivered frame per channel with the highest seq, and by no request", async () => {
    const { app, kim, channel } = await room();
    const w = watched();
    const park = await app.user("park", w.options);
    await park.channels.join(channel.id);
    await park.connect();
    park.disconnect();
    let last = 0;
    for (const text of ["one", "two", "three", "four"]) last = (await kim.messages.send(channel.id, text)).seq;
    await kim.connect();
    await kim.receipts.load(channel.id);
    // The catch-up on connecting hears all four at once.
    await park.connect();
    await waitFor("park's mark", () => kim.receipts.of({ channelId: channel.id, seq: last })?.deliveredTo === 1);
    expect(w.delivered()).toEqual([expect.objectContaining({ channelId: channel.id, seq: last })]);
    expect(w.posts).toEqual([]);
  });

  it("answers markDelivered from the frame's ack while connected, by HTTP otherwise, with the same refusals", async () => {
    const { app, kim, channel } = await room();
    const w = watched();
    const park = await app.user("park", w.options);
    await park.channels.join(channel.id);
    const { seq } = await kim.messages.send(channel.id, "hello");
    expect(await park.receipts.markDelivered(channel.id, seq)).toBe(seq);
    expect(w.posts).toEqual([{ seq }]);
    await park.connect();
    expect(await park.receipts.markDelivered(channel.id, seq + 5)).toBe(seq);
    expect(w.delivered()).toEqual([expect.objectContaining({ channelId: channel.id, seq: seq + 5 })]);
    expect(w.posts).toHaveLength(1);
    const stage = await kim.channels.create({ name: "Keynote", type: "open" });
    await park.channels.join(stage.id);
    await expect(park.receipts.markDelivered(stage.id, 1)).rejects.toMatchObject({ code: "3240", status: 400 });
    expect(w.posts).toHaveLength(1);
  });

  it("tells the mark again by HTTP when the socket drops before its ack", async () => {
    const { app, channel } = await room();
    const w = watched({ cutAtAck: true });
    const park = await app.user("park", w.options);
    await park.channels.join(channel.id);
    await park.connect();
    // Park's own message, so that no mark goes on its own beside the one this test tells.
    const { seq } = await park.messages.send(channel.id, "hello");
    expect(await park.receipts.markDelivered(channel.id, seq)).toBe(seq);
    expect(w.delivered()).toEqual([expect.objectContaining({ seq })]);
    expect(w.posts).toEqual([{ seq }]);
  });

  it("tells the mark by HTTP with sendOverSocket: false", async () => {
    const { app, kim, channel } = await room();
    const w = watched();
    const park = await app.user("park", { ...w.options, sendOverSocket: false });
    await park.channels.join(channel.id);
    await park.connect();
    const { seq } = await kim.messages.send(channel.id, "hello");
    await waitFor("the mark by HTTP", () => w.posts.length === 1);
    expect(w.posts).toEqual([{ seq }]);
    expect(w.delivered()).toEqual([]);
  });
});

describe("push preferences", () => {
  it("reads and changes the user's level, quiet hours and a channel's mode", async () => {
    const { lee, channel } = await room();
    expect(await lee.pushPreferences()).toEqual({ level: "all", doNotDisturb: null, snoozeUntil: null });
    const quiet = { start: "23:00", end: "06:30", timeZone: "Europe/Berlin" };
    expect(await lee.setPushPreferences({ level: "mentions", doNotDisturb: quiet })).toEqual({
      level: "mentions",
      doNotDisturb: quiet,
      snoozeUntil: null,
    });
    expect(await lee.channelPushMode(channel.id)).toBe("default");
    expect(await lee.setChannelPushMode(channel.id, "mute")).toBe("mute");
    expect(await lee.channelPushMode(channel.id)).toBe("mute");
    await expect(
      lee.setPushPreferences({ doNotDisturb: { ...quiet, timeZone: "Nowhere/Else" } }),
    ).rejects.toMatchObject({
      code: "3241",
    });
  });
});
