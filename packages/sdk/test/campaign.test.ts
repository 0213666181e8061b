import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type dashboardApi, record, sdkApp, startServer, type TestServer, waitFor } from "./helpers";

let t: TestServer;
let baseUrl: string;
const cleanups: (() => void)[] = [];

beforeAll(async () => {
  ({ t, baseUrl } = await startServer());
});
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});
afterAll(() => t?.close());

/** The dashboard API of the app's owner, over HTTP. */
function dashboard(api: ReturnType<typeof dashboardApi>) {
  return async <T>(method: "GET" | "POST", url: string, payload?: unknown, contentType?: string): Promise<T> => {
    const res = await api(method, url, payload, contentType);
    if (res.status !== 200) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
}

describe("bulk messages seen through the SDK", () => {
  it("arrives in real time in the brand channel, and the SDK's read receipts count as reads", async () => {
    const a = await sdkApp(t, baseUrl);
    cleanups.push(a.cleanup);
    // What an admin's switch does; the browser tests turn the feature on the same way.
    const enabled = await a.dashboard("PUT", "/testing/notice-feature", { email: a.ownerEmail, enabled: true });
    if (!enabled.ok) throw new Error(`the notice feature stayed off: ${enabled.status}`);
    const kim = await a.user("kim");
    const lee = await a.user("lee");
    const kimLog = record(kim);
    await Promise.all([kim.connect(), lee.connect()]);

    const call = dashboard(a.dashboard);
    const base = `/apps/${a.appId}/notice`;
    const { brand } = await call<{ brand: { id: string } }>("POST", `${base}/brands`, { name: "Parley Shop" });
    const { campaign } = await call<{ campaign: { id: string } }>("POST", `${base}/campaigns`, {
      brandId: brand.id,
      title: "Hello",
      content: "Hi {{user.name}}, from {{brand.name}}",
    });
    const boundary = "----sdkcampaign";
    await call(
      "POST",
      `${base}/campaigns/${campaign.id}/recipients`,
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="r.csv"\r\n\r\nkim\nlee\r\n--${boundary}--\r\n`,
      `multipart/form-data; boundary=${boundary}`,
    );
    await call("POST", `${base}/campaigns/${campaign.id}/confirm`, {});

    const [received] = await waitFor(
      "kim to receive the bulk message",
      () => kimLog.messages.length > 0 && kimLog.messages,
      15_000,
    );
    expect(received).toMatchObject({ type: "admin", sender: null, text: "Hi KIM, from Parley Shop" });
    const channel = await kim.channels.get(received?.channelId as string);
    expect(channel).toMatchObject({ name: "Parley Shop", isFrozen: true, memberCount: 1 });

    await kim.messages.markRead(channel.id);
    const report = await call<{ reads: number; dailyReads: { day: string; reads: number }[] }>(
      "GET",
      `${base}/campaigns/${campaign.id}/report`,
    );
    expect(report.reads).toBe(1);
    expect(report.dailyReads.reduce((sum, d) => sum + d.reads, 0)).toBe(1);

    const mine = await lee.channels.list({ scope: "mine" });
    const leeChannel = mine.channels.find((c) => c.name === "Parley Shop");
    expect(leeChannel?.lastMessage?.text).toBe("Hi LEE, from Parley Shop");
    await lee.messages.markRead(leeChannel?.id as string);
    const after = await call<{ reads: number }>("GET", `${base}/campaigns/${campaign.id}/report`);
    expect(after.reads).toBe(2);
  });
});
