// Packs the SDK as `npm publish` would and unpacks it where the device project's module names point, and starts the
// server program with an account, an app and an API key, as an app developer has them after setup. The SDK's packing
// helper and the repository's server-process helper (TypeScript) do the packing and the starting, so the suites pack
// under one lock and start one way.
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { tsImport } from "tsx/esm/api";

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const packageDir = require("./package-dir.cjs");
const sdkDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../sdk");

async function unpackSdk() {
  const { packSdk } = await tsImport(path.join(sdkDir, "scripts/bundle-size.ts"), import.meta.url);
  await fs.rm(packageDir, { recursive: true, force: true });
  await fs.mkdir(packageDir, { recursive: true });
  const tarball = await packSdk(packageDir);
  await run("tar", ["-xzf", tarball, "-C", packageDir]);
}

async function json(what, response) {
  const res = await response;
  const body = await res.json();
  if (!res.ok) throw new Error(`${what}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** The newest mail the server wrote to `to`, waiting for its mail job. */
async function mailTo(dataDir, to) {
  const dir = path.join(dataDir, "mail");
  const deadline = Date.now() + 30_000;
  for (;;) {
    const files = (await fs.readdir(dir).catch(() => [])).filter((file) => file.endsWith(".json")).sort();
    for (const file of files.reverse()) {
      const mail = JSON.parse(await fs.readFile(path.join(dir, file), "utf8"));
      if (mail.to === to) return mail;
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Signs up, verifies by the mailed code, logs in, and makes an app with an API key, all over HTTP. */
async function chatApp(baseUrl, dataDir) {
  const api = (method, url, body, token) =>
    fetch(`${baseUrl}/api${url}`, {
      method,
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  const email = `device.${process.pid}@example.com`;
  const password = "Parley-2026-ok";
  await json(
    "signup",
    api("POST", "/auth/signup", {
      email,
      password,
      name: "Jisoo Park",
      contact: "01012345678",
      companyName: "Acme Chat",
      companyHomepage: "https://acme.example.com",
      companyAddress: { postalCode: "06236", address: "Teheran-ro 123", detail: "5F" },
      marketingConsent: false,
      termsAccepted: true,
      privacyAccepted: true,
      language: "ko",
    }),
  );
  const code = /[?&]code=([A-Za-z0-9_-]+)/.exec((await mailTo(dataDir, email)).text)?.[1];
  if (!code) throw new Error(`no code in the mail to ${email}`);
  await json("email verification", api("POST", "/auth/email/verification/confirm", { email, code }));
  const { sessionToken } = await json("login", api("POST", "/auth/login", { email, password }));
  const { app } = await json("app", api("POST", "/apps", { name: "Phone" }, sessionToken));
  const { secret } = await json("API key", api("POST", `/apps/${app.id}/api-keys`, { label: "server" }, sessionToken));
  return { appId: app.id, apiKey: secret };
}

export default async function setup() {
  const { startServerProcess } = await tsImport(path.join(sdkDir, "../../scripts/server-process.ts"), import.meta.url);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "parley-device-server-"));
  const [server] = await Promise.all([startServerProcess(dataDir), unpackSdk()]);
  globalThis.parleyDeviceServer = server;
  const app = await chatApp(server.url, dataDir);
  // Test files run in workers started after this, which inherit the environment.
  process.env.PARLEY_DEVICE_SERVER = JSON.stringify({ baseUrl: server.url, ...app });
}
