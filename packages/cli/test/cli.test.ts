import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { appServer, chatApp } from "../../../scripts/server-accounts";
import { startTestServer, type TestServer } from "../../../scripts/server-process";
import { type Running, runCli, startCli } from "./run-cli";
import { startVerifyingReceiver } from "./webhook-receiver";

let t: TestServer;
let configHome: string;
const running: Running[] = [];

beforeAll(async () => {
  t = await startTestServer(inject("cliServerTemplate"));
  configHome = await fs.mkdtemp(path.join(os.tmpdir(), "parley-cli-config-"));
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((command) => command.stop()));
});
afterAll(async () => {
  await t?.close();
  await fs.rm(configHome, { recursive: true, force: true });
});

/** An app of its own, and the flags and environment that point the CLI at it. */
async function app() {
  const made = await chatApp(t);
  const flags = ["--base-url", t.baseUrl, "--api-key", made.apiKey];
  return { ...made, flags, env: { XDG_CONFIG_HOME: configHome }, server: appServer(t.baseUrl, made.apiKey) };
}

/** Polls until `probe` answers, failing after `ms` with what was awaited. */
async function until<T>(what: string, probe: () => T | undefined | null | false, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("parley login", () => {
  it("writes the config file with mode 0600 in a folder of mode 0700, and later commands use it", async () => {
    const { apiKey, appId } = await app();
    const home = await fs.mkdtemp(path.join(os.tmpdir(), "parley-cli-login-"));
    try {
      const env = { XDG_CONFIG_HOME: home };
      const saved = await runCli(["login", "--base-url", t.baseUrl, "--api-key", apiKey, "--app-id", appId], env);
      expect(saved.code).toBe(0);
      const file = path.join(home, "parley", "config.json");
      expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
      expect((await fs.stat(path.dirname(file))).mode & 0o777).toBe(0o700);
      expect(JSON.parse(await fs.readFile(file, "utf8"))).toEqual({ baseUrl: t.baseUrl, apiKey, appId });

      const created = await runCli(["users", "create", "kim", "--json"], env);
      expect(created.code).toBe(0);
      expect(JSON.parse(created.stdout)).toMatchObject({ userId: "kim", nickname: "kim" });
    } finally {
      await fs.rm(home, { recursive: true, force: true });
    }
  });
});

describe("users and messages", () => {
  it("creates users and lists them", async () => {
    const { flags, env } = await app();
    expect((await runCli(["users", "create", "kim", "--nickname", "Kim", ...flags], env)).code).toBe(0);
    expect((await runCli(["users", "create", "lee", ...flags], env)).code).toBe(0);
    const listed = await runCli(["users", "list", ...flags], env);
    expect(listed.code).toBe(0);
    // Two users made in the same millisecond may list in either order.
    expect(
      listed.stdout
        .split("\n")
        .filter(Boolean)
        .map((line) => line.split(/\s+/))
        .sort(([a = ""], [b = ""]) => a.localeCompare(b)),
    ).toEqual([
      ["kim", "Kim"],
      ["lee", "lee"],
    ]);
    const json = await runCli(["users", "list", "--json", ...flags], env);
    const ids = JSON.parse(json.stdout).users.map((user: { userId: string }) => user.userId);
    expect(ids.sort()).toEqual(["kim", "lee"]);
  });

  it("sends a message as the app and as a user with --as", async () => {
    const { flags, env, server, appId } = await app();
    await server("POST", "/users", { userId: "kim", nickname: "Kim" });
    const { channel } = await server<{ channel: { id: string } }>("POST", "/channels", {
      name: "Room",
      ownerUserId: "kim",
      userIds: ["kim"],
    });
    const asApp = await runCli(["messages", "send", channel.id, "hello from the app", "--json", ...flags], env);
    expect(asApp.code).toBe(0);
    expect(JSON.parse(asApp.stdout)).toMatchObject({ type: "admin", text: "hello from the app" });
    const asKim = await runCli(
      ["messages", "send", channel.id, "hello from kim", "--as", "kim", "--app-id", appId, "--json", ...flags],
      env,
    );
    expect(asKim.stderr).toBe("");
    expect(asKim.code).toBe(0);
    expect(JSON.parse(asKim.stdout)).toMatchObject({ text: "hello from kim", sender: { userId: "kim" } });
  });

  it("prints the catalogue code and message of an API error and exits 1", async () => {
    const { flags, env } = await app();
    const missing = await runCli(["messages", "send", "7d0e4c1a-3b5f-4f2e-9a61-2c8b9e0d4f17", "hi", ...flags], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^3007 \S/);
    const unknown = await runCli(["events", "resend", "99999999", ...flags], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/^3190 \S/);
  });

  it("exits 2 on a usage error", async () => {
    const { flags, env } = await app();
    expect((await runCli(["users", "create", ...flags], env)).code).toBe(2);
    expect((await runCli(["listen", ...flags], env)).code).toBe(2);
    expect((await runCli(["users", "list", "--limit", "none", ...flags], env)).code).toBe(2);
    expect((await runCli(["users", "list"], env)).code).toBe(2);
  });
});

describe("parley listen", () => {
  it("forwards a real message.created that a Standard Webhooks receiver verifies, and resends it", async () => {
    const { flags, env, server, appId } = await app();
    let secret = "";
    const receiver = await startVerifyingReceiver(() => secret);
    try {
      const listener = startCli(["listen", "--forward-to", receiver.url, ...flags], env);
      running.push(listener);
      secret = (await listener.waitForOutput(/Signing secret: (whsec_\S+)/))[1] ?? "";
      await listener.waitForOutput(/Ready: forwarding/);

      await server("POST", "/users", { userId: "kim", nickname: "Kim" });
      const { channel } = await server<{ channel: { id: string } }>("POST", "/channels", {
        name: "Room",
        ownerUserId: "kim",
      });
      await server("POST", `/channels/${channel.id}/messages`, { text: "hello laptop" });
      const isHello = (payload: unknown) =>
        (payload as { data?: { event?: { message?: { text?: string } } } }).data?.event?.message?.text ===
        "hello laptop";
      const first = await until("the forwarded message", () => receiver.received.find((r) => isHello(r.payload)));
      expect(first).toMatchObject({
        isVerified: true,
        payload: {
          type: "message.created",
          data: { appId, event: { type: "message.created", channelId: channel.id } },
        },
      });
      const eventId = String(first.headers["webhook-id"]);
      const line = await listener.waitForOutput(new RegExp(`message\\.created\\s+${eventId}\\s+204\\s+\\d+ ms`));
      expect(line[0]).toBeTruthy();

      const resent = await runCli(["events", "resend", eventId, ...flags], env);
      expect(resent.code).toBe(0);
      expect(resent.stdout).toContain(`Resent message.created ${eventId}`);
      const again = await until("the resent message", () => receiver.received.filter((r) => isHello(r.payload))[1]);
      expect(again).toMatchObject({ isVerified: true, payload: first.payload });
      await listener.waitForOutput(new RegExp(`${eventId} \\(resent\\)\\s+204`));

      expect(await listener.stop("SIGINT")).toBe(0);
    } finally {
      await receiver.close();
    }
  });

  it("forwards only the types named by --events, signed with the secret given by --secret", async () => {
    const { flags, env, server } = await app();
    const secret = `whsec_${Buffer.from("a secret of sixteen+ bytes").toString("base64")}`;
    const receiver = await startVerifyingReceiver(() => secret);
    try {
      const listener = startCli(
        ["listen", "--forward-to", receiver.url, "--events", "member.joined", "--secret", secret, "--json", ...flags],
        env,
      );
      running.push(listener);
      await listener.waitForOutput(/Ready: forwarding/);
      await server("POST", "/users", { userId: "kim", nickname: "Kim" });
      await server("POST", "/users", { userId: "lee", nickname: "Lee" });
      const { channel } = await server<{ channel: { id: string } }>("POST", "/channels", {
        name: "Room",
        ownerUserId: "kim",
      });
      await server("POST", `/channels/${channel.id}/messages`, { text: "left out" });
      await server("POST", `/channels/${channel.id}/members`, { userIds: ["lee"] });
      await until("the forwarded join", () => receiver.received.length > 0);
      expect(receiver.received.map((r) => [r.isVerified, (r.payload as { type: string }).type])).toEqual([
        [true, "member.joined"],
      ]);
      const lines = (await listener.waitForOutput(/^\{[^\n]*"type":"member.joined"[^\n]*$/m))[0];
      expect(JSON.parse(lines)).toMatchObject({ type: "member.joined", status: 204, resent: false });
    } finally {
      await receiver.close();
    }
  });
});
