import type { TLiveFrame } from "@parley/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accepted, openLive } from "../live-client";
import {
  appWithKey,
  call,
  chatSession,
  PORTS,
  signedInAccount,
  startTwoProcesses,
  type TwoProcesses,
  testRedisUrl,
} from "./support";

const redisUrl = testRedisUrl();
let two: TwoProcesses | undefined;
let dataDir: string;
let urls: string[] = [];

beforeAll(async () => {
  two = await startTwoProcesses({ prefix: "parley-live", ports: PORTS.liveTail, redisUrl });
  ({ dataDir, urls } = two);
});

afterAll(async () => {
  await two?.stop();
});

describe("the live tail across two processes sharing PostgreSQL and Redis", () => {
  it("shows a viewer on process B a message and a login that happened on process A", async () => {
    const [a, b] = urls as [string, string];
    const { sessionToken } = await signedInAccount(dataDir, [a, b, b], `live.${Date.now()}@example.com`);
    const { appId, secret } = await appWithKey([a, b], sessionToken);
    const kim = await chatSession(a, appId, secret, "kim");
    const { channel } = await call<{ channel: { id: string } }>(a, "POST", "/v1/channels", { name: "Across" }, kim);

    const viewer = accepted(await openLive(b, appId, sessionToken));
    const sentAt = Date.now();
    await call(a, "POST", `/v1/channels/${channel.id}/messages`, { text: "from process A" }, kim);
    const isMessage = (frame: TLiveFrame) =>
      frame.kind === "event" &&
      frame.event.type === "message.created" &&
      (frame.event.data.message as { text?: string }).text === "from process A";
    await viewer.waitFor(isMessage, 5000);
    expect(Date.now() - sentAt).toBeLessThan(1000);

    // A login is on the bus only while some process has a viewer of the app: B's viewer made A publish it.
    await chatSession(a, appId, secret, "lee");
    const login = await viewer.waitFor((frame) => frame.kind === "event" && frame.event.type === "user.login");
    expect(login).toMatchObject({ event: { userId: "lee" } });
    viewer.close();
  });
});
