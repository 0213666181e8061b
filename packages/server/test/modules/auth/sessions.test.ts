import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client } from "../../client";
import { STRONG_PASSWORD, signUpThroughMail, startTestApp, type TestApp } from "../../harness";

let t: TestApp;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  t = await startTestApp();
  api = client(t.server);
});
afterAll(() => t?.close());

type Sessions = { sessions: { id: string; userAgent: string; current: boolean; lastUsedAt: string }[] };

async function loginAgain(email: string, userAgent: string): Promise<string> {
  const res = await t.server.inject({
    method: "POST",
    url: "/api/auth/login",
    headers: { "user-agent": userAgent },
    payload: { email, password: STRONG_PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  return res.json().sessionToken;
}

async function del(url: string, token: string) {
  const res = await t.server.inject({
    method: "DELETE",
    url: `/api${url}`,
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.statusCode, body: res.json() };
}

describe("active sessions", () => {
  it("lists the account's sessions with their browsers and marks the caller's own", async () => {
    const { email, token } = await signUpThroughMail(t);
    const phone = await loginAgain(email, "Mozilla/5.0 (iPhone) Safari");
    const list = await api.get<Sessions>("/auth/sessions", token);
    expect(list.status).toBe(200);
    expect(list.body.sessions).toHaveLength(2);
    expect(list.body.sessions.filter((s) => s.current)).toHaveLength(1);
    expect(list.body.sessions.map((s) => s.userAgent)).toContain("Mozilla/5.0 (iPhone) Safari");
    const fromPhone = await api.get<Sessions>("/auth/sessions", phone);
    const own = fromPhone.body.sessions.find((s) => s.current);
    expect(own?.userAgent).toBe("Mozilla/5.0 (iPhone) Safari");
    // Another account's sessions never show.
    const other = await signUpThroughMail(t);
    expect((await api.get<Sessions>("/auth/sessions", other.token)).body.sessions).toHaveLength(1);
  });

  it("ends one session, which then answers 1001, and answers 1029 for a session that is not the caller's", async () => {
    const { email, token } = await signUpThroughMail(t);
    const phone = await loginAgain(email, "phone");
    const list = await api.get<Sessions>("/auth/sessions", token);
    const phoneSession = list.body.sessions.find((s) => !s.current);
    expect((await del(`/auth/sessions/${phoneSession?.id}`, token)).body).toEqual({ ok: true });
    expect((await api.get("/apps", phone)).body.code).toBe("1001");
    expect((await api.get("/apps", token)).status).toBe(200);

    const other = await signUpThroughMail(t);
    const otherSession = (await api.get<Sessions>("/auth/sessions", other.token)).body.sessions[0];
    const refused = await del(`/auth/sessions/${otherSession?.id}`, token);
    expect(refused).toMatchObject({ status: 404, body: { code: "1029" } });
    expect((await api.get("/apps", other.token)).status).toBe(200);
    expect((await del("/auth/sessions/not-a-uuid", token)).body.code).toBe("300");
  });

  it("logs out everywhere: every session of the account ends, the caller's own included", async () => {
    const { email, token } = await signUpThroughMail(t);
    const tablet = await loginAgain(email, "tablet");
    const laptop = await loginAgain(email, "laptop");
    const other = await signUpThroughMail(t);
    const res = await del("/auth/sessions", token);
    expect(res.body).toEqual({ ended: 3 });
    for (const ended of [token, tablet, laptop]) expect((await api.get("/apps", ended)).body.code).toBe("1001");
    expect((await api.get("/apps", other.token)).status).toBe(200);
  });

  it("answers 1001 without a session", async () => {
    expect((await api.get("/auth/sessions")).body.code).toBe("1001");
    expect((await del("/auth/sessions", "nope")).body.code).toBe("1001");
  });
});
