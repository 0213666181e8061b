import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** Who holds an embedded database folder, as its lock file says. */
export interface LockHolder {
  pid: number;
  hostname: string;
  startedAt: string;
}

/**
 * Another live process holds the folder. Two PGlite instances on one folder each believe they own it: the second
 * one's writes are lost when the first writes its own state back, and the folder can be left unreadable.
 */
export class DataFolderLockedError extends Error {
  constructor(
    readonly folder: string,
    readonly lockFile: string,
    readonly holder: LockHolder,
  ) {
    const where = holder.hostname === os.hostname() ? "" : ` on ${holder.hostname}`;
    super(
      `The database folder ${folder} is in use by another Parley process (pid ${holder.pid}${where}, since ` +
        `${holder.startedAt}). Two processes must never open one embedded database: stop that process first.`,
    );
    this.name = "DataFolderLockedError";
  }
}

function parseHolder(text: string): LockHolder | null {
  try {
    const value = JSON.parse(text) as Partial<LockHolder>;
    if (!Number.isInteger(value.pid) || typeof value.hostname !== "string") return null;
    return { pid: value.pid as number, hostname: value.hostname, startedAt: String(value.startedAt ?? "") };
  } catch {
    return null;
  }
}

/** A holder on another machine (a shared volume) cannot be checked from here, so it counts as alive. */
function isAlive(holder: LockHolder): boolean {
  if (holder.hostname !== os.hostname()) return true;
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readIfPresent(file: string): string | null {
  try {
    return fs.readFileSync(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw err;
  }
}

/**
 * Takes the lock of an embedded database folder: `<folder>.lock` beside it, holding this process's pid. A lock whose
 * process is gone (a crash, a kill) is taken over. Returns the release, which removes the file only while it is
 * still ours; the file also goes when the process exits without closing the database.
 */
export function lockDataFolder(folder: string): () => void {
  const lockFile = `${folder}.lock`;
  fs.mkdirSync(path.dirname(lockFile), { recursive: true });
  const mine = JSON.stringify({ pid: process.pid, hostname: os.hostname(), startedAt: new Date().toISOString() });

  const release = () => {
    process.off("exit", release);
    if (readIfPresent(lockFile) === mine) fs.rmSync(lockFile, { force: true });
  };

  // A few rounds: each lost race (another process taking or moving the lock at the same moment) costs one.
  for (let round = 0; round < 5; round += 1) {
    try {
      fs.writeFileSync(lockFile, mine, { flag: "wx" });
      process.on("exit", release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
    const found = readIfPresent(lockFile);
    if (found === null) continue;
    const holder = parseHolder(found);
    if (holder && isAlive(holder)) throw new DataFolderLockedError(folder, lockFile, holder);
    // Stale. Moved aside rather than deleted, so that of two processes taking it over at once only one succeeds,
    // and one that moved a lock just taken by the other puts it back.
    const aside = `${lockFile}.${process.pid}.stale`;
    try {
      fs.renameSync(lockFile, aside);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") continue;
      throw err;
    }
    const moved = readIfPresent(aside);
    if (moved !== found) {
      try {
        fs.linkSync(aside, lockFile);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      }
    }
    fs.rmSync(aside, { force: true });
  }
  const holder = parseHolder(readIfPresent(lockFile) ?? "");
  throw new DataFolderLockedError(folder, lockFile, holder ?? { pid: 0, hostname: os.hostname(), startedAt: "" });
}
