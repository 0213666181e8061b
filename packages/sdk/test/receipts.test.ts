import { describe, expect, it } from "vitest";
import { useRooms, waitFor } from "./helpers";

const room = useRooms();

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
