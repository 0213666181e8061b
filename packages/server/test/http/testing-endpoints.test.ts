import Fastify from "fastify";
import { serializerCompiler } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OffsetClock } from "../../src/clock";
import { registerErrorHandler } from "../../src/http/error-handler";
import { isLoopback, registerTestingEndpoints } from "../../src/http/testing";
import { validatorCompiler } from "../../src/http/validation";
import { createAccount } from "../factories";
import { signupBody, startTestApp, type TestApp, uniqueEmail } from "../harness";

describe("testing endpoints", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it("are absent unless the operator turns them on (004)", async () => {
    const clock = await t.server.inject({ method: "PUT", url: "/api/testing/clock", payload: { now: null } });
    expect(clock.statusCode).toBe(404);
    expect(clock.json().code).toBe("004");
    const job = await t.server.inject({ method: "POST", url: "/api/testing/jobs/billing.daily" });
    expect(job.json().code).toBe("004");
    const notice = await t.server.inject({
      method: "PUT",
      url: "/api/testing/notice-feature",
      payload: { email: "someone@example.com", enabled: true },
    });
    expect(notice.json().code).toBe("004");
    const role = await t.server.inject({
      method: "PUT",
      url: "/api/testing/role",
      payload: { email: "someone@example.com", role: "admin" },
    });
    expect(role.json().code).toBe("004");
    const account = await t.server.inject({
      method: "POST",
      url: "/api/testing/accounts",
      payload: signupBody(uniqueEmail()),
    });
    expect(account.json().code).toBe("004");
  });
});

describe("testing endpoints turned on", () => {
  let t: TestApp;
  let server: ReturnType<typeof Fastify>;
  beforeAll(async () => {
    t = await startTestApp();
    server = Fastify();
    server.setValidatorCompiler(validatorCompiler);
    server.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(server);
    registerTestingEndpoints(server, {
      clock: new OffsetClock(),
      jobHandlers: t.jobHandlers,
      database: t.ctx.database,
      auth: t.services.auth,
    });
    await server.ready();
  });
  afterAll(async () => {
    await server.close();
    await t.close();
  });

  it("refuse a caller on another machine with 004, and make nobody an admin", async () => {
    const { email, token } = await createAccount(t);
    const refused = await server.inject({
      method: "PUT",
      url: "/api/testing/role",
      payload: { email, role: "admin" },
      remoteAddress: "203.0.113.7",
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe("004");
    const session = await t.server.inject({
      method: "GET",
      url: "/api/auth/session",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(session.json().isAdmin).toBe(false);
    for (const remoteAddress of ["10.0.0.5", "::ffff:10.0.0.5", "2001:db8::1"]) {
      const clock = await server.inject({
        method: "PUT",
        url: "/api/testing/clock",
        payload: { now: null },
        remoteAddress,
      });
      expect(clock.json().code).toBe("004");
    }
  });

  it("make a verified account with a session that the dashboard API admits and that logs in with its password", async () => {
    const body = signupBody(uniqueEmail(), { language: "en" });
    const made = await server.inject({ method: "POST", url: "/api/testing/accounts", payload: body });
    expect(made.statusCode).toBe(200);
    const { session } = made.json() as { session: { sessionToken: string; email: string } };
    expect(session.email).toBe(body.email);
    const state = await t.server.inject({
      method: "GET",
      url: "/api/auth/session",
      headers: { authorization: `Bearer ${session.sessionToken}` },
    });
    expect(state.statusCode).toBe(200);
    expect(state.json()).toMatchObject({ email: body.email, isAdmin: false });
    const login = await t.server.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: body.email, password: body.password },
    });
    expect(login.statusCode).toBe(200);
  });

  it("refuse an account body that sign-up would refuse, with 300", async () => {
    const made = await server.inject({
      method: "POST",
      url: "/api/testing/accounts",
      payload: signupBody(uniqueEmail(), { termsAccepted: false }),
    });
    expect(made.statusCode).toBe(400);
    expect(made.json().code).toBe("300");
  });

  it("answer a caller on this machine", async () => {
    for (const remoteAddress of ["127.0.0.1", "::1", "::ffff:127.0.0.1"]) {
      const clock = await server.inject({
        method: "PUT",
        url: "/api/testing/clock",
        payload: { now: null },
        remoteAddress,
      });
      expect(clock.statusCode).toBe(200);
    }
  });

  it("know loopback addresses", () => {
    expect(isLoopback("127.1.2.3")).toBe(true);
    expect(isLoopback("128.0.0.1")).toBe(false);
    expect(isLoopback("::ffff:192.168.0.1")).toBe(false);
    expect(isLoopback(undefined)).toBe(false);
  });
});

describe("OffsetClock", () => {
  it("moves to a given time and back to the real time", () => {
    const clock = new OffsetClock();
    clock.set("2027-01-05T01:00:00.000Z");
    expect(Math.abs(clock.now().getTime() - Date.parse("2027-01-05T01:00:00.000Z"))).toBeLessThan(5_000);
    clock.set(null);
    expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(5_000);
  });
});
