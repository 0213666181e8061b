import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client } from "../../client";
import { createAccount } from "../../factories";
import { startTestApp, type TestApp } from "../../harness";

let t: TestApp;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  t = await startTestApp();
  api = client(t.server);
});
afterAll(() => t?.close());

type AppBody = { app: { id: string; name: string; messagesThisMonth: number } };

async function createApp(token: string, name: string) {
  const res = await api.post<AppBody>("/apps", { name }, token);
  expect(res.status).toBe(200);
  return res.body.app;
}

describe("apps", () => {
  it("creates, lists, reads and renames an app", async () => {
    const { token } = await createAccount(t);
    const created = await createApp(token, "Support chat");
    expect(created).toMatchObject({ name: "Support chat", messagesThisMonth: 0 });
    expect((await api.get<{ apps: unknown[] }>("/apps", token)).body.apps).toEqual([created]);
    expect((await api.get<AppBody>(`/apps/${created.id}`, token)).body.app).toEqual(created);
    const renamed = await api.put<AppBody>(`/apps/${created.id}`, { name: "Help desk" }, token);
    expect(renamed.body.app.name).toBe("Help desk");
  });

  it("requires a name: an empty one answers 300 with VALIDATION_REQUIRED", async () => {
    const { token } = await createAccount(t);
    const res = await api.post("/apps", { name: "   " }, token);
    expect(res.body).toMatchObject({
      code: "300",
      data: { fields: [{ path: "name", message: "VALIDATION_REQUIRED" }] },
    });
    expect((await api.post("/apps", {}, token)).body.code).toBe("301");
  });

  it("rejects a name already used in the account, in any case, with code 3005", async () => {
    const { token } = await createAccount(t);
    const first = await createApp(token, "Game lobby");
    expect((await api.post("/apps", { name: "game LOBBY" }, token)).body.code).toBe("3005");
    const second = await createApp(token, "Other");
    expect((await api.put(`/apps/${second.id}`, { name: "Game Lobby" }, token)).body.code).toBe("3005");
    expect((await api.put(`/apps/${first.id}`, { name: "Game lobby" }, token)).status).toBe(200);
  });

  it("refuses a name of only zero-width or other invisible characters as blank, with VALIDATION_REQUIRED", async () => {
    const { token } = await createAccount(t);
    for (const name of ["\u200b", "\u200c\u200d\u2060\ufeff", "\u00ad \u200e\u202e", "\ufe0f\u3164"]) {
      const res = await api.post("/apps", { name }, token);
      expect(res.body).toMatchObject({
        code: "300",
        data: { fields: [{ path: "name", message: "VALIDATION_REQUIRED" }] },
      });
    }
    const app = await createApp(token, "Visible");
    expect((await api.put(`/apps/${app.id}`, { name: "\u200b\u200b" }, token)).body.code).toBe("300");
  });

  it("rejects a name equal after NFC normalization and case folding with code 3005", async () => {
    const { token } = await createAccount(t);
    await createApp(token, "한글 Café");
    const decomposed = "한글 Café".normalize("NFD");
    expect((await api.post("/apps", { name: decomposed }, token)).body.code).toBe("3005");
    expect((await api.post("/apps", { name: "한글 CAFÉ".normalize("NFD") }, token)).body.code).toBe("3005");
    await createApp(token, "Ärger".normalize("NFD"));
    expect((await api.post("/apps", { name: "ärger" }, token)).body.code).toBe("3005");
  });

  it("lets two accounts use the same app name", async () => {
    const a = await createAccount(t);
    const b = await createAccount(t);
    await createApp(a.token, "Same name");
    await createApp(b.token, "Same name");
  });

  it("rejects an 11th app with code 3004", async () => {
    const { token } = await createAccount(t);
    for (let i = 1; i <= 10; i++) await createApp(token, `App ${i}`);
    const res = await api.post("/apps", { name: "App 11" }, token);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("3004");
  });

  it("keeps the limit when eleven creates race", async () => {
    const { token } = await createAccount(t);
    const results = await Promise.all(
      Array.from({ length: 11 }, (_, i) => api.post("/apps", { name: `Race ${i}` }, token)),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    expect(results.filter((r) => r.body.code === "3004")).toHaveLength(1);
  });
});

describe("app chat settings", () => {
  it("defaults to no anonymous login and 100 members, and saves changes", async () => {
    const { token } = await createAccount(t);
    const app = await createApp(token, "Settings");
    expect((await api.get(`/apps/${app.id}/admin`, token)).body).toEqual({
      settings: { allowAnonymousLogin: false, defaultMemberLimit: 100 },
    });
    const settings = { allowAnonymousLogin: true, defaultMemberLimit: 50 };
    expect((await api.put(`/apps/${app.id}/admin`, settings, token)).body).toEqual({ settings });
    expect((await api.get(`/apps/${app.id}/admin`, token)).body).toEqual({ settings });
  });

  it("refuses a member limit above 100", async () => {
    const { token } = await createAccount(t);
    const app = await createApp(token, "Limits");
    const res = await api.put(`/apps/${app.id}/admin`, { allowAnonymousLogin: false, defaultMemberLimit: 101 }, token);
    expect(res.body.code).toBe("300");
  });
});

describe("API keys", () => {
  it("shows the secret once, lists keys without it, and revokes", async () => {
    const { token } = await createAccount(t);
    const app = await createApp(token, "Keys");
    const created = await api.post<{ apiKey: { id: string; prefix: string }; secret: string }>(
      `/apps/${app.id}/api-keys`,
      { label: "backend" },
      token,
    );
    expect(created.status).toBe(200);
    expect(created.body.secret).toMatch(/^psk_[A-Za-z0-9_-]{43}$/);
    expect(created.body.secret.startsWith(created.body.apiKey.prefix)).toBe(true);
    const listed = await api.get<{ apiKeys: Record<string, unknown>[] }>(`/apps/${app.id}/api-keys`, token);
    expect(listed.body.apiKeys).toEqual([created.body.apiKey]);
    expect(JSON.stringify(listed.body)).not.toContain(created.body.secret);

    expect((await t.services.apps.authenticateApiKey(created.body.secret))?.id).toBe(app.id);
    const revoke = await t.server.inject({
      method: "DELETE",
      url: `/api/apps/${app.id}/api-keys/${created.body.apiKey.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(revoke.statusCode).toBe(200);
    expect(await t.services.apps.authenticateApiKey(created.body.secret)).toBeNull();
    expect((await api.get<{ apiKeys: unknown[] }>(`/apps/${app.id}/api-keys`, token)).body.apiKeys).toEqual([]);
  });

  it("records when a key was last used", async () => {
    const { token } = await createAccount(t);
    const app = await createApp(token, "Usage");
    const { secret } = (await api.post<{ secret: string }>(`/apps/${app.id}/api-keys`, { label: "x" }, token)).body;
    await t.services.apps.authenticateApiKey(secret);
    const [key] = (await api.get<{ apiKeys: { lastUsedAt: string | null }[] }>(`/apps/${app.id}/api-keys`, token)).body
      .apiKeys;
    expect(key?.lastUsedAt).toBe(t.clock.now().toISOString());
  });

  it("answers 3015 when revoking a key that is not in the app", async () => {
    const { token } = await createAccount(t);
    const app = await createApp(token, "Revoke");
    const res = await t.server.inject({
      method: "DELETE",
      url: `/api/apps/${app.id}/api-keys/00000000-0000-4000-8000-000000000000`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.json().code).toBe("3015");
  });
});

describe("tenancy", () => {
  it("answers 3003 on every app route for another account's app", async () => {
    const owner = await createAccount(t);
    const stranger = await createAccount(t);
    const app = await createApp(owner.token, "Private");
    const { apiKey } = (
      await api.post<{ apiKey: { id: string } }>(`/apps/${app.id}/api-keys`, { label: "k" }, owner.token)
    ).body;
    const calls = [
      ["GET", `/apps/${app.id}`, undefined],
      ["PUT", `/apps/${app.id}`, { name: "Mine now" }],
      ["GET", `/apps/${app.id}/admin`, undefined],
      ["PUT", `/apps/${app.id}/admin`, { allowAnonymousLogin: true, defaultMemberLimit: 10 }],
      ["GET", `/apps/${app.id}/api-keys`, undefined],
      ["POST", `/apps/${app.id}/api-keys`, { label: "theft" }],
      ["DELETE", `/apps/${app.id}/api-keys/${apiKey.id}`, undefined],
    ] as const;
    for (const [method, url, payload] of calls) {
      const res = await t.server.inject({
        method,
        url: `/api${url}`,
        headers: { authorization: `Bearer ${stranger.token}` },
        ...(payload ? { payload } : {}),
      });
      expect({ method, url, status: res.statusCode, code: res.json().code }).toEqual({
        method,
        url,
        status: 403,
        code: "3003",
      });
    }
    expect((await api.get<{ apps: unknown[] }>("/apps", stranger.token)).body.apps).toEqual([]);
  });

  it("answers 3003 for an app id that does not exist", async () => {
    const { token } = await createAccount(t);
    expect((await api.get("/apps/00000000-0000-4000-8000-000000000000", token)).body.code).toBe("3003");
  });
});
