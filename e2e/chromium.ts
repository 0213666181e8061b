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

/** One process for everything makes the browser die when a second context opens, and every test opens one. */
const SINGLE_PROCESS = "--single-process";

/**
 * The package's GPU, emulated by SwiftShader in the browser's own process. Tests draw with Chromium's software
 * compositor instead (`--disable-gpu`): the browser suite spent 631 s of CPU with the emulated GPU and 483 s without,
 * in about the same time. The benchmarks keep it, so that a page is measured on the GPU path a user's browser takes.
 */
const EMULATED_GPU_FLAGS = new Set([
  "--in-process-gpu",
  "--use-gl=angle",
  "--use-angle=swiftshader",
  "--ignore-gpu-blocklist",
]);

/**
 * The Chromium to drive: Debian's when installed, otherwise the binary shipped inside the npm package
 * @sparticuz/chromium, so a machine with only Node still runs the browser tests. Nothing is downloaded.
 */
export async function resolveChromium(
  options: { emulatedGpu?: boolean } = {},
): Promise<{ executablePath: string; args: string[] }> {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  const system = candidates.find((p): p is string => Boolean(p && fs.existsSync(p)));
  if (system) return { executablePath: system, args: QUIET_NETWORK_FLAGS };
  const { default: chromium } = await import("@sparticuz/chromium");
  const args = chromium.args.filter(
    (arg) => arg !== SINGLE_PROCESS && (options.emulatedGpu || !EMULATED_GPU_FLAGS.has(arg)),
  );
  return { executablePath: await chromium.executablePath(), args: [...args, ...QUIET_NETWORK_FLAGS] };
}
