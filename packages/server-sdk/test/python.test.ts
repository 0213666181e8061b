/**
 * The Python package (`packages/server-python`) against a real server process: its `unittest` suite run with the
 * machine's `python3` and nothing installed, with an app, an API key, a login signing secret and a webhook made here
 * as the dashboard makes them. The package imports nothing of ours, so its copy of the error catalogue's statuses is
 * checked against the contract here too.
 */
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PYTHON_CATALOGUE, pythonCatalogue } from "../scripts/python-catalogue";
import { ALLOW_LOOPBACK, json, serverApp, startServer, type TestServer } from "./helpers";

const PACKAGE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../server-python");

let t: TestServer;

beforeAll(async () => {
  // The tests' webhook receiver listens on this machine, which the outbound guard refuses by default.
  t = await startServer(ALLOW_LOOPBACK);
});

afterAll(async () => {
  await t?.close();
});

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Runs `python3 -m unittest` in the package's folder; answers its exit code and its whole output. */
function unittest(env: Record<string, string>): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      "python3",
      ["-m", "unittest", "discover", "-v"],
      {
        cwd: PACKAGE_DIR,
        // No bytecode folders left in the checkout.
        env: { PATH: process.env.PATH ?? "", PYTHONDONTWRITEBYTECODE: "1", ...env },
        timeout: 120_000,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ code, output: `${stdout}${stderr}` });
      },
    );
  });
}

describe("the Python package", () => {
  it("passes its unittest suite against the server, skipping nothing", async () => {
    const { appId, apiKey, dashboard } = await serverApp(t);
    const signing = await json<{ secret: { id: string }; value: string }>(
      "signing secret",
      dashboard("POST", `/apps/${appId}/login-signing/secrets`, {}),
    );
    const { settings } = await json<{ settings: { secret: string } }>(
      "webhook settings",
      dashboard("GET", `/apps/${appId}/webhook/settings`),
    );
    const webhookPort = await freePort();
    const url = `http://127.0.0.1:${webhookPort}/webhooks`;
    await json(
      "webhook URL",
      dashboard("PUT", `/apps/${appId}/webhook/settings`, { url, events: ["message.created"] }),
    );
    await json("webhook on", dashboard("PUT", `/apps/${appId}/webhook/enabled`, { enabled: true }));

    const { code, output } = await unittest({
      PARLEY_TEST_URL: t.baseUrl,
      PARLEY_TEST_API_KEY: apiKey,
      PARLEY_TEST_APP_ID: appId,
      PARLEY_TEST_SIGNING_KEY_ID: signing.secret.id,
      PARLEY_TEST_SIGNING_SECRET: signing.value,
      PARLEY_TEST_WEBHOOK_SECRET: settings.secret,
      PARLEY_TEST_WEBHOOK_PORT: String(webhookPort),
    });
    if (code !== 0 || /skipped/.test(output)) throw new Error(`python3 -m unittest failed:\n${output}`);
    expect(output).toMatch(/\nOK\n?$/);
  }, 180_000);

  it("carries the error catalogue's statuses as the contract has them", async () => {
    const written = await fs.readFile(PYTHON_CATALOGUE, "utf8");
    expect(written, "regenerate it: node --import tsx packages/server-sdk/scripts/python-catalogue.ts").toBe(
      pythonCatalogue(),
    );
  });
});
