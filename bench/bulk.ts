/**
 * Users a second that an app server creates through `POST /v1/users/bulk` (100 a call), against one `POST /v1/users`
 * a user, on the same server in the same run: the ratio is the goal (20 or more), the rates beside it say how fast
 * each is on this machine. The server runs in this process with rate limits off, so what is measured is each path's
 * cost, not the budget; CPU per user is this process's (server and client together, the same client for both), a
 * figure that moves less with the machine's other work than a rate does.
 *
 *   npm run bench:bulk [-- --single 2000 --bulk 20000 --engines pglite,postgres]
 */
import { parseArgs } from "node:util";
import { BULK_ITEMS_MAX, CHAT_API_PREFIX, chatApi, type TBulkUsersResponse } from "@parley/contract";
import { withInProcessServer } from "./in-process";
import {
  appWithKey,
  call,
  databaseOptions,
  ENGINES_OPTION,
  machine,
  marketplaceSession,
  pool,
  runOnEngines,
  wholeNumbers,
  writeReport,
} from "./support";

const { values: args } = parseArgs({
  options: {
    single: { type: "string", default: "2000" },
    bulk: { type: "string", default: "20000" },
    /** Calls under way at once, for both paths. */
    concurrency: { type: "string", default: "4" },
    ...ENGINES_OPTION,
    ...databaseOptions("bulk"),
  },
});
const { single: SINGLE, bulk: BULK, concurrency: CONCURRENCY } = wholeNumbers(args, ["single", "bulk", "concurrency"]);
const GOALS = { ratioAtLeast: 20 };

interface PathFigures {
  users: number;
  seconds: number;
  usersPerSecond: number;
  /** This process's CPU time (server and client) per user, in microseconds. */
  cpuUsPerUser: number;
}

/** Runs `work`, which creates `users` users, and measures its wall and CPU time. */
async function measure(users: number, work: () => Promise<void>): Promise<PathFigures> {
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  await work();
  const seconds = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  return {
    users,
    seconds: Math.round(seconds * 100) / 100,
    usersPerSecond: Math.round(users / seconds),
    cpuUsPerUser: Math.round((cpu.user + cpu.system) / users),
  };
}

const v1 = (route: string) => `${CHAT_API_PREFIX}${route}`;

const results = await runOnEngines(
  { engines: args.engines, databaseUrl: args["database-url"], adminUrl: args["admin-url"], scratchPrefix: "bulk" },
  (engine, databaseUrl) =>
    withInProcessServer("bulk", databaseUrl, async ({ base }) => {
      const session = await marketplaceSession(base);
      const { apiKey } = await appWithKey(base, session.sessionToken, "Bulk bench");
      process.stderr.write(`${engine}: ${SINGLE} users one call each, then ${BULK} in calls of ${BULK_ITEMS_MAX}\n`);
      const single = await measure(SINGLE, () =>
        pool(SINGLE, CONCURRENCY, async (i) => {
          await call(base, "POST", v1(chatApi.users), apiKey, { userId: `single-${i}`, nickname: `Single ${i}` });
        }),
      );
      const calls = Math.ceil(BULK / BULK_ITEMS_MAX);
      const bulk = await measure(BULK, () =>
        pool(calls, CONCURRENCY, async (c) => {
          const users = Array.from({ length: Math.min(BULK_ITEMS_MAX, BULK - c * BULK_ITEMS_MAX) }, (_, i) => {
            const n = c * BULK_ITEMS_MAX + i;
            return { userId: `bulk-${n}`, nickname: `Bulk ${n}`, metadata: { batch: String(c) } };
          });
          const answer = await call<TBulkUsersResponse>(base, "POST", v1(chatApi.usersBulk), apiKey, { users });
          const created = answer.results.filter((r) => r.status === "created").length;
          if (created !== users.length) throw new Error(`call ${c} created ${created} of ${users.length}`);
        }),
      );
      const ratio = Math.round((bulk.usersPerSecond / single.usersPerSecond) * 10) / 10;
      process.stderr.write(
        `${engine}: single ${single.usersPerSecond}/s, bulk ${bulk.usersPerSecond}/s, ratio ${ratio}\n`,
      );
      return { engine, single, bulk, ratio, goalMet: ratio >= GOALS.ratioAtLeast };
    }),
);

await writeReport(args.out, { machine: machine(), goals: GOALS, concurrency: CONCURRENCY, results });
