// @vitest-environment node
/**
 * The kit as an app gets it from the registry: the SDK and the kit packed by `npm pack` (whose `prepack` builds
 * each), installed with React into an empty folder outside the repository, then rendered from plain Node, type-checked
 * and bundled for a browser, with nothing of the workspace (its node_modules, its source condition) in reach. Once
 * with React 19 and once with React 18, the two majors the kit's peer range accepts.
 */
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installedVersion, installInTempFolder, packSdk, repoRoot } from "../../sdk/scripts/bundle-size";

const run = promisify(execFile);

/** The React majors the kit's peer range names; each gets an app folder of its own. */
const REACT_MAJORS = [19, 18] as const;
type ReactMajor = (typeof REACT_MAJORS)[number];

let packDir = "";
let sdkTarball = "";
let kitTarball = "";
const appDirs = new Map<ReactMajor, string>();

beforeAll(async () => {
  packDir = await fs.mkdtemp(path.join(os.tmpdir(), "parley-react-pack-"));
  // The kit's build bundles declarations that name the SDK's, so the SDK is packed (and built) first.
  sdkTarball = await packSdk(packDir);
  await run("npm", ["pack", "-w", "packages/react", "--pack-destination", packDir], { cwd: repoRoot });
  const name = (await fs.readdir(packDir)).find((file) => /^parley-react-.*\.tgz$/.test(file));
  if (!name) throw new Error(`npm pack left no kit tarball in ${packDir}`);
  kitTarball = path.join(packDir, name);
  // One after the other: two installs at once on a two-core machine take longer than in turn.
  for (const major of REACT_MAJORS) {
    const specs = [sdkTarball, kitTarball, `react@${major}`, `react-dom@${major}`, `@types/react@${major}`];
    appDirs.set(major, await installInTempFolder(`parley-react${major}-app-`, specs));
  }
}, 300_000);

afterAll(async () => {
  const dirs = [packDir, ...appDirs.values()].filter(Boolean);
  await Promise.all(dirs.map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

function appDir(major: ReactMajor): string {
  const dir = appDirs.get(major);
  if (!dir) throw new Error(`no app folder for React ${major}`);
  return dir;
}

/** Runs Node on a file of an app folder with only PATH from this environment, so no loader or condition leaks in. */
async function node(dir: string, ...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, args, { cwd: dir, env: { PATH: process.env.PATH ?? "" } });
  return stdout;
}

/** The package.json a tarball holds. */
async function packedManifest(tarball: string): Promise<Record<string, unknown>> {
  const { stdout } = await run("tar", ["-xzOf", tarball, "package/package.json"]);
  return JSON.parse(stdout);
}

/** Markdown links whose target is not an absolute web address: they break on the registry's page. */
function relativeLinks(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1] ?? "")
    .filter((target) => !/^(https?:|mailto:|#)/.test(target));
}

/** Renders the provider around a paragraph on the server: proves the build loads and shares the app's React. */
const RENDER = `
const client = new ParleyClient({ baseUrl: "http://127.0.0.1:9", appId: "app" });
const html = renderToString(
  createElement(ParleyProvider, { client, language: "ko", theme: "dark", connect: false }, createElement("p", null, "hello")),
);
process.stdout.write(JSON.stringify({ html, chat: typeof Chat, entry }));
`;

describe("the packed UI kit", () => {
  it("holds only its build, README, changelog and license, with React 18 or 19 and the SDK as peers", async () => {
    const { stdout } = await run("tar", ["-tzf", kitTarball]);
    const files = stdout.trim().split("\n").sort();
    expect(
      files.every(
        (file) =>
          file.startsWith("package/dist/") || /^package\/(package\.json|README\.md|CHANGELOG\.md|LICENSE)$/.test(file),
      ),
    ).toBe(true);
    expect(files).toEqual(
      expect.arrayContaining([
        "package/dist/index.js",
        "package/dist/index.cjs",
        "package/dist/styles.css",
        "package/CHANGELOG.md",
        "package/LICENSE",
      ]),
    );
    const pkg = JSON.parse(await fs.readFile(path.join(appDir(19), "node_modules/@parley/react/package.json"), "utf8"));
    expect(pkg.dependencies ?? {}).toEqual({});
    expect(Object.keys(pkg.peerDependencies).sort()).toEqual(["@parley/sdk", "react", "react-dom"]);
    expect(pkg.peerDependencies.react).toBe("^18.0.0 || ^19.0.0");
    expect(pkg.peerDependencies["react-dom"]).toBe("^18.0.0 || ^19.0.0");
  });

  it.each([
    ["@parley/react", () => kitTarball],
    ["@parley/sdk", () => sdkTarball],
  ])(
    "%s names its license, repository and homepage, and its README links only to web addresses",
    async (name, tarball) => {
      const pkg = await packedManifest(tarball());
      expect(pkg.name).toBe(name);
      expect(pkg.license).toEqual(expect.any(String));
      expect(pkg.homepage).toMatch(/^https:\/\//);
      expect(pkg.repository).toEqual(
        expect.objectContaining({ type: "git", url: expect.stringMatching(/^git\+https:\/\//) }),
      );
      const { stdout: readme } = await run("tar", ["-xzOf", tarball(), "package/README.md"]);
      expect(relativeLinks(readme)).toEqual([]);
      const { stdout: changelog } = await run("tar", ["-xzOf", tarball(), "package/CHANGELOG.md"]);
      expect(changelog).toMatch(/^# Changelog\n/);
      expect(relativeLinks(changelog)).toEqual([]);
    },
  );
});

describe.each(REACT_MAJORS)("the packed UI kit with React %i", (major) => {
  it("installs the React it was asked for beside the kit, with no peer left unmet", async () => {
    expect((await installedVersion(appDir(major), "react")).split(".")[0]).toBe(String(major));
    expect((await installedVersion(appDir(major), "react-dom")).split(".")[0]).toBe(String(major));
    // npm lists an unmet or invalid peer as a problem and exits non-zero.
    await run("npm", ["ls", "--all"], { cwd: appDir(major) });
  });

  it("renders on the server from a Node script that imports it, and from one that requires it", async () => {
    const dir = appDir(major);
    await fs.writeFile(
      path.join(dir, "render.mjs"),
      `import { Chat, ParleyProvider } from "@parley/react";\nimport { ParleyClient } from "@parley/sdk";\nimport { createElement } from "react";\nimport { renderToString } from "react-dom/server";\nconst entry = import.meta.resolve("@parley/react");\n${RENDER}`,
    );
    await fs.writeFile(
      path.join(dir, "render.cjs"),
      `const { Chat, ParleyProvider } = require("@parley/react");\nconst { ParleyClient } = require("@parley/sdk");\nconst { createElement } = require("react");\nconst { renderToString } = require("react-dom/server");\nconst entry = require.resolve("@parley/react");\n${RENDER}`,
    );
    for (const [file, built] of [
      ["render.mjs", /\/node_modules\/@parley\/react\/dist\/index\.js$/],
      ["render.cjs", /\/node_modules\/@parley\/react\/dist\/index\.cjs$/],
    ] as const) {
      const result = JSON.parse(await node(dir, file));
      expect(result.entry).toMatch(built);
      expect(result.chat).toBe("function");
      expect(result.html).toContain('class="pk-root');
      expect(result.html).toContain('lang="ko"');
      expect(result.html).toContain("<p>hello</p>");
    }
  });

  it("type-checks a React app against its declarations alone", async () => {
    // The `@ts-expect-error` fails the check if the declarations degraded to `any`.
    const app = `import { Chat, ParleyProvider, useChannels } from "@parley/react";
import { ParleyClient } from "@parley/sdk";

function Count() {
  const { channels } = useChannels();
  return <span>{channels.length}</span>;
}

export function App({ client }: { client: ParleyClient }) {
  return (
    <ParleyProvider client={client} language="en" theme={{ "--pk-accent": "#2dd4bf" }}>
      <Count />
      <Chat onLogout={() => client.logout()} />
      {/* @ts-expect-error: a language the kit does not ship */}
      <ParleyProvider client={client} language="fr" />
    </ParleyProvider>
  );
}
`;
    const dir = appDir(major);
    await fs.writeFile(path.join(dir, "app.tsx"), app);
    await fs.writeFile(
      path.join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          module: "ESNext",
          moduleResolution: "bundler",
          jsx: "react-jsx",
          target: "ES2022",
          lib: ["ES2023", "DOM", "DOM.Iterable"],
          types: [],
        },
        files: ["app.tsx"],
      }),
    );
    await node(dir, path.join(repoRoot, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.json").catch(
      (error: { stdout?: string }) => {
        throw new Error(`tsc failed:\n${error.stdout ?? error}`);
      },
    );
  });

  it("bundles into a browser app with its stylesheet, with Vite", async () => {
    const dir = appDir(major);
    const web = path.join(dir, "web");
    await fs.mkdir(web);
    await fs.writeFile(
      path.join(web, "index.html"),
      '<!doctype html><html><body><div id="root"></div><script type="module" src="./main.js"></script></body></html>',
    );
    await fs.writeFile(
      path.join(web, "main.js"),
      `import { Chat, ParleyProvider } from "@parley/react";\nimport "@parley/react/styles.css";\nimport { ParleyClient } from "@parley/sdk";\nimport { createElement } from "react";\nimport { createRoot } from "react-dom/client";\nconst client = new ParleyClient({ baseUrl: "", appId: "app" });\ncreateRoot(document.getElementById("root")).render(createElement(ParleyProvider, { client, connect: false }, createElement(Chat)));\n`,
    );
    await node(dir, path.join(repoRoot, "node_modules/vite/bin/vite.js"), "build", web, "--logLevel", "error");
    const assets = await fs.readdir(path.join(web, "dist/assets"));
    const css = assets.find((file) => file.endsWith(".css"));
    expect(css).toBeDefined();
    expect(await fs.readFile(path.join(web, "dist/assets", css as string), "utf8")).toContain(".pk-root");
    expect(assets.some((file) => file.endsWith(".js"))).toBe(true);
  });
});
