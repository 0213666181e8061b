import { describe, expect, it } from "vitest";
import { useRooms, waitFor } from "./helpers";

const room = useRooms();

/**
 * A `fetch` that, once told which path to `hold`, holds every GET of it until `release` and counts those that reach
 * the network: the way to have a read still on its way while more is asked of the client.
 */
function gatedReads() {
  let held: string | null = null;
  let sent = 0;
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const gated: typeof fetch = async (input, init) => {
    if ((init?.method ?? "GET") === "GET" && new URL(String(input)).pathname.endsWith(held ?? "\0")) {
      sent += 1;
      await gate;
    }
    return fetch(input, init);
  };
  return {
    fetch: gated,
    hold: (path: string) => {
      held = path;
    },
    sent: () => sent,
    release: () => open(),
  };
}

describe("reads asked for together", () => {
  it("sends one request for the same GET asked for twice while it is on its way, and gives each caller its own copy", async () => {
    const { app, channel } = await room();
    const network = gatedReads();
    const park = await app.user("park", { fetch: network.fetch });
    await park.channels.join(channel.id);
    network.hold(`/channels/${channel.id}/members`);

    const first = park.members.list(channel.id);
    const second = park.members.list(channel.id);
    await waitFor("the first read sent", () => network.sent() === 1);
    network.release();
    const [a, b] = await Promise.all([first, second]);

    expect(network.sent()).toBe(1);
    expect(a).toEqual(b);
    expect(a).not.toBe(b);
    expect(a.members.map((m) => m.userId).sort()).toEqual(["kim", "lee", "park"]);
  });

  it("sends a GET asked for after the client's own write again, and answers it with the write in it", async () => {
    const { app } = await room();
    const network = gatedReads();
    const park = await app.user("park", { fetch: network.fetch });
    const channel = await park.channels.create({ name: "Before" });
    network.hold(`/channels/${channel.id}`);

    const before = park.channels.get(channel.id);
    await waitFor("the first read sent", () => network.sent() === 1);
    await park.channels.update(channel.id, { name: "After" });
    const after = park.channels.get(channel.id);
    await waitFor("the second read sent", () => network.sent() === 2);
    network.release();

    await before;
    expect((await after).name).toBe("After");
    expect(network.sent()).toBe(2);
  });

  it("sends a GET asked for after an event again, since the event may be newer than the read on its way", async () => {
    const { app, channel, kim } = await room();
    const network = gatedReads();
    const park = await app.user("park", { fetch: network.fetch });
    await park.channels.join(channel.id);
    await park.connect();
    const heard: string[] = [];
    park.on("message.created", (event) => heard.push(event.message?.text ?? ""));
    network.hold(`/channels/${channel.id}/members`);

    const before = park.members.list(channel.id);
    await waitFor("the first read sent", () => network.sent() === 1);
    await kim.messages.send(channel.id, "news");
    await waitFor("park hears the message", () => heard.includes("news"));
    const after = park.members.list(channel.id);
    await waitFor("the second read sent", () => network.sent() === 2);
    network.release();
    await Promise.all([before, after]);
    expect(network.sent()).toBe(2);
  });
});
