import { describe, expect, it } from "vitest";
import { useRooms } from "./helpers";

const room = useRooms();

describe("reporting", () => {
  it("reports a message and a user, answering a repeated report with the first", async () => {
    const { kim, lee, channel } = await room();
    const rude = await kim.messages.send(channel.id, "buy followers");
    const report = await lee.messages.report(channel.id, rude.id, "spam", "the same link everywhere");
    expect(report).toMatchObject({ reporterId: "lee", reason: "spam", description: "the same link everywhere" });
    expect(await lee.messages.report(channel.id, rude.id, "hate")).toEqual(report);
    const user = await lee.users.report("kim", "harassment", { channelId: channel.id });
    expect(user).toMatchObject({ reporterId: "lee", reason: "harassment", description: null });
    expect(user.targetId).not.toBe(report.targetId);
  });

  it("answers the server's codes: 3110 for one's own message or oneself, 3018 for an unknown user", async () => {
    const { lee, channel } = await room();
    const mine = await lee.messages.send(channel.id, "mine");
    await expect(lee.messages.report(channel.id, mine.id, "spam")).rejects.toMatchObject({ code: "3110" });
    await expect(lee.users.report("lee", "spam")).rejects.toMatchObject({ code: "3110" });
    await expect(lee.users.report("nobody", "other")).rejects.toMatchObject({ code: "3018" });
  });
});
