import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";

/** What `parley login` keeps: where the app's Parley is and the API key that speaks for it. */
export interface SavedConfig {
  baseUrl: string;
  apiKey: string;
  appId?: string;
}

/** The settings a command runs with, from its flags, then the environment, then the saved file. */
export interface Settings {
  baseUrl: string;
  apiKey: string;
  appId: string | undefined;
}

/** `$XDG_CONFIG_HOME/parley/config.json`, or `~/.config/parley/config.json` without it. */
export function configPath(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CONFIG_HOME?.trim() || path.join(os.homedir(), ".config");
  return path.join(base, "parley", "config.json");
}

export async function readConfig(file = configPath()): Promise<Partial<SavedConfig>> {
  try {
    return JSON.parse(await fs.readFile(file, "utf8")) as Partial<SavedConfig>;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return {};
    throw err;
  }
}

/**
 * Writes the file readable by its owner alone (0600) in a folder only they may list (0700): it holds an API key.
 * A file or folder that exists with wider modes is narrowed, since `mkdir` and `writeFile` keep existing modes.
 */
export async function writeConfig(config: SavedConfig, file = configPath()): Promise<void> {
  const dir = path.dirname(file);
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  await fs.chmod(dir, 0o700);
  const temporary = `${file}.${process.pid}.tmp`;
  await fs.writeFile(temporary, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  await fs.chmod(temporary, 0o600);
  // Renamed into place, so a reader never sees half a file.
  await fs.rename(temporary, file);
}

/** A usage error: the command line is wrong, not the API. Exits 2. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

export async function resolveSettings(flags: {
  "base-url"?: string | undefined;
  "api-key"?: string | undefined;
  "app-id"?: string | undefined;
}): Promise<Settings> {
  const saved = await readConfig();
  const baseUrl = flags["base-url"] ?? process.env.PARLEY_BASE_URL ?? saved.baseUrl;
  const apiKey = flags["api-key"] ?? process.env.PARLEY_API_KEY ?? saved.apiKey;
  if (!baseUrl || !apiKey) {
    throw new UsageError(
      "no base URL or API key: run `parley login --base-url URL --api-key KEY`, or give --base-url and --api-key (or PARLEY_BASE_URL and PARLEY_API_KEY)",
    );
  }
  if (!/^https?:\/\/[^/]+/i.test(baseUrl))
    throw new UsageError(`the base URL must be an http(s) URL, got "${baseUrl}"`);
  return {
    baseUrl: baseUrl.replace(/\/+$/, ""),
    apiKey,
    appId: flags["app-id"] ?? process.env.PARLEY_APP_ID ?? saved.appId,
  };
}
