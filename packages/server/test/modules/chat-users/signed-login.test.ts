import { exportSPKI, generateKeyPair, type JWTPayload, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { v1 } from "../../chat-client";
import { createChatApp, createLoginSigningSecret } from "../../factories";
import { listenForSockets, startTestApp, type TestApp } from "../../harness";
import { openSocket } from "../../ws-client";

let t: TestApp;
let wsUrl: string;
let anon: ReturnType<typeof v1>;

beforeAll(async () => {
  t = await startTestApp();
  wsUrl = await listenForSockets(t);
  anon = v1(t.server);
});
afterAll(() => t?.close());

const HOUR = 60 * 60;
const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000);
const key = (value: string) => new TextEncoder().encode(value);

/** A login token as an app's server signs it with a standard JWT library: HS256, its kid, sub, aud, iat and exp. */
function sign(
  secret: { kid: string; value: string },
  claims: JWTPayload & { sub: string; aud: string },
  header: { alg?: string; kid?: string } = {},
) {
  const iat = claims.iat ?? nowSeconds();
  return new SignJWT({ ...claims, iat, exp: claims.exp ?? iat + HOUR })
    .setProtectedHeader({ alg: header.alg ?? "HS256", typ: "JWT", kid: header.kid ?? secret.kid })
    .sign(key(secret.value));
}

const login = (appId: string, userId: string, token: string) =>
  anon.post<{ sessionToken: string; user: { nickname: string; profileImageUrl: string } }>("/auth/login", {
    appId,
    userId,
    token,
  });

/** An app with a signing secret, and a token for `userId` signed with it. */
async function signingApp() {
  const app = await createChatApp(t);
  const secret = await createLoginSigningSecret(t, app.appId);
  const tokenFor = (userId: string, claims: Omit<JWTPayload, "sub" | "aud"> = {}) =>
    sign(secret, { sub: userId, aud: app.appId, ...claims });
  return { ...app, secret, tokenFor, dashboard: dashboardOf(app.appId, app.owner.token) };
}

/** The dashboard API of one app, as its owner calls it. */
function dashboardOf(appId: string, token: string) {
  const call = async <T>(method: "GET" | "POST" | "DELETE", url: string, body?: unknown) => {
    const res = await t.server.inject({
      method,
      url: `/api/apps/${appId}${url}`,
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
      headers: { authorization: `Bearer ${token}` },
    });
    return { status: res.statusCode, body: res.json() as T & { code?: string } };
  };
  return {
    get: <T = Record<string, unknown>>(url: string) => call<T>("GET", url),
    post: <T = Record<string, unknown>>(url: string, body: unknown = {}) => call<T>("POST", url, body),
    delete: <T = Record<string, unknown>>(url: string) => call<T>("DELETE", url),
  };
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

describe("login with a token the app signed", () => {
  it("logs in with a token jose signed, creating the unknown user from its claims", async () => {
    const app = await signingApp();
    const token = await app.tokenFor("kim", { nickname: "Kim", profileImageUrl: "https://cdn.example/kim.png" });
    const res = await login(app.appId, "kim", token);
    expect(res.status).toBe(200);
    expect(res.body.sessionToken).toMatch(/^pcs_/);
    expect(res.body.user).toMatchObject({
      userId: "kim",
      nickname: "Kim",
      profileImageUrl: "https://cdn.example/kim.png",
    });
    expect((await v1(t.server, res.body.sessionToken).get("/me")).status).toBe(200);
  });

  it("keeps an existing user's profile and names a new user without a nickname claim by its ID", async () => {
    const app = await signingApp();
    await app.user("lee", "Lee");
    const again = await login(app.appId, "lee", await app.tokenFor("lee", { nickname: "Someone else" }));
    expect(again.body.user.nickname).toBe("Lee");
    const plain = await login(app.appId, "park", await app.tokenFor("park"));
    expect(plain.body.user.nickname).toBe("park");
  });

  it("refuses a deactivated user with 3017, as the token API's login does", async () => {
    const app = await signingApp();
    await app.user("kim");
    expect((await app.server.post("/users/kim/deactivate")).status).toBe(200);
    expect((await login(app.appId, "kim", await app.tokenFor("kim"))).body.code).toBe("3017");
  });

  it("still logs in with opaque tokens from the token API", async () => {
    const app = await signingApp();
    await app.user("kim");
    const { body } = await app.server.post<{ token: string }>("/users/kim/token", {});
    expect((await login(app.appId, "kim", body.token)).status).toBe(200);
    expect((await login(app.appId, "kim", "not-a-token")).body.code).toBe("3027");
  });

  it("refuses a token signed with a wrong secret with code 3180", async () => {
    const app = await signingApp();
    const wrong = await sign({ kid: app.secret.kid, value: "pls_wrong" }, { sub: "kim", aud: app.appId });
    const res = await login(app.appId, "kim", wrong);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("3180");
  });

  it("refuses an expired token with code 3181, with 60 seconds of clock skew", async () => {
    const app = await signingApp();
    const iat = nowSeconds() - 2 * HOUR;
    const expired = await app.tokenFor("kim", { iat, exp: nowSeconds() - 61 });
    expect((await login(app.appId, "kim", expired)).body.code).toBe("3181");
    const withinSkew = await app.tokenFor("kim", { iat, exp: nowSeconds() - 30 });
    expect((await login(app.appId, "kim", withinSkew)).status).toBe(200);
  });

  it("refuses a token whose nbf or iat is in the future with code 3181", async () => {
    const app = await signingApp();
    const notYet = await app.tokenFor("kim", { nbf: nowSeconds() + 10 * 60 });
    expect((await login(app.appId, "kim", notYet)).body.code).toBe("3181");
    const future = await app.tokenFor("kim", { iat: nowSeconds() + 10 * 60 });
    expect((await login(app.appId, "kim", future)).body.code).toBe("3181");
  });

  it("refuses a token living longer than 30 days, or without exp, with code 3182", async () => {
    const app = await signingApp();
    const long = await app.tokenFor("kim", { exp: nowSeconds() + 31 * 24 * HOUR });
    expect((await login(app.appId, "kim", long)).body.code).toBe("3182");
    const header = b64({ alg: "HS256", typ: "JWT", kid: app.secret.kid });
    const noExp = await new SignJWT({ sub: "kim", aud: app.appId, iat: nowSeconds() })
      .setProtectedHeader({ alg: "HS256", typ: "JWT", kid: app.secret.kid })
      .sign(key(app.secret.value));
    expect(noExp.startsWith(header)).toBe(true);
    expect((await login(app.appId, "kim", noExp)).body.code).toBe("3182");
  });

  it("refuses a token whose sub is not the login's userId with code 3182", async () => {
    const app = await signingApp();
    expect((await login(app.appId, "kim", await app.tokenFor("lee"))).body.code).toBe("3182");
  });

  it("refuses a token signed for another app with code 3183, and another app's secret with code 3180", async () => {
    const app = await signingApp();
    const other = await signingApp();
    const forOther = await sign(app.secret, { sub: "kim", aud: other.appId });
    expect((await login(app.appId, "kim", forOther)).body.code).toBe("3183");
    // Signed by the other app for this one: its kid is not this app's.
    const otherSecret = await sign(other.secret, { sub: "kim", aud: app.appId });
    expect((await login(app.appId, "kim", otherSecret)).body.code).toBe("3180");
    // Presented to the other app, this app's own token fails the other's aud.
    expect((await login(other.appId, "kim", await app.tokenFor("kim"))).body.code).toBe("3180");
  });

  it("refuses alg none, HS512 and a missing kid with code 3180", async () => {
    const app = await signingApp();
    const claims = { sub: "kim", aud: app.appId, iat: nowSeconds(), exp: nowSeconds() + HOUR };
    const none = `${b64({ alg: "none", typ: "JWT", kid: app.secret.kid })}.${b64(claims)}.`;
    expect((await login(app.appId, "kim", none)).body.code).toBe("3180");
    const hs512 = await sign(app.secret, { sub: "kim", aud: app.appId }, { alg: "HS512" });
    expect((await login(app.appId, "kim", hs512)).body.code).toBe("3180");
    const noKid = await new SignJWT(claims).setProtectedHeader({ alg: "HS256" }).sign(key(app.secret.value));
    expect((await login(app.appId, "kim", noKid)).body.code).toBe("3180");
  });

  it("refuses algorithm confusion with code 3180: an RS256 token, and HS256 keyed with a public key's text", async () => {
    const app = await signingApp();
    const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
    const claims = { sub: "kim", aud: app.appId, iat: nowSeconds(), exp: nowSeconds() + HOUR };
    const rs256 = await new SignJWT(claims)
      .setProtectedHeader({ alg: "RS256", typ: "JWT", kid: app.secret.kid })
      .sign(privateKey);
    expect((await login(app.appId, "kim", rs256)).body.code).toBe("3180");
    const pem = await exportSPKI(publicKey);
    const confused = await sign({ kid: app.secret.kid, value: pem }, { sub: "kim", aud: app.appId });
    expect((await login(app.appId, "kim", confused)).body.code).toBe("3180");
  });

  it("refuses a token whose payload was changed after signing with code 3180", async () => {
    const app = await signingApp();
    const [header, , signature] = (await app.tokenFor("kim")).split(".");
    const forged = b64({ sub: "admin", aud: app.appId, iat: nowSeconds(), exp: nowSeconds() + HOUR });
    expect((await login(app.appId, "admin", `${header}.${forged}.${signature}`)).body.code).toBe("3180");
  });

  it("refuses a signed token with code 3185 once the app's last secret is deleted, and a second delete with 3186", async () => {
    const app = await signingApp();
    const token = await app.tokenFor("kim");
    expect((await app.dashboard.delete(`/login-signing/secrets/${app.secret.kid}`)).status).toBe(200);
    expect((await login(app.appId, "kim", token)).body.code).toBe("3185");
    expect((await app.dashboard.delete(`/login-signing/secrets/${app.secret.kid}`)).body.code).toBe("3186");
  });
});

describe("rotating the signing secret", () => {
  it("keeps the old secret verifying through the overlap and refuses it with 3180 after", async () => {
    const app = await signingApp();
    const rotated = await app.dashboard.post<{ secret: { id: string }; value: string; secrets: unknown[] }>(
      "/login-signing/secrets",
      { overlapSeconds: HOUR },
    );
    expect(rotated.status).toBe(200);
    expect(rotated.body.value).toMatch(/^pls_[A-Za-z0-9_-]{43}$/);
    expect(rotated.body.secrets).toHaveLength(2);
    const fresh = { kid: rotated.body.secret.id, value: rotated.body.value };

    expect((await login(app.appId, "kim", await app.tokenFor("kim"))).status).toBe(200);
    t.clock.advance((HOUR + 1) * 1000);
    expect((await login(app.appId, "kim", await app.tokenFor("kim"))).body.code).toBe("3180");
    expect((await login(app.appId, "kim", await sign(fresh, { sub: "kim", aud: app.appId }))).status).toBe(200);
    const listed = await app.dashboard.get<{ secrets: { id: string; expiresAt: string | null }[] }>(
      "/login-signing/secrets",
    );
    expect(listed.body.secrets).toEqual([expect.objectContaining({ id: fresh.kid, expiresAt: null })]);
  });

  it("keeps at most two secrets: a second rotation ends the first rotated-out secret at once", async () => {
    const app = await signingApp();
    await app.dashboard.post("/login-signing/secrets", { overlapSeconds: HOUR });
    const listed = await app.dashboard.post<{ secrets: { id: string }[] }>("/login-signing/secrets", {});
    expect(listed.body.secrets).toHaveLength(2);
    expect(listed.body.secrets.map((s) => s.id)).not.toContain(app.secret.kid);
    expect((await login(app.appId, "kim", await app.tokenFor("kim"))).body.code).toBe("3180");
  });

  it("refuses an overlap longer than 7 days with code 300, and never lists a secret's value", async () => {
    const app = await signingApp();
    const res = await app.dashboard.post("/login-signing/secrets", { overlapSeconds: 8 * 24 * HOUR });
    expect(res.body.code).toBe("300");
    const listed = await app.dashboard.get("/login-signing/secrets");
    expect(JSON.stringify(listed.body)).not.toContain(app.secret.value);
  });
});

describe("revoking tokens issued before a time", () => {
  it("refuses a user's signed tokens issued before a per-user revocation with 3184, and others' still log in", async () => {
    const app = await signingApp();
    const early = await app.tokenFor("kim");
    const leeEarly = await app.tokenFor("lee");
    expect((await login(app.appId, "kim", early)).status).toBe(200);
    t.clock.advance(1000);
    const revoked = await app.server.post<{ issuedBefore: string }>("/users/kim/tokens/revoke", {});
    expect(revoked.status).toBe(200);
    expect(revoked.body.issuedBefore).toBe(t.clock.now().toISOString());
    expect((await login(app.appId, "kim", early)).body.code).toBe("3184");
    expect((await login(app.appId, "lee", leeEarly)).status).toBe(200);
    t.clock.advance(1000);
    expect((await login(app.appId, "kim", await app.tokenFor("kim"))).status).toBe(200);
  });

  it("refuses every user's signed and opaque tokens issued before a per-app revocation", async () => {
    const app = await signingApp();
    await app.user("kim");
    const { body: opaque } = await app.server.post<{ token: string }>("/users/kim/token", {});
    const early = await app.tokenFor("new-user");
    t.clock.advance(1000);
    expect((await app.server.post("/tokens/revoke", {})).status).toBe(200);
    expect((await login(app.appId, "kim", opaque.token)).body.code).toBe("3027");
    expect((await login(app.appId, "new-user", early)).body.code).toBe("3184");
    // Nothing was left behind by the refused first login.
    expect((await app.server.get("/users/new-user")).body.code).toBe("3018");
    t.clock.advance(1000);
    const { body: later } = await app.server.post<{ token: string }>("/users/kim/token", {});
    expect((await login(app.appId, "kim", later.token)).status).toBe(200);
  });

  it("ends the sessions started before the time and closes their sockets; later sessions stay", async () => {
    const app = await signingApp();
    const kim = await app.user("kim");
    const lee = await app.user("lee");
    const kimSocket = await openSocket(wsUrl, { token: kim.sessionToken });
    await kimSocket.next((f) => f.type === "ready");
    t.clock.advance(1000);
    const issuedBefore = t.clock.now().toISOString();
    t.clock.advance(1000);
    const later = await login(app.appId, "kim", await app.tokenFor("kim"));

    expect((await app.server.post("/users/kim/tokens/revoke", { issuedBefore })).status).toBe(200);
    expect(await kimSocket.closed).toBe(4001);
    expect((await kim.api.get("/me")).status).toBe(401);
    expect((await v1(t.server, later.body.sessionToken).get("/me")).status).toBe(200);
    expect((await lee.api.get("/me")).status).toBe(200);

    t.clock.advance(1000);
    expect((await app.dashboard.post("/login-signing/revoke", {})).status).toBe(200);
    expect((await lee.api.get("/me")).status).toBe(401);
    expect((await v1(t.server, later.body.sessionToken).get("/me")).status).toBe(401);
  });

  it("keeps the later revocation time when an earlier one is asked, and refuses a time to come with 3187", async () => {
    const app = await signingApp();
    const first = await app.server.post<{ issuedBefore: string }>("/tokens/revoke", {});
    const earlier = new Date(t.clock.now().getTime() - HOUR * 1000).toISOString();
    const second = await app.server.post<{ issuedBefore: string }>("/tokens/revoke", { issuedBefore: earlier });
    expect(second.body.issuedBefore).toBe(first.body.issuedBefore);
    const future = new Date(t.clock.now().getTime() + HOUR * 1000).toISOString();
    expect((await app.server.post("/tokens/revoke", { issuedBefore: future })).body.code).toBe("3187");
    expect((await app.server.post("/users/nobody/tokens/revoke", {})).body.code).toBe("3018");
  });

  it("refuses the revocation routes to a user's session with 1023: they are the app's server's", async () => {
    const app = await signingApp();
    const kim = await app.user("kim");
    expect((await kim.api.post("/tokens/revoke", {})).body.code).toBe("1023");
    expect((await kim.api.post("/users/kim/tokens/revoke", {})).body.code).toBe("1023");
  });
});
