import { describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { ParleyError, type TMessage } from "../src";
import { record, useRooms, waitFor } from "./helpers";

const room = useRooms();

/** A `fetch` that notes each message send that reaches the server by HTTP. */
function watchedFetch() {
  const posts: string[] = [];
  const watched: typeof fetch = (input, init) => {
    if (init?.method === "POST" && /\/channels\/[^/]+\/messages$/.test(String(input))) posts.push(String(input));
    return fetch(input, init);
  };
  return { posts, fetch: watched };
}

/** The `ack` frame in a frame the socket received, or null. */
function ackIn(data: unknown): { requestId: string; message?: TMessage } | null {
  const frame = JSON.parse(String(data)) as { type?: string; requestId: string; message?: TMessage };
  return frame.type === "ack" ? frame : null;
}

/**
 * A WebSocket class whose sockets never hand an ack to the client: each one the server sends is noted in `lost`, and
 * with `cut` the socket is cut as it arrives, as a network that drops after the server stored the message.
 */
function losingAcks(options: { cut: boolean }) {
  const lost: TMessage[] = [];
  class LosingAcks extends WebSocket {
    override emit(event: string | symbol, ...args: unknown[]): boolean {
      const ack = event === "message" ? ackIn(args[0]) : null;
      if (!ack) return super.emit(event, ...args);
      if (ack.message) lost.push(ack.message);
      if (options.cut) this.terminate();
      return true;
    }
  }
  return { lost, WebSocket: LosingAcks };
}

describe("messages.send over the WebSocket", () => {
  it("sends over the open socket: no POST reaches the server, the answer is the stored message, members hear it", async () => {
    const { app, lee, channel } = await room();
    const watched = watchedFetch();
    const park = await app.user("park", { fetch: watched.fetch });
    await park.channels.join(channel.id);
    await Promise.all([park.connect(), lee.connect()]);
    const heard = record(lee);

    const sent = await park.messages.send(channel.id, "over the socket", { k: "v" }, { clientMessageId: "park-1" });
    expect(sent).toMatchObject({ text: "over the socket", metadata: { k: "v" }, clientMessageId: "park-1" });
    expect(sent.sender?.userId).toBe("park");
    expect(watched.posts).toEqual([]);
    await waitFor("lee to hear the message", () => heard.messages.find((m) => m.id === sent.id));
    const { messages } = await lee.messages.history(channel.id);
    expect(messages.map((m) => m.id)).toEqual([sent.id]);
  });

  it("sends by HTTP when the socket is not connected, and with sendOverSocket: false when it is", async () => {
    const { app, channel } = await room();
    const watched = watchedFetch();
    const park = await app.user("park", { fetch: watched.fetch });
    await park.channels.join(channel.id);
    await park.messages.send(channel.id, "not connected");
    expect(watched.posts).toHaveLength(1);

    const off = watchedFetch();
    const jo = await app.user("jo", { fetch: off.fetch, sendOverSocket: false });
    await jo.channels.join(channel.id);
    await jo.connect();
    await jo.messages.send(channel.id, "connected, but by HTTP");
    expect(off.posts).toHaveLength(1);
  });

  it("keeps a channel's messages in the order they were sent, over the socket and by HTTP", async () => {
    const { app, lee, channel } = await room();
    const park = await app.user("park");
    await park.channels.join(channel.id);
    /** Twelve sends at once, every third a mention, which the server stores by a longer road than a plain text. */
    const burst = (tag: string) =>
      Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          i % 3 === 0
            ? park.messages.send(channel.id, `${tag}${i} @lee`, undefined, { mentionedUserIds: ["lee"] })
            : park.messages.send(channel.id, `${tag}${i}`),
        ),
      );
    const byHttp = await burst("h");
    await park.connect();
    const overSocket = await burst("s");
    const seqs = [...byHttp, ...overSocket].map((m) => m.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    const { messages } = await lee.messages.history(channel.id, { limit: 50 });
    const expected = ["h", "s"].flatMap((tag) => Array.from({ length: 12 }, (_, i) => `${tag}${i}`));
    expect(messages.map((m) => m.text.split(" ")[0])).toEqual(expected);
  });

  it("rejects a refusal in an ack with the same ParleyError as the HTTP send", async () => {
    const { kim, lee, channel } = await room();
    await Promise.all([kim.connect(), lee.connect()]);
    await kim.members.mute(channel.id, "lee", 10);
    const overSocket = await lee.messages.send(channel.id, "muted").catch((error: unknown) => error);
    lee.disconnect();
    const overHttp = await lee.messages.send(channel.id, "muted").catch((error: unknown) => error);
    expect(overSocket).toBeInstanceOf(ParleyError);
    expect(overHttp).toBeInstanceOf(ParleyError);
    const { code, status, message } = overHttp as ParleyError;
    expect(overSocket).toMatchObject({ code: "3022", status: 403 });
    expect(overSocket).toMatchObject({ code, status, message });

    const tooLong = await kim.messages.send(channel.id, "x".repeat(5001)).catch((error: unknown) => error);
    expect(tooLong).toMatchObject({ code: "3013" });
  });

  it("sends again by HTTP with the same clientMessageId when the socket drops before the ack, storing one message", async () => {
    const { app, lee, channel } = await room();
    const watched = watchedFetch();
    const losing = losingAcks({ cut: true });
    const park = await app.user("park", { fetch: watched.fetch, WebSocket: losing.WebSocket });
    await park.channels.join(channel.id);
    await park.connect();

    const sent = await park.messages.send(channel.id, "stored once", undefined, { clientMessageId: "park-drop" });
    // The server stored it and acknowledged it on the socket; the client never saw that ack.
    expect(losing.lost.map((m) => m.id)).toEqual([sent.id]);
    expect(watched.posts).toHaveLength(1);
    expect(sent).toMatchObject({ text: "stored once", clientMessageId: "park-drop" });
    const { messages } = await lee.messages.history(channel.id);
    expect(messages.map((m) => m.id)).toEqual([sent.id]);
  });

  it("sends again by HTTP when no ack comes within the request timeout, storing one message", async () => {
    const { app, lee, channel } = await room();
    const watched = watchedFetch();
    const losing = losingAcks({ cut: false });
    const park = await app.user("park", {
      fetch: watched.fetch,
      WebSocket: losing.WebSocket,
      requestTimeoutMs: 2000,
    });
    await park.channels.join(channel.id);
    await park.connect();

    const sent = await park.messages.send(channel.id, "late ack");
    expect(losing.lost.map((m) => m.id)).toEqual([sent.id]);
    expect(watched.posts).toHaveLength(1);
    expect(park.connectionState).toBe("open");
    const { messages } = await lee.messages.history(channel.id);
    expect(messages.map((m) => m.id)).toEqual([sent.id]);
  });

  it("sends by HTTP what would be over the socket's 64 KB frame limit, which answers as it always does", async () => {
    const { app, channel } = await room();
    const watched = watchedFetch();
    const park = await app.user("park", { fetch: watched.fetch });
    await park.channels.join(channel.id);
    await park.connect();
    // Three UTF-8 bytes a character: some 75 KB, which over the socket would close it with 1009.
    const metadata = Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`k${i}`, "가".repeat(1000)]));
    const refusal = await park.messages
      .send(channel.id, "가".repeat(20_000), metadata)
      .catch((error: unknown) => error);
    expect(refusal).toMatchObject({ code: "3013" });
    expect(watched.posts).toHaveLength(1);
    expect(park.connectionState).toBe("open");
  });
});
