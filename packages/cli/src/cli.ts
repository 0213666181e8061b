import { type ParseArgsConfig, parseArgs } from "node:util";
import { isParleyError, ParleyConnectionError } from "@parley/server";
import { ApiError } from "./api";
import { createUser, listUsers, login, resendEvent, sendMessage } from "./commands";
import { configPath, resolveSettings, UsageError } from "./config";
import { dev } from "./dev";
import { listen } from "./listen";
import { createOutput } from "./output";
import { generateSecret, isSecret } from "./signing";
import { tail } from "./tail";

const USAGE = `Usage: parley <command> [options]

Commands:
  login --base-url URL --api-key KEY [--app-id ID]
                              save where the app's Parley is and its API key (${configPath()})
  listen --forward-to URL [--events TYPE,…] [--secret whsec_…]
                              forward the app's webhook events, signed, to a local URL
  events resend <eventId>     send one event again to the running listeners
  tail [--type TYPE,…] [--channel ID] [--user ID]
                              show the app's events as they happen
  users create <userId> [--nickname NAME]
  users list [--limit N]
  messages send <channelId> <text> [--as USERID]
                              send as the app, or as a user with --as
  dev [--port N] [--json FILE] [--data DIR] [--server FILE]
                              run a local Parley with an app, an API key and two users, until Ctrl+C

Every command takes --base-url, --api-key, --app-id (or PARLEY_BASE_URL, PARLEY_API_KEY, PARLEY_APP_ID, or what
login saved) and --json for output a script reads. Exit codes: 0 done, 1 the API refused (its code and message are
printed), 2 a usage error.`;

type Options = NonNullable<ParseArgsConfig["options"]>;

const COMMON: Options = {
  "base-url": { type: "string" },
  "api-key": { type: "string" },
  "app-id": { type: "string" },
  json: { type: "boolean" },
  help: { type: "boolean", short: "h" },
};

/** The command's flags and positionals; anything unknown or missing a value is a usage error. */
function parse(args: string[], options: Options) {
  try {
    return parseArgs({ args, options: { ...COMMON, ...options }, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
}

const text = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

function required(value: string | undefined, what: string): string {
  if (!value) throw new UsageError(`missing ${what}`);
  return value;
}

function positiveInt(value: string | undefined, what: string): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed <= 0) throw new UsageError(`${what} must be a positive whole number`);
  return parsed;
}

/** Aborts on the first Ctrl+C or SIGTERM: a stream command then ends cleanly, with exit code 0. */
function stopSignal(): AbortSignal {
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  return controller.signal;
}

export async function run(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === "help" || command === "--help" || command === "-h") {
    process.stdout.write(`${USAGE}\n`);
    return command ? 0 : 2;
  }
  const sub = ["events", "users", "messages"].includes(command) ? rest.shift() : undefined;
  const name = sub ? `${command} ${sub}` : command;

  switch (name) {
    case "login": {
      const { values } = parse(rest, {});
      const baseUrl = required(text(values["base-url"]), "--base-url");
      if (!/^https?:\/\/[^/]+/i.test(baseUrl)) throw new UsageError(`--base-url must be an http(s) URL`);
      const apiKey = required(text(values["api-key"]), "--api-key");
      const appId = text(values["app-id"]);
      const out = createOutput(values.json === true);
      await login({ baseUrl: baseUrl.replace(/\/+$/, ""), apiKey, ...(appId ? { appId } : {}) }, configPath(), out);
      return 0;
    }
    case "listen": {
      const { values } = parse(rest, {
        "forward-to": { type: "string" },
        events: { type: "string" },
        secret: { type: "string" },
      });
      const target = required(text(values["forward-to"]), "--forward-to");
      if (!/^https?:\/\/[^/]+/i.test(target)) throw new UsageError("--forward-to must be an http(s) URL");
      const secret = text(values.secret) ?? generateSecret();
      if (!isSecret(secret)) throw new UsageError("--secret must be whsec_ and base64 of at least 16 bytes");
      const events = text(values.events)
        ?.split(",")
        .map((type) => type.trim())
        .filter(Boolean);
      const settings = await resolveSettings(values);
      const out = createOutput(values.json === true);
      // The receiver needs the secret before the first event: printed first, in both forms.
      out.result(`Signing secret: ${secret}`, { secret });
      await listen(settings, { target, secret, events: events?.length ? events : null, signal: stopSignal() }, out);
      return 0;
    }
    case "events resend": {
      const { values, positionals } = parse(rest, {});
      const eventId = required(positionals[0], "the event ID");
      await resendEvent(await resolveSettings(values), eventId, createOutput(values.json === true));
      return 0;
    }
    case "tail": {
      const { values } = parse(rest, {
        type: { type: "string" },
        channel: { type: "string" },
        user: { type: "string" },
      });
      const settings = await resolveSettings(values);
      const filter = { types: text(values.type), channelId: text(values.channel), userId: text(values.user) };
      await tail(settings, filter, stopSignal(), createOutput(values.json === true));
      return 0;
    }
    case "users create": {
      const { values, positionals } = parse(rest, { nickname: { type: "string" } });
      const userId = required(positionals[0], "the user ID");
      const out = createOutput(values.json === true);
      await createUser(await resolveSettings(values), userId, text(values.nickname), out);
      return 0;
    }
    case "users list": {
      const { values } = parse(rest, { limit: { type: "string" } });
      const limit = positiveInt(text(values.limit), "--limit") ?? 100;
      await listUsers(await resolveSettings(values), limit, createOutput(values.json === true));
      return 0;
    }
    case "messages send": {
      const { values, positionals } = parse(rest, { as: { type: "string" } });
      const channelId = required(positionals[0], "the channel ID");
      const body = required(positionals[1], "the message text");
      const out = createOutput(values.json === true);
      await sendMessage(await resolveSettings(values), channelId, body, text(values.as), out);
      return 0;
    }
    case "dev": {
      const { values } = parse(rest, {
        port: { type: "string" },
        json: { type: "string" },
        data: { type: "string" },
        server: { type: "string" },
      });
      const port = positiveInt(text(values.port), "--port");
      const jsonFile = text(values.json);
      const dataDir = text(values.data);
      const serverEntry = text(values.server);
      return dev(
        {
          ...(port ? { port } : {}),
          ...(jsonFile ? { jsonFile } : {}),
          ...(dataDir ? { dataDir } : {}),
          ...(serverEntry ? { serverEntry } : {}),
        },
        createOutput(false),
      );
    }
    default:
      throw new UsageError(`unknown command "${name}"`);
  }
}

/** The line printed for a failure, and the exit code it ends with. */
export function failureOf(err: unknown): { line: string; code: number } {
  if (err instanceof UsageError) return { line: `${err.message}\nRun parley --help for the commands.`, code: 2 };
  if (err instanceof ApiError || isParleyError(err)) return { line: `${err.code} ${err.message}`, code: 1 };
  if (err instanceof ParleyConnectionError) return { line: err.message, code: 1 };
  const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : "";
  return { line: `${err instanceof Error ? err.message : String(err)}${cause}`, code: 1 };
}
