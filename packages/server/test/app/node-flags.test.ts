import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { SERVER_NODE_FLAGS } from "../../src/node-flags";

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

async function startScript(packageJson: string): Promise<string> {
  const manifest = JSON.parse(await fs.readFile(packageJson, "utf8")) as { scripts: Record<string, string> };
  return manifest.scripts.start ?? "";
}

describe("the server's node flags", () => {
  it.each([
    ["npm start", path.join(serverRoot, "../../package.json")],
    ["the server package's start", path.join(serverRoot, "package.json")],
  ])("are on the command line of %s, before the script", async (_name, packageJson) => {
    // `exec`: npm passes SIGTERM to the shell it runs the script in, which would die and leave node running.
    const words = (await startScript(packageJson)).split(/\s+/);
    expect(words.shift()).toBe("exec");
    expect(words[0]).toBe("node");
    const script = words.findIndex((word) => word.endsWith(".ts"));
    for (const flag of SERVER_NODE_FLAGS) {
      const at = words.indexOf(flag);
      expect(at, flag).toBeGreaterThan(0);
      expect(at, flag).toBeLessThan(script);
    }
  });
});
