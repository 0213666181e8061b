import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isParleyError } from "../src";
import { ALLOW_LOOPBACK, serverApp, startServer, type TestServer } from "./helpers";

let t: TestServer;

beforeAll(async () => {
  t = await startServer(ALLOW_LOOPBACK);
});

afterAll(async () => {
  await t?.close();
});

describe("webhooks", () => {
  it("reads the settings, changes the address, events and switch, and keeps what is left out", async () => {
    const { parley } = await serverApp(t);
    expect(await parley.webhooks.getSettings()).toEqual({ url: "", events: [], enabled: false });
    const url = "http://127.0.0.1:9/hooks";
    const saved = await parley.webhooks.updateSettings({ url, events: ["message.created"], enabled: true });
    expect(saved).toEqual({ url, events: ["message.created"], enabled: true });
    expect(await parley.webhooks.updateSettings({ enabled: false })).toEqual({ ...saved, enabled: false });
    expect(await parley.webhooks.getSettings()).toEqual({ ...saved, enabled: false });
  });

  it("refuses a private address with 3043 and switching on without an address with 3045", async () => {
    const { parley } = await serverApp(t);
    const privateAddress = await parley.webhooks.updateSettings({ url: "http://10.0.0.1/" }).catch((e: unknown) => e);
    expect(isParleyError(privateAddress, "3043")).toBe(true);
    const noAddress = await parley.webhooks.updateSettings({ enabled: true }).catch((e: unknown) => e);
    expect(isParleyError(noAddress, "3045")).toBe(true);
  });
});

describe("freezing", () => {
  it("freezes a channel so a member's send is refused with 3021, and unfreezes it", async () => {
    const { parley } = await serverApp(t);
    await parley.users.create({ userId: "kim", nickname: "Kim" });
    const channel = await parley.channels.create({ name: "Live", userIds: ["kim"] });
    expect((await parley.channels.freeze(channel.id)).isFrozen).toBe(true);
    await expect(parley.messages.sendAs("kim", channel.id, "hello?")).rejects.toMatchObject({ code: "3021" });
    expect((await parley.channels.unfreeze(channel.id)).isFrozen).toBe(false);
    expect((await parley.messages.sendAs("kim", channel.id, "hello")).text).toBe("hello");
  });
});
