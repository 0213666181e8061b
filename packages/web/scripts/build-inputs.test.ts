import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BUILD_STAMP, buildNeeded, hashBuildInputs, writeBuildStamp } from "./build-inputs";

let root: string;
let dist: string;

async function write(relative: string, text: string) {
  const file = path.join(root, relative);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, text);
}

/** A checkout with a build made from its current sources, as `npm start` leaves it. */
async function builtCheckout() {
  await write("packages/web/src/main.tsx", "export const a = 1;");
  await write("packages/web/index.html", "<div id=root></div>");
  await write("packages/contract/src/index.ts", "export const LIMIT = 10;");
  await write("package-lock.json", "{}");
  await write("packages/web/dist/index.html", "<built>");
  await writeBuildStamp(dist, await hashBuildInputs(root));
}

beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), "parley-build-inputs-"));
  dist = path.join(root, "packages/web/dist");
});

afterEach(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

describe("whether the dashboard needs building", () => {
  it("skips the build when no source changed since the last one", async () => {
    await builtCheckout();
    expect(await buildNeeded(dist, await hashBuildInputs(root))).toBeNull();
  });

  it("skips the build when a file was only touched or a test changed", async () => {
    await builtCheckout();
    const later = new Date(Date.now() + 60_000);
    await fs.utimes(path.join(root, "packages/web/src/main.tsx"), later, later);
    await write("packages/web/src/main.test.tsx", "it('works', () => {});");
    expect(await buildNeeded(dist, await hashBuildInputs(root))).toBeNull();
  });

  it("builds when a web source, a contract or SDK source or the lock file changed", async () => {
    for (const [file, text] of [
      ["packages/web/src/main.tsx", "export const a = 2;"],
      ["packages/web/src/features/new-page.tsx", "export {};"],
      ["packages/contract/src/index.ts", "export const LIMIT = 11;"],
      ["packages/sdk/src/index.ts", "export const VERSION = 2;"],
      ["package-lock.json", '{"lockfileVersion":3}'],
    ]) {
      await builtCheckout();
      await write(file as string, text as string);
      expect(await buildNeeded(dist, await hashBuildInputs(root)), file).toBe("its sources changed");
    }
  });

  it("builds when a source was deleted", async () => {
    await builtCheckout();
    await fs.rm(path.join(root, "packages/web/index.html"));
    expect(await buildNeeded(dist, await hashBuildInputs(root))).toBe("its sources changed");
  });

  it("builds when there is no build, or one that does not say what it was built from", async () => {
    await write("packages/web/src/main.tsx", "export const a = 1;");
    expect(await buildNeeded(dist, await hashBuildInputs(root))).toBe("it has not been built yet");
    await write("packages/web/dist/index.html", "<built>");
    expect(await buildNeeded(dist, await hashBuildInputs(root))).toBe("its sources changed");
    await fs.writeFile(path.join(dist, BUILD_STAMP), "something else\n");
    expect(await buildNeeded(dist, await hashBuildInputs(root))).toBe("its sources changed");
  });
});
