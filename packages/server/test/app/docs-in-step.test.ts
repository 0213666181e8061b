import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { envSchema } from "../../src/config";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");
const migrationsDir = path.join(repoRoot, "packages/server/src/db/migrations");

/**
 * Settings whose default is worked out in `loadConfig` from other settings or the terminal, not given by the schema:
 * the tables describe it in words.
 */
const DERIVED_DEFAULTS: Record<string, string> = {
  PUBLIC_URL: "`http://localhost:$PORT`",
  LOG_LEVEL: "`info`",
};

/** The settings table of a document: each row's variable and its default column, as written. */
async function settingsTable(file: string): Promise<Map<string, string>> {
  const text = await fs.readFile(path.join(repoRoot, file), "utf8");
  const rows = new Map<string, string>();
  for (const match of text.matchAll(/^\| `([A-Z][A-Z0-9_]+)` +\| ([^|]+?) +\|/gm)) {
    rows.set(match[1] ?? "", match[2] ?? "");
  }
  return rows;
}

describe.each(["README.md", "docs/production.md"])("the settings table of %s", (file) => {
  it("lists exactly the variables of the config schema", async () => {
    const documented = [...(await settingsTable(file)).keys()].sort();
    expect(documented).toEqual(Object.keys(envSchema.shape).sort());
  });

  it("gives each variable the schema's default, and `unset` where it has none", async () => {
    const table = await settingsTable(file);
    const defaults: Record<string, unknown> = envSchema.parse({});
    for (const name of Object.keys(envSchema.shape)) {
      const documented = table.get(name);
      const value = defaults[name];
      if (name in DERIVED_DEFAULTS) expect(documented, name).toBe(DERIVED_DEFAULTS[name]);
      else if (name === "LOG_FORMAT") expect(documented, name).toMatch(/`json`/);
      else if (value === undefined) expect(documented, name).toBe("unset");
      else expect(documented, name).toBe(`\`${String(value)}\``);
    }
  });
});

/** A migration's statements without its `--` comments, which may well say "dropped" about something else. */
async function statements(file: string): Promise<string> {
  const text = await fs.readFile(path.join(migrationsDir, file), "utf8");
  return text.replace(/--.*$/gm, "");
}

describe("the upgrade guide", () => {
  it("names every migration that drops or renames something as not rolling", async () => {
    const files = (await fs.readdir(migrationsDir)).filter((file) => file.endsWith(".sql")).sort();
    const destructive: string[] = [];
    for (const file of files) {
      if (/\b(DROP|RENAME)\b/i.test(await statements(file))) destructive.push(file);
    }
    const guide = await fs.readFile(path.join(repoRoot, "docs/production.md"), "utf8");
    const upgrades = guide.slice(guide.indexOf("## 9. Upgrades"), guide.indexOf("## 10."));
    const listed = [...upgrades.matchAll(/^- `(\d{4}_[a-z0-9_]+\.sql)`/gm)].map((match) => match[1]);
    expect(listed).toEqual(destructive);
    expect(upgrades).not.toMatch(/migrations so far only add/);
  });
});
