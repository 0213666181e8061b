import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import dgram from "node:dgram";

/** A coturn server of the test's own, started with the TURN REST API's shared secret, as an app would run one. */
export interface TurnServer {
  /** e.g. `turn:127.0.0.1:23478?transport=udp`. */
  url: string;
  secret: string;
  stop: () => Promise<void>;
}

const TURNSERVER = "turnserver";

/** Whether coturn is installed here (`.ci/run` installs it; a fresh machine with only Node has none). */
export function hasTurnServer(): boolean {
  return spawnSync(TURNSERVER, ["--version"], { stdio: "ignore" }).error === undefined;
}

/** A UDP port nobody holds now, clear of the other suites' ranges (23000s). */
async function freeUdpPort(): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const port = 23_000 + Math.floor(Math.random() * 1000);
    const socket = dgram.createSocket("udp4");
    const ok = await new Promise<boolean>((resolve) => {
      socket.once("error", () => resolve(false));
      socket.bind(port, "127.0.0.1", () => resolve(true));
    });
    await new Promise<void>((resolve) => socket.close(() => resolve()));
    if (ok) return port;
  }
  throw new Error("no free UDP port for the TURN server");
}

/** Resolves once coturn answers a STUN binding request on its port. */
async function answersStun(port: number, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  // A STUN binding request (RFC 5389): type 0x0001, length 0, the magic cookie, a transaction id.
  const request = Buffer.concat([Buffer.from([0, 1, 0, 0, 0x21, 0x12, 0xa4, 0x42]), randomBytes(12)]);
  while (Date.now() < deadline) {
    const socket = dgram.createSocket("udp4");
    const answered = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 300);
      socket.once("message", () => {
        clearTimeout(timer);
        resolve(true);
      });
      socket.send(request, port, "127.0.0.1");
    });
    socket.close();
    if (answered) return;
  }
  throw new Error(`the TURN server on ${port} did not answer within ${ms} ms`);
}

/**
 * Starts coturn on 127.0.0.1 with `use-auth-secret` (time-limited HMAC credentials) and loopback peers allowed,
 * since both browsers of the test are on this machine. It relays only, on ports next to its own.
 */
export async function startTurnServer(): Promise<TurnServer> {
  const port = await freeUdpPort();
  const secret = randomBytes(16).toString("hex");
  const child: ChildProcess = spawn(
    TURNSERVER,
    [
      "-n",
      "--listening-ip=127.0.0.1",
      "--relay-ip=127.0.0.1",
      `--listening-port=${port}`,
      `--min-port=${port + 1}`,
      `--max-port=${port + 200}`,
      "--use-auth-secret",
      `--static-auth-secret=${secret}`,
      "--realm=parley.test",
      "--allow-loopback-peers",
      "--no-cli",
      "--no-tls",
      "--no-dtls",
      "--log-file=stdout",
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  const output: Buffer[] = [];
  child.stdout?.on("data", (chunk: Buffer) => output.push(chunk));
  child.stderr?.on("data", (chunk: Buffer) => output.push(chunk));
  try {
    await answersStun(port, 15_000);
  } catch (error) {
    child.kill("SIGKILL");
    throw new Error(`${(error as Error).message}\n${Buffer.concat(output).toString().slice(-2000)}`);
  }
  return {
    url: `turn:127.0.0.1:${port}?transport=udp`,
    secret,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
