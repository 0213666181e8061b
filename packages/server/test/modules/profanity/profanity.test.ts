import { CHANNEL_TYPES } from "@parley/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client } from "../../client";
import { createAccount, createChatApp } from "../../factories";
import { startTestApp, type TestApp } from "../../harness";

let t: TestApp;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  t = await startTestApp();
  api = client(t.server);
});
afterAll(() => t?.close());

type Settings = {
  method: "block" | "replace";
  matchMode: "exact" | "contains";
  channelTypes: string[];
  keywords: string[];
  regexes: string[];
};
type Message = { id: string; text: string; type: string };

const settings = (overrides: Partial<Settings> = {}): Settings => ({
  method: "replace",
  matchMode: "contains",
  channelTypes: [...CHANNEL_TYPES],
  keywords: ["darn"],
  regexes: [],
  ...overrides,
});

async function createApp(token: string) {
  const res = await api.post<{ app: { id: string } }>("/apps", { name: "Filtered" }, token);
  expect(res.status).toBe(200);
  return res.body.app.id;
}

describe("profanity filter settings", () => {
  it("defaults to off, replace, contains, every channel type and no entries", async () => {
    const { token } = await createAccount(t);
    const appId = await createApp(token);
    expect((await api.get(`/apps/${appId}/profanity/filter/enabled`, token)).body).toEqual({ enabled: false });
    expect((await api.get(`/apps/${appId}/profanity/filter`, token)).body).toEqual({
      settings: {
        method: "replace",
        matchMode: "contains",
        channelTypes: [...CHANNEL_TYPES],
        keywords: [],
        regexes: [],
      },
    });
  });

  it("saves settings and the switch independently and reads them back", async () => {
    const { token } = await createAccount(t);
    const appId = await createApp(token);
    const saved = settings({ method: "block", matchMode: "exact", channelTypes: ["public"], regexes: ["b[a@]d+"] });
    expect((await api.put(`/apps/${appId}/profanity/filter`, saved, token)).body).toEqual({ settings: saved });
    expect((await api.get(`/apps/${appId}/profanity/filter/enabled`, token)).body).toEqual({ enabled: false });
    expect((await api.put(`/apps/${appId}/profanity/filter/enabled`, { enabled: true }, token)).body).toEqual({
      enabled: true,
    });
    expect((await api.get(`/apps/${appId}/profanity/filter`, token)).body).toEqual({ settings: saved });
    expect((await api.get(`/apps/${appId}/profanity/filter/enabled`, token)).body).toEqual({ enabled: true });
  });

  it.each([
    ["a regex wrapped in slashes", "/darn/", "VALIDATION_REGEX_SLASHES"],
    ["a regex that does not compile", "(darn", "VALIDATION_REGEX_INVALID"],
    ["a catastrophic regex", "(a+)+$", "VALIDATION_REGEX_UNSAFE"],
  ])("refuses %s with 300 and its validation key", async (_, regex, key) => {
    const { token } = await createAccount(t);
    const appId = await createApp(token);
    const res = await api.put(`/apps/${appId}/profanity/filter`, settings({ regexes: ["ok", regex] }), token);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "300", data: { fields: [{ path: "regexes.1", message: key }] } });
    expect(
      (await api.get<{ settings: Settings }>(`/apps/${appId}/profanity/filter`, token)).body.settings.regexes,
    ).toEqual([]);
  });

  it("refuses a keyword with a wildcard in the middle and an empty channel type list", async () => {
    const { token } = await createAccount(t);
    const appId = await createApp(token);
    const res = await api.put(
      `/apps/${appId}/profanity/filter`,
      settings({ keywords: ["da*rn"], channelTypes: [] }),
      token,
    );
    expect(res.body.code).toBe("300");
  });

  it("answers 3003 for another account's app on every route", async () => {
    const owner = await createAccount(t);
    const other = await createAccount(t);
    const appId = await createApp(owner.token);
    const url = `/apps/${appId}/profanity/filter`;
    expect((await api.get(url, other.token)).body.code).toBe("3003");
    expect((await api.put(url, settings(), other.token)).body.code).toBe("3003");
    expect((await api.get(`${url}/enabled`, other.token)).body.code).toBe("3003");
    expect((await api.put(`${url}/enabled`, { enabled: true }, other.token)).body.code).toBe("3003");
    expect((await api.get(`${url}/enabled`, owner.token)).body).toEqual({ enabled: false });
  });

  it("needs a session", async () => {
    const { token } = await createAccount(t);
    const appId = await createApp(token);
    expect((await api.get(`/apps/${appId}/profanity/filter`)).body.code).toBe("1001");
  });
});

describe("profanity filter in the message pipeline", () => {
  async function room(filter: Partial<Settings> | null) {
    const app = await createChatApp(t);
    const token = app.owner.token;
    if (filter) {
      await api.put(`/apps/${app.appId}/profanity/filter`, settings(filter), token);
      await api.put(`/apps/${app.appId}/profanity/filter/enabled`, { enabled: true }, token);
    }
    const kim = await app.user("kim");
    const lee = await app.user("lee");
    const { channel } = (await kim.api.post<{ channel: { id: string } }>("/channels", { name: "Room" })).body;
    await lee.api.post(`/channels/${channel.id}/join`);
    const history = async () =>
      (await lee.api.get<{ messages: Message[] }>(`/channels/${channel.id}/messages`)).body.messages.map((m) => m.text);
    return { app, kim, lee, id: channel.id, history, token };
  }

  it("refuses a blocked message with 3035 and stores nothing", async () => {
    const { kim, id, history } = await room({ method: "block" });
    const res = await kim.api.post(`/channels/${id}/messages`, { text: "oh DARN it" });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("3035");
    expect(await history()).toEqual([]);
  });

  it("stores and delivers a replaced message masked", async () => {
    const { kim, lee, id, history } = await room({ regexes: ["\\d{4}"] });
    type Events = { events: { type: string; message?: Message }[] };
    const sent = await kim.api.post<{ message: Message }>(`/channels/${id}/messages`, { text: "darnit, pin 1234" });
    expect(sent.body.message.text).toBe("******, pin ****");
    expect(await history()).toEqual(["******, pin ****"]);
    const events = (await lee.api.get<Events>("/events")).body.events;
    const created = events.filter((e) => e.type === "message.created").map((e) => e.message?.text);
    expect(created).toEqual(["******, pin ****"]);
  });

  it("filters the app's admin messages too", async () => {
    const { app, id, history } = await room({});
    const sent = await app.server.post<{ message: Message }>(`/channels/${id}/messages`, { text: "darn maintenance" });
    expect(sent.body.message).toMatchObject({ type: "admin", text: "**** maintenance" });
    expect(await history()).toEqual(["**** maintenance"]);
  });

  it("leaves messages in channel types that are not selected untouched", async () => {
    const { kim, id, history } = await room({ method: "block", channelTypes: ["private_invite", "supergroup"] });
    expect((await kim.api.post(`/channels/${id}/messages`, { text: "darn" })).status).toBe(200);
    expect(await history()).toEqual(["darn"]);
  });

  it("does nothing while switched off, and applies a save at once", async () => {
    const { app, kim, id, history, token } = await room(null);
    await api.put(`/apps/${app.appId}/profanity/filter`, settings({ method: "block" }), token);
    expect((await kim.api.post(`/channels/${id}/messages`, { text: "darn" })).status).toBe(200);
    await api.put(`/apps/${app.appId}/profanity/filter/enabled`, { enabled: true }, token);
    expect((await kim.api.post(`/channels/${id}/messages`, { text: "darn" })).body.code).toBe("3035");
    await api.put(`/apps/${app.appId}/profanity/filter/enabled`, { enabled: false }, token);
    expect((await kim.api.post(`/channels/${id}/messages`, { text: "darn again" })).status).toBe(200);
    expect(await history()).toEqual(["darn", "darn again"]);
  });
});
