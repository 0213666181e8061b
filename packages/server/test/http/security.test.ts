import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTENT_SECURITY_POLICY } from "../../src/http/security";
import { createChatApp } from "../factories";
import { STRONG_PASSWORD, signUpThroughMail, startTestApp, type TestApp } from "../harness";

const lines: string[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({
    env: { LOG_LEVEL: "trace" },
    logStream: { write: (line: string) => void lines.push(line) },
  });
});
afterAll(() => t?.close());

describe("security headers", () => {
  it("sends the content security policy and the other security headers on API answers and pages", async () => {
    for (const url of ["/api/health", "/intro", "/api/nowhere"]) {
      const res = await t.server.inject({ method: "GET", url });
      expect(res.headers["content-security-policy"]).toBe(CONTENT_SECURITY_POLICY);
      expect(res.headers).toMatchObject({
        "x-content-type-options": "nosniff",
        "x-frame-options": "DENY",
        "referrer-policy": "strict-origin-when-cross-origin",
      });
    }
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
    expect(CONTENT_SECURITY_POLICY).not.toContain("'unsafe-eval'");
  });

  it("echoes a plain request id and replaces one that could forge log lines", async () => {
    const kept = await t.server.inject({ method: "GET", url: "/api/health", headers: { "x-request-id": "abc-123" } });
    expect(kept.headers["x-request-id"]).toBe("abc-123");
    const replaced = await t.server.inject({
      method: "GET",
      url: "/api/health",
      headers: { "x-request-id": 'x"\n{"level":60}' },
    });
    expect(replaced.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("answers a chat API preflight from any origin, and not for the dashboard API", async () => {
    const preflight = await t.server.inject({
      method: "OPTIONS",
      url: "/v1/channels",
      headers: { origin: "https://customer.example", "access-control-request-method": "POST" },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers["access-control-allow-origin"]).toBe("*");
    expect(preflight.headers["access-control-allow-headers"]).toContain("authorization");
    const dashboard = await t.server.inject({
      method: "GET",
      url: "/api/health",
      headers: { origin: "https://x.example" },
    });
    expect(dashboard.headers["access-control-allow-origin"]).toBeUndefined();
  });
});

describe("body limits", () => {
  it("refuses a dashboard body over 64 KB with 006 and changes nothing", async () => {
    const { dashboardAuth, appId } = await createChatApp(t);
    const res = await t.server.inject({
      method: "PUT",
      url: `/api/apps/${appId}`,
      headers: { ...dashboardAuth, "content-type": "application/json" },
      payload: JSON.stringify({ name: "x".repeat(70 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe("006");
    const app = await t.server.inject({ method: "GET", url: `/api/apps/${appId}`, headers: dashboardAuth });
    expect(app.json().app.name).toBe("Chat");
  });

  it("reads an over-long message whole, so it answers 3013 rather than 006", async () => {
    const chat = await createChatApp(t);
    const kim = await chat.user("kim");
    const { channel } = (await kim.api.post<{ channel: { id: string } }>("/channels", { name: "Long" })).body;
    const res = await kim.api.post(`/channels/${channel.id}/messages`, { text: "가".repeat(6000) });
    expect(res.body.code).toBe("3013");
  });
});

describe("logs", () => {
  it("never writes a password, token, key, secret or mail address, and gives every request line its request id", async () => {
    // Signed up through the API: the sign-up's password and its mail are among what the log must keep out and record.
    const chat = await createChatApp(t, { owner: await signUpThroughMail(t) });
    const kim = await chat.user("kim");
    const webhook = await t.server.inject({
      method: "GET",
      url: `/api/apps/${chat.appId}/webhook/settings`,
      headers: chat.dashboardAuth,
    });
    const webhookSecret: string = webhook.json().settings.secret;
    await t.server.inject({ method: "GET", url: "/login/link?token=link-secret-0123456789&app=1" });
    await t.server.inject({
      method: "GET",
      url: `/api/auth/email/verified?email=${encodeURIComponent(chat.owner.email)}`,
    });
    await t.server.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "no@x.y", password: "Wrong-pass-123" },
    });

    const secrets = [STRONG_PASSWORD, "Wrong-pass-123", chat.owner.token, chat.apiKey, kim.sessionToken, webhookSecret];
    const log = lines.join("");
    expect(log.length).toBeGreaterThan(0);
    for (const secret of secrets) expect(log).not.toContain(secret);
    // Addresses are personal data: a sent mail is logged by its job and subject.
    expect(log).toContain("mail sent");
    expect(log).not.toContain(chat.owner.email);
    expect(log).not.toContain(encodeURIComponent(chat.owner.email));
    expect(log).not.toContain("link-secret-0123456789");
    expect(log).toContain("token=%5Bredacted%5D&app=1");

    const requestLines = lines.map((l) => JSON.parse(l)).filter((l) => l.req || l.res);
    expect(requestLines.length).toBeGreaterThan(10);
    for (const line of requestLines) expect(line.reqId).toEqual(expect.any(String));
  });
});
