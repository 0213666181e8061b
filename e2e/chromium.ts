import fs from "node:fs";

const QUIET_NETWORK_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/**
 * The Chromium to drive: Debian's when installed, otherwise the binary shipped inside the npm package
 * @sparticuz/chromium, so a machine with only Node still runs the browser tests. Nothing is downloaded.
 */
export async function resolveChromium(): Promise<{ executablePath: string; args: string[] }> {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  const system = candidates.find((p): p is string => Boolean(p && fs.existsSync(p)));
  if (system) return { executablePath: system, args: QUIET_NETWORK_FLAGS };
  const { default: chromium } = await import("@sparticuz/chromium");
  return { executablePath: await chromium.executablePath(), args: [...chromium.args, ...QUIET_NETWORK_FLAGS] };
}
