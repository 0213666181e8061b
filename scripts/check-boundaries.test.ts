import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { checkBoundaries, formatViolation, importsOf, LAYERS, layeringTable, type RuleName } from "./check-boundaries";
import { SERVER_MODULE_ORDER, serverLayerOf, serverLayersList } from "./server-layers";

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) fs.rmSync(root, { recursive: true, force: true });
});

const packageJson = (name: string, extra: Record<string, unknown> = {}) => JSON.stringify({ name, ...extra });

/** A small tree shaped like this repository, whose every import keeps the rules. */
const CLEAN: Record<string, string> = {
  "package.json": JSON.stringify({
    workspaces: [
      "packages/contract",
      "packages/server",
      "packages/web",
      "packages/sdk",
      "packages/react",
      "packages/react-native",
      "examples/chat-web",
      "examples/chat-react-native",
      "e2e",
    ],
  }),
  "packages/contract/package.json": packageJson("@parley/contract", { exports: { ".": "./src/index.ts" } }),
  "packages/contract/src/index.ts":
    'export * from "./chat";\nimport { z } from "zod";\nexport const id = z.string();\n',
  "packages/contract/src/chat.ts": 'import { z } from "zod";\nexport const text = z.string();\n',
  "packages/contract/src/chat.test.ts": 'import { expect, it } from "vitest";\nimport { text } from "./chat";\n',
  "packages/server/package.json": packageJson("@parley/api-server", {
    exports: { ".": "./src/app.ts", "./testing": "./test/harness.ts" },
  }),
  "packages/server/src/app.ts": [
    'import { pushRoutes } from "./modules/push/wiring";',
    'import { listMembers } from "./modules/channels/index";',
    'import { hub } from "./gateway/hub";',
    'import { id } from "@parley/contract";',
    'import type { Database } from "./db/client";',
  ].join("\n"),
  "packages/server/src/db/client.ts": 'import * as schema from "./schema";\nexport type Database = typeof schema;\n',
  "packages/server/src/db/schema.ts":
    'export * from "../modules/push/schema";\nexport * from "../modules/channels/schema";\n',
  "packages/server/src/chat/bus.ts": 'import type { Database } from "../db/client";\nexport const bus = {};\n',
  "packages/server/src/gateway/hub.ts":
    'import { listMembers } from "../modules/channels";\nimport { bus } from "../chat/bus";\nexport const hub = listMembers;\n',
  "packages/server/src/modules/push/wiring.ts": 'export { pushRoutes } from "./routes";\n',
  "packages/server/src/modules/push/index.ts": [
    'export { sendPush } from "./service";',
    'export type { PushDeviceRow } from "./schema";',
    'export { type PushSettingsRow } from "./schema";',
  ].join("\n"),
  "packages/server/src/modules/push/routes.ts":
    'import { pushDevices } from "./schema";\nimport { listMembers } from "../channels";\n',
  "packages/server/src/modules/push/schema.ts":
    'import { channelMembers } from "../channels/schema";\nexport const pushDevices = { references: channelMembers };\n',
  "packages/server/src/http/schema.ts": 'import { pushDevices } from "../modules/push/schema";\n',
  "packages/server/src/modules/push/delivery.test.ts": 'import { channelMembers } from "../channels/schema";\n',
  "packages/server/src/modules/push/service.ts":
    'import { listMembers } from "../channels";\nimport type { Database } from "../../db/client";\n',
  "packages/server/src/modules/channels/index.ts": 'export { listMembers } from "./service";\n',
  "packages/server/src/modules/channels/service.ts":
    'import { channelMembers } from "./schema";\nimport { bus } from "../../chat/bus";\n',
  "packages/server/src/modules/channels/schema.ts": "export const channelMembers = {};\n",
  "packages/server/test/modules/push/push.test.ts": 'import { pushDevices } from "../../../src/modules/push/schema";\n',
  "packages/server/test/harness.ts": 'import { buildApp } from "../src/app";\n',
  "packages/web/package.json": packageJson("@parley/web"),
  "packages/web/tsconfig.json":
    '{\n  // the alias the app uses\n  "compilerOptions": { "paths": { "@/*": ["./src/*"] } }\n}\n',
  "packages/web/src/features/brands/api/get-brands.ts":
    'import { api } from "@/lib/api-client";\nimport { id } from "@parley/contract";\n',
  "packages/web/src/features/brands/components/list.tsx": 'import { brands } from "../api/get-brands";\n',
  "packages/web/src/features/campaigns/components/wizard.tsx": 'import { useBrands } from "@/data/brands";\n',
  "packages/web/src/data/brands.ts": 'import { api } from "@/lib/api-client";\n',
  "packages/web/src/lib/api-client.ts": "export const api = {};\n",
  "packages/web/src/app/routes/campaigns.tsx": [
    'import { Wizard } from "@/features/campaigns/components/wizard";',
    'import { List } from "@/features/brands/components/list";',
    'const Lazy = () => import("@/features/brands/components/list");',
  ].join("\n"),
  "packages/web/src/app/live-chat.tsx": 'import { ParleyClient } from "@parley/sdk";\n',
  "packages/sdk/package.json": packageJson("@parley/sdk", { exports: { ".": "./src/index.ts" } }),
  "packages/sdk/src/index.ts": 'import type { TMessage } from "@parley/contract";\nimport { WebSocket } from "ws";\n',
  "packages/sdk/test/chat.test.ts":
    'import { ParleyClient } from "../src";\nimport { startFcmReceiver } from "./receivers";\n',
  "packages/sdk/test/receivers.ts": 'import http from "node:http";\n',
  "packages/react/package.json": packageJson("@parley/react", {
    exports: { ".": "./src/index.ts", "./headless": "./src/headless.ts" },
  }),
  "packages/react/src/index.ts": 'export * from "./headless";\n',
  "packages/react/src/headless.ts": 'import { ParleyClient } from "@parley/sdk";\n',
  "packages/react-native/package.json": packageJson("@parley/react-native", { exports: { ".": "./src/index.ts" } }),
  "packages/react-native/src/index.ts":
    'import { useMessages } from "@parley/react/headless";\nimport { ParleyClient } from "@parley/sdk";\n',
  "examples/chat-react-native/package.json": packageJson("@parley/example-chat-react-native"),
  "examples/chat-react-native/src/App.tsx":
    'import { Chat } from "@parley/react-native";\nimport { ParleyClient } from "@parley/sdk";\n',
  "examples/chat-web/package.json": packageJson("@parley/example-chat-web"),
  "examples/chat-web/src/main.tsx":
    'import { ParleyClient } from "@parley/sdk";\nimport { z } from "@parley/contract";\n',
  "e2e/package.json": packageJson("@parley/e2e"),
  "e2e/tests/setup.ts": 'import { startFcmReceiver } from "../../packages/server/test/push-fcm-receiver";\n',
};

/** Writes the clean tree with `changes` over it (a null value removes the file), and returns its root. */
function fixture(changes: Record<string, string | null> = {}): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "parley-boundaries-"));
  roots.push(root);
  for (const [file, text] of Object.entries({ ...CLEAN, ...changes })) {
    if (text === null) continue;
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}

const violationsIn = (changes: Record<string, string | null>) => checkBoundaries(fixture(changes)).map(formatViolation);

describe("the boundary check", () => {
  it("passes a tree that keeps every rule", () => {
    expect(checkBoundaries(fixture())).toEqual([]);
  });

  /** `count`: how many violations the change makes in all, where it breaks more than one rule at once. */
  const cases: { rule: RuleName; name: string; changes: Record<string, string>; expected: string; count?: number }[] = [
    {
      rule: "web-feature",
      name: "a feature importing another feature through the alias",
      changes: {
        "packages/web/src/features/campaigns/components/wizard.tsx":
          'import { x } from "./local";\nimport { useBrands } from "@/features/brands/api/get-brands";\n',
      },
      expected:
        "packages/web/src/features/campaigns/components/wizard.tsx:2 web-feature features/campaigns imports features/brands",
    },
    {
      rule: "web-feature",
      name: "a feature importing another feature by a relative path, lazily",
      changes: {
        "packages/web/src/features/brands/components/list.tsx":
          'const Wizard = () => import("../../campaigns/components/wizard");\n',
      },
      expected:
        "packages/web/src/features/brands/components/list.tsx:1 web-feature features/brands imports features/campaigns",
    },
    {
      rule: "web-feature",
      name: "a feature's test mocking another feature",
      changes: {
        "packages/web/src/features/brands/components/list.test.tsx":
          'vi.mock("@/features/campaigns/components/wizard");\n',
      },
      expected: "packages/web/src/features/brands/components/list.test.tsx:1 web-feature",
    },
    {
      rule: "server-module",
      name: "a module importing another module's service",
      changes: {
        "packages/server/src/modules/push/routes.ts":
          'import { pushDevices } from "./schema";\nimport { listMembers } from "../channels/service";\n',
      },
      expected:
        "packages/server/src/modules/push/routes.ts:2 server-module imports modules/channels/service.ts of module channels",
    },
    {
      rule: "server-module",
      name: "the transport importing a module's table",
      changes: {
        "packages/server/src/gateway/hub.ts": 'import { channelMembers } from "../modules/channels/schema";\n',
      },
      expected:
        "packages/server/src/gateway/hub.ts:1 server-module imports modules/channels/schema.ts of module channels",
    },
    {
      rule: "server-module",
      name: "a module importing the schema aggregate",
      changes: {
        "packages/server/src/modules/channels/service.ts": 'import { channelMembers } from "../../db/schema";\n',
      },
      expected: "packages/server/src/modules/channels/service.ts:1 server-module imports the aggregate db/schema.ts",
    },
    {
      rule: "server-module",
      name: "a module's index re-exporting its tables",
      changes: {
        "packages/server/src/modules/push/index.ts":
          'export { sendPush } from "./service";\nexport * from "./schema";\n',
      },
      expected: "packages/server/src/modules/push/index.ts:2 server-module index.ts re-exports the module's tables",
    },
    {
      rule: "server-module",
      name: "a module's index re-exporting an imported table",
      changes: {
        "packages/server/src/modules/push/index.ts":
          'import { pushDevices } from "./schema";\n\nexport { pushDevices };\n',
      },
      expected: "packages/server/src/modules/push/index.ts:3 server-module index.ts re-exports the module's tables",
    },
    {
      rule: "server-module",
      name: "a module's index re-exporting its routes, which its wiring.ts gathers for the app",
      changes: {
        "packages/server/src/modules/push/index.ts":
          'export { sendPush } from "./service";\nexport { pushRoutes } from "./routes";\n',
      },
      expected: "packages/server/src/modules/push/index.ts:2 server-module index.ts takes the module's routes or jobs",
      count: 2,
    },
    {
      rule: "server-module",
      name: "a module importing another module's wiring, which only the composition files take",
      changes: {
        "packages/server/src/modules/push/service.ts": 'import { channelRoutes } from "../channels/wiring";\n',
        "packages/server/src/modules/channels/wiring.ts": "export const channelRoutes = {};\n",
      },
      count: 2,
      expected: "packages/server/src/modules/push/service.ts:1 server-module imports modules/channels/wiring.ts",
    },
    {
      rule: "server-layer",
      name: "the chat core importing a module",
      changes: {
        "packages/server/src/chat/bus.ts":
          'import type { PushDeviceRow } from "../modules/push";\nexport const bus = {};\n',
      },
      expected: 'packages/server/src/chat/bus.ts:1 server-layer chat core imports modules ("../modules/push")',
      count: 2,
    },
    {
      rule: "server-layer",
      name: "a table importing a service",
      changes: {
        "packages/server/src/modules/channels/schema.ts":
          'import type { listMembers } from "./service";\nexport const channelMembers = {};\n',
      },
      expected: 'packages/server/src/modules/channels/schema.ts:1 server-layer tables imports modules ("./service")',
      count: 2,
    },
    {
      rule: "server-layer",
      name: "a source file no layer holds",
      changes: { "packages/server/src/helpers.ts": "export const helper = 1;\n" },
      expected: "packages/server/src/helpers.ts:1 server-layer is in no layer of SERVER_LAYERS",
    },
    {
      rule: "contract-deps",
      name: "the contract importing a package other than zod",
      changes: {
        "packages/contract/src/chat.ts": 'import { z } from "zod";\nimport { readFile } from "node:fs/promises";\n',
      },
      expected: 'packages/contract/src/chat.ts:2 contract-deps imports "node:fs/promises"',
    },
    {
      rule: "contract-deps",
      name: "the contract importing another workspace",
      changes: { "packages/contract/src/chat.ts": 'export type { ParleyClient } from "@parley/sdk";\n' },
      expected: 'packages/contract/src/chat.ts:1 contract-deps imports "@parley/sdk"',
    },
    {
      rule: "sdk-deps",
      name: "an SDK test importing the server's test harness by package name",
      changes: { "packages/sdk/test/chat.test.ts": 'import { startTestApp } from "@parley/api-server/testing";\n' },
      expected: 'packages/sdk/test/chat.test.ts:1 sdk-deps imports "@parley/api-server/testing"',
    },
    {
      rule: "sdk-deps",
      name: "an SDK test reaching into the server's tests by a relative path",
      changes: { "packages/sdk/test/receivers.ts": 'export * from "../../server/test/push-fcm-receiver";\n' },
      expected: 'packages/sdk/test/receivers.ts:1 sdk-deps imports "../../server/test/push-fcm-receiver"',
    },
    {
      rule: "sdk-deps",
      name: "the SDK importing web code",
      changes: { "packages/sdk/src/index.ts": 'import type { Session } from "../../web/src/lib/session";\n' },
      expected: 'packages/sdk/src/index.ts:1 sdk-deps imports "../../web/src/lib/session"',
    },
    {
      rule: "layering",
      name: "the server importing web code",
      changes: { "packages/server/src/app.ts": 'import { paths } from "@parley/web/src/config/paths";\n' },
      expected: "packages/server/src/app.ts:1 layering packages/server imports packages/web",
    },
    {
      rule: "layering",
      name: "the web app importing server code",
      changes: { "packages/web/src/lib/api-client.ts": 'import type { App } from "../../../server/src/app";\n' },
      expected: "packages/web/src/lib/api-client.ts:1 layering packages/web imports packages/server",
    },
    {
      rule: "layering",
      name: "an example importing the web app",
      changes: { "examples/chat-web/src/main.tsx": 'import { api } from "@parley/web";\n' },
      expected: "examples/chat-web/src/main.tsx:1 layering examples/chat-web imports packages/web",
    },
    {
      rule: "native-headless",
      name: "the React Native kit importing the web kit's DOM components",
      changes: { "packages/react-native/src/index.ts": 'export { Chat } from "@parley/react";\n' },
      expected: 'packages/react-native/src/index.ts:1 native-headless imports "@parley/react"',
    },
    {
      rule: "layering",
      name: "the React Native sample importing the web kit",
      changes: { "examples/chat-react-native/src/App.tsx": 'import { Chat } from "@parley/react";\n' },
      expected: "examples/chat-react-native/src/App.tsx:1 layering examples/chat-react-native imports packages/react",
    },
  ];

  for (const { rule, name, changes, expected, count = 1 } of cases) {
    it(`fails with ${rule} on ${name}`, () => {
      const violations = violationsIn(changes);
      expect(violations, violations.join("\n")).toHaveLength(count);
      expect(violations.filter((v) => v.includes(expected))).toHaveLength(1);
    });
  }

  it("fails with import-cycle and server-layer when an earlier module imports a later one that imports it back", () => {
    const violations = violationsIn({
      // A type import is enough: the cycle is in the picture a reader uses even when nothing runs.
      "packages/server/src/modules/channels/service.ts":
        'import { channelMembers } from "./schema";\nimport type { sendPush } from "../push";\n',
    });
    expect(violations).toEqual([
      expect.stringMatching(
        /^packages\/server\/src\/modules\/channels\/index\.ts:1 import-cycle 4 files of modules channels, modules push import each other: modules\/channels\/index\.ts -> modules\/channels\/service\.ts -> modules\/push\/index\.ts -> modules\/push\/service\.ts -> modules\/channels\/index\.ts$/,
      ),
      "packages/server/src/modules/channels/service.ts:2 server-layer module channels imports module push, which comes after it in SERVER_MODULE_ORDER",
    ]);
  });

  it("passes a circle of imports inside one module", () => {
    expect(
      violationsIn({
        "packages/server/src/modules/channels/service.ts":
          'import { channelMembers } from "./schema";\nimport { x } from "./members";\n',
        "packages/server/src/modules/channels/members.ts":
          'import type { listMembers } from "./service";\nexport const x = 1;\n',
      }),
    ).toEqual([]);
  });

  it("exits 1 and prints file:line rule message from the command line, and 0 on a clean tree", async () => {
    const run = promisify(execFile);
    const script = path.join(import.meta.dirname, "check-boundaries.ts");
    const clean = await run(process.execPath, ["--import", "tsx", script, fixture()]);
    expect(clean.stdout).toBe("");
    const broken = fixture({
      "packages/sdk/test/chat.test.ts": 'import { chatApp } from "../../server/test/chat-client";\n',
    });
    const failure = await run(process.execPath, ["--import", "tsx", script, broken]).catch(
      (error: { code: number; stdout: string }) => error,
    );
    expect(failure).toMatchObject({ code: 1 });
    expect(failure.stdout).toMatch(/^packages\/sdk\/test\/chat\.test\.ts:1 sdk-deps /);
  }, 120_000);
});

describe("reading imports", () => {
  it("finds static, dynamic, re-exported, type-level and mocked imports with their lines", () => {
    const text = [
      'import a from "a";',
      'export { b } from "b";',
      'export type { C } from "c";',
      'const d = await import("d");',
      'vi.mock("e", () => ({}));',
      'type F = typeof import("f");',
      'const g = require("g");',
    ].join("\n");
    expect(importsOf("x.ts", text).map((ref) => `${ref.line}:${ref.specifier}`)).toEqual([
      "1:a",
      "2:b",
      "3:c",
      "4:d",
      "5:e",
      "6:f",
      "7:g",
    ]);
  });
});

describe("the layering table", () => {
  it("names every workspace of this repository", () => {
    const root = path.join(import.meta.dirname, "..");
    const workspaces = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")).workspaces as string[];
    const layered = LAYERS.map((layer) => layer.dir);
    for (const workspace of workspaces) expect(layered).toContain(workspace);
    expect(layeringTable()).toContain("| `packages/contract` |");
  });
});

describe("the server's layers", () => {
  const root = path.join(import.meta.dirname, "..");

  it("are listed in docs/architecture.md as the check holds them", () => {
    const doc = fs.readFileSync(path.join(root, "docs/architecture.md"), "utf8");
    const listed = /<!-- server-layers -->\n([\s\S]*?)\n<!-- \/server-layers -->/.exec(doc)?.[1];
    expect(listed).toBe(serverLayersList());
  });

  it("hold every source file of the server, and every module folder is placed in the order", () => {
    const src = path.join(root, "packages/server/src");
    const files = fs.readdirSync(src, { recursive: true, encoding: "utf8" }).filter((f) => /\.ts$/.test(f));
    const unplaced = files.filter((f) => !f.endsWith(".test.ts") && serverLayerOf(f.split(path.sep).join("/")) === -1);
    expect(unplaced).toEqual([]);
    const modules = fs.readdirSync(path.join(src, "modules"));
    expect([...modules].sort()).toEqual([...SERVER_MODULE_ORDER].sort());
  });
});
