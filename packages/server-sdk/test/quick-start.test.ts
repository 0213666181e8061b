/**
 * The quick starts of the docs' "Server SDKs" tab, run as written against a server process: the Node one with the
 * package's source in place of `@parley/server`, the Python one with the package's source on the path. What they made
 * is then read back through the API, and the token they signed logs in.
 */
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { json, loginWith, serverApp, startServer, type TestServer } from "./helpers";

const run = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));
const docs = (language: string) => path.resolve(here, `../../web/src/content/docs/${language}/server-sdks.md`);

/** The fenced blocks of a language in a Markdown file, in order. */
async function blocks(file: string, language: string): Promise<string[]> {
  const source = await fs.readFile(file, "utf8");
  return [...source.matchAll(new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``, "g"))].map((m) => m[1] ?? "");
}

/** A block without its comments, so the English and Korean documents can be compared as code. */
const code = (block: string) =>
  block
    .split("\n")
    .map((line) => line.replace(/\s*(\/\/|#) .*$/, "").trimEnd())
    .filter((line) => line.trim() !== "")
    .join("\n");

let t: TestServer;
let workDir = "";

beforeAll(async () => {
  t = await startServer();
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), "parley-quick-start-"));
});

afterAll(async () => {
  await t?.close();
  if (workDir) await fs.rm(workDir, { recursive: true, force: true });
});

describe("the Server SDKs docs", () => {
  it("show the same code in Korean as in English", async () => {
    for (const language of ["js", "python", "sh"]) {
      const [en, ko] = await Promise.all([blocks(docs("en"), language), blocks(docs("ko"), language)]);
      expect(ko.map(code)).toEqual(en.map(code));
    }
  });

  it("have Node and Python quick starts that make a user, a channel and a message, and sign a token that logs in", async () => {
    const { appId, apiKey, dashboard, parley } = await serverApp(t);
    const signing = await json<{ secret: { id: string }; value: string }>(
      "signing secret",
      dashboard("POST", `/apps/${appId}/login-signing/secrets`, {}),
    );
    const env = {
      PATH: process.env.PATH ?? "",
      PARLEY_URL: t.baseUrl,
      PARLEY_API_KEY: apiKey,
      PARLEY_APP_ID: appId,
      PARLEY_SIGNING_KEY_ID: signing.secret.id,
      PARLEY_SIGNING_SECRET: signing.value,
    };

    const [node] = await blocks(docs("en"), "js");
    const nodeFile = path.join(workDir, "quick-start.mjs");
    const source = path.resolve(here, "../src/index.ts");
    await fs.writeFile(
      nodeFile,
      `${(node ?? "").replace('from "@parley/server"', `from ${JSON.stringify(source)}`)}\nprocess.stdout.write(token);\n`,
    );
    const nodeToken = (await run(process.execPath, ["--import", "tsx", nodeFile], { env, cwd: here })).stdout;

    const [python] = await blocks(docs("en"), "python");
    const pythonFile = path.join(workDir, "quick_start.py");
    await fs.writeFile(pythonFile, `${python ?? ""}\nprint(token, end="")\n`);
    const pythonToken = (
      await run("python3", [pythonFile], {
        env: { ...env, PYTHONPATH: path.resolve(here, "../../server-python/src"), PYTHONDONTWRITEBYTECODE: "1" },
      })
    ).stdout;

    const { channels } = await parley.channels.list({ search: "Support" });
    expect(channels.map((c) => [c.memberCount, c.lastMessage?.text])).toEqual([
      [1, "Welcome to Support!"],
      [1, "Welcome to Support!"],
    ]);
    const members = await Promise.all(channels.map((c) => parley.members.list(c.id)));
    expect(members.flatMap((page) => page.members.map((m) => m.userId)).sort()).toEqual(["kim", "lee"]);
    for (const [userId, token] of [
      ["kim", nodeToken],
      ["lee", pythonToken],
    ] as const) {
      const login = await loginWith(t.baseUrl, appId, userId, token);
      expect(login.status).toBe(200);
      expect(await login.json()).toMatchObject({ user: { userId } });
    }
  }, 120_000);
});
