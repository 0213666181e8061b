import { describe, expect, it } from "vitest";
import { useRooms, waitFor } from "./helpers";

const room = useRooms();

describe("typing", () => {
  it("shows the other user typing while they type, and not once they stop", async () => {
    const { kim, lee, channel } = await room();
    await Promise.all([kim.connect(), lee.connect()]);
    const heard: string[] = [];
    lee.on("typing.started", (e) => heard.push(`started ${e.userId}`));
    lee.on("typing.stopped", (e) => heard.push(`stopped ${e.userId}`));
    kim.typing.keystroke(channel.id);
    kim.typing.keystroke(channel.id);
    await waitFor("lee to see kim typing", () => lee.typing.users(channel.id).includes("kim"));
    expect(kim.typing.users(channel.id)).toEqual([]);
    kim.typing.stop(channel.id);
    await waitFor("kim to stop", () => lee.typing.users(channel.id).length === 0);
    expect(heard).toEqual(["started kim", "stopped kim"]);
  });
});

describe("presence", () => {
  it("follows a user going online and offline, and follows again after a reconnect", async () => {
    const { kim, lee } = await room();
    lee.presence.subscribe(["kim"]);
    await lee.connect();
    await waitFor("kim's state", () => lee.presence.get("kim")?.isOnline === false);
    await kim.connect();
    await waitFor("kim online", () => lee.presence.get("kim")?.isOnline === true);
    lee.disconnect();
    await lee.connect();
    kim.disconnect();
    await waitFor("kim offline, heard on lee's new socket", () => lee.presence.get("kim")?.isOnline === false);
    expect(lee.presence.get("kim")?.lastSeenAt).not.toBeNull();
  });
});
