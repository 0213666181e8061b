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
  // The package's flags are tuned for one page per short-lived function; one process for everything makes the
  // browser die when a second context opens, and every test opens one.
  const args = chromium.args.filter((arg) => arg !== "--single-process");
  return { executablePath: await chromium.executablePath(), args: [...args, ...QUIET_NETWORK_FLAGS] };
}
