import { spawnSync } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite } from "./client";
import { DataFolderLockedError } from "./lock";

let dataDir: string;
let folder: string;

// One folder for every test, made once: making a database's files takes the embedded database seconds, and the lock
// is the same whether the folder is new or not. Each test leaves it closed and unlocked.
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "parley-lock-"));
  folder = path.join(dataDir, "db");
  await (await openPglite(folder)).close();
}, 60_000);

afterAll(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** The pid of a process that has already ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
  return Number(child.stdout);
}

describe("the embedded database's folder lock", () => {
  it("refuses a second opener while the first holds the folder, naming the holder's pid", async () => {
    const first = await openPglite(folder);
    try {
      const second = openPglite(folder);
      await expect(second).rejects.toBeInstanceOf(DataFolderLockedError);
      await expect(second).rejects.toThrow(`in use by another Parley process (pid ${process.pid}`);
      expect(await first.query<{ one: number }>("select 1 as one")).toEqual([{ one: 1 }]);
    } finally {
      await first.close();
    }
  });

  it("lets the next opener in once the first has closed, and removes the lock file on close", async () => {
    const first = await openPglite(folder);
    await first.close();
    await expect(fs.stat(`${folder}.lock`)).rejects.toMatchObject({ code: "ENOENT" });
    const second = await openPglite(folder);
    await second.close();
  });

  it("takes over a lock left by a process that no longer runs", async () => {
    const pid = deadPid();
    await fs.writeFile(
      `${folder}.lock`,
      JSON.stringify({ pid, hostname: os.hostname(), startedAt: "2026-01-01T00:00:00.000Z" }),
    );
    const database = await openPglite(folder);
    try {
      expect(JSON.parse(await fs.readFile(`${folder}.lock`, "utf8"))).toMatchObject({ pid: process.pid });
    } finally {
      await database.close();
    }
  });

  it("takes over an unreadable lock, as a crash while writing it leaves", async () => {
    await fs.writeFile(`${folder}.lock`, "");
    const database = await openPglite(folder);
    await database.close();
  });
});
