import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ParleyServer } from "@parley/server";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { DevEnvironment } from "../src/dev";
import { startCli } from "./run-cli";

let dir: string;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "parley-cli-dev-"));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

/** Whether a process with this id exists (signal 0 checks without sending anything). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

it("starts a provisioned local Parley that the server SDK talks to, and on SIGTERM leaves no process or folder", async () => {
  const file = path.join(dir, "parley.json");
  const dev = startCli(["dev", "--json", file]);
  try {
    await dev.waitForOutput(/Ctrl\+C stops it/, 200_000);
    const env = JSON.parse(await fs.readFile(file, "utf8")) as DevEnvironment;
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    expect(dev.stdout()).toContain(env.apiKey);

    const parley = new ParleyServer({ baseUrl: env.baseUrl, apiKey: env.apiKey, appId: env.appId });
    const { users } = await parley.users.list();
    expect(users.map((user) => user.userId)).toEqual(["alice", "bob"]);
    const channel = await parley.channels.create({ name: "CI", ownerUserId: "alice", userIds: ["alice", "bob"] });
    const sent = await parley.messages.sendAs("bob", channel.id, "hello from CI");
    expect(sent).toMatchObject({ text: "hello from CI", sender: { userId: "bob" } });
    const login = await fetch(`${env.baseUrl}/v1/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ appId: env.appId, userId: "alice", token: env.users[0]?.loginToken }),
    });
    expect(login.status).toBe(200);

    expect(isAlive(env.pid)).toBe(true);
    expect(await dev.stop("SIGTERM")).toBe(0);
    expect(isAlive(env.pid)).toBe(false);
    await expect(fs.stat(env.dataDir)).rejects.toMatchObject({ code: "ENOENT" });
  } finally {
    await dev.stop("SIGKILL");
  }
});
