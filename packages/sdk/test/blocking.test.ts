import { describe, expect, it } from "vitest";
import { record, useRooms, waitFor } from "./helpers";

const room = useRooms();

describe("blocking", () => {
  it("stops the blocked user's messages reaching the blocker's client, and an unblock lets them through again", async () => {
    const { kim, lee, channel } = await room();
    await Promise.all([kim.connect(), lee.connect()]);
    const heard = record(lee);
    const blocked = await lee.me.block("kim");
    expect(blocked).toMatchObject({ userId: "kim", nickname: "KIM" });
    expect((await lee.me.blocked()).users.map((user) => user.userId)).toEqual(["kim"]);

    await kim.messages.send(channel.id, "you will not see this");
    await lee.messages.send(channel.id, "talking to myself");
    await waitFor("lee's own message", () => heard.messages.some((m) => m.text === "talking to myself"));
    expect(heard.messages.map((m) => m.text)).toEqual(["talking to myself"]);
    expect((await lee.messages.history(channel.id)).messages.map((m) => m.text)).toEqual(["talking to myself"]);

    await lee.me.unblock("kim");
    expect((await lee.me.blocked()).users).toEqual([]);
    await kim.messages.send(channel.id, "hello again");
    await waitFor("kim's message after the unblock", () => heard.messages.some((m) => m.text === "hello again"));
    expect((await lee.messages.history(channel.id)).messages.map((m) => m.text)).toEqual([
      "you will not see this",
      "talking to myself",
      "hello again",
    ]);
  });

  it("answers the server's codes: 3084 for oneself, 3018 for an unknown user, 3083 for a user not blocked", async () => {
    const { lee } = await room();
    await expect(lee.me.block("lee")).rejects.toMatchObject({ code: "3084" });
    await expect(lee.me.block("nobody")).rejects.toMatchObject({ code: "3018" });
    await expect(lee.me.unblock("kim")).rejects.toMatchObject({ code: "3083" });
  });
});
