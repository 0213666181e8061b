import { parseArgs } from "node:util";
import {
  CHAT_API_PREFIX,
  chatApi,
  fillPath,
  PAGE_LIMIT_MAX,
  type TChannelsPage,
  type TUnreadResponse,
} from "@parley/contract";
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
  summarizeTimings,
  type Timings,
  wholeNumbers,
  writeReport,
} from "./support";

const { values: args } = parseArgs({
  options: {
    channels: { type: "string", default: "1000" },
    messages: { type: "string", default: "1000000" },
    iterations: { type: "string", default: "200" },
    warmup: { type: "string", default: "20" },
    ...ENGINES_OPTION,
    ...databaseOptions("unread"),
  },
});
const {
  channels: CHANNELS,
  messages: MESSAGES,
  iterations: ITERATIONS,
  warmup: WARMUP,
} = wholeNumbers(args, ["channels", "messages", "iterations", "warmup"], { warmup: 0 });
const PER_CHANNEL = Math.floor(MESSAGES / CHANNELS);
/** One message in this many mentions the reader, as `mentionedUserIds: ["reader"]` would. */
const MENTION_EVERY = 100;
/** Channels whose messages one insert statement writes: a statement of about 100,000 rows at the default sizes. */
const CHANNELS_PER_INSERT = 100;
const GOALS = { p99MsBelow: 50 };

if (!Number.isInteger(PER_CHANNEL) || PER_CHANNEL < 2) throw new Error("--messages must give each channel 2 or more");

type Engine = "pglite" | "postgres";

interface Timed {
  name: string;
  request: string;
  timings: Timings;
  /** Whether the goal applies: to one request, not to the walk of several. */
  judged: boolean;
  goalMet: boolean | null;
}

interface EngineResult {
  database: Engine;
  channels: number;
  messages: number;
  seedSeconds: number;
  /** What the answers said against what the seeded messages must give; nothing is timed unless they agree. */
  counts: { expected: TUnreadResponse; totals: TUnreadResponse; listedUnread: number; listedChannels: number };
  timed: Timed[];
}

/** What the reader has unread in channel `k` (0-based): every other channel is read up to its middle message. */
function expectedIn(k: number) {
  const readTo = k % 2 === 1 ? Math.floor(PER_CHANNEL / 2) : 0;
  const mentionsUpTo = (seq: number) => Math.floor(seq / MENTION_EVERY);
  return {
    unreadCount: PER_CHANNEL - readTo,
    unreadMentionCount: mentionsUpTo(PER_CHANNEL) - mentionsUpTo(readTo),
  };
}

function expectedTotals(): TUnreadResponse {
  let unreadCount = 0;
  let unreadMentionCount = 0;
  for (let k = 0; k < CHANNELS; k++) {
    const one = expectedIn(k);
    unreadCount += one.unreadCount;
    unreadMentionCount += one.unreadMentionCount;
  }
  return { unreadCount, unreadMentionCount, channels: CHANNELS };
}

async function time(count: number, task: () => Promise<void>): Promise<number[]> {
  const durations: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await task();
    durations.push(performance.now() - started);
  }
  return durations;
}

async function run(engine: Engine, databaseUrl: string): Promise<EngineResult> {
  return withInProcessServer("unread", databaseUrl, async ({ base, ctx }) => {
    const v1 = (route: string) => `${CHAT_API_PREFIX}${route}`;

    const session = await marketplaceSession(base);
    const { appId, apiKey } = await appWithKey(base, session.sessionToken, "Bench");
    const signIn = async (userId: string) => {
      await call(base, "POST", v1(chatApi.users), apiKey, { userId, nickname: userId });
      const { token } = await call<{ token: string }>(
        base,
        "POST",
        v1(fillPath(chatApi.userToken, { userId })),
        apiKey,
        {},
      );
      const login = await call<{ sessionToken: string; user: { userId: string } }>(
        base,
        "POST",
        v1(chatApi.login),
        "",
        {
          appId,
          userId,
          token,
        },
      );
      return login.sessionToken;
    };
    const reader = await signIn("reader");
    const writer = await signIn("writer");

    process.stderr.write(`bench:unread: ${engine}: ${CHANNELS} channels\n`);
    const channelIds: string[] = new Array(CHANNELS);
    await pool(CHANNELS, 8, async (k) => {
      const { channel } = await call<{ channel: { id: string } }>(base, "POST", v1(chatApi.channels), writer, {
        name: `Channel ${k}`,
        type: "private_invite",
        userIds: ["reader"],
      });
      channelIds[k] = channel.id;
    });

    process.stderr.write(`bench:unread: ${engine}: ${PER_CHANNEL * CHANNELS} messages\n`);
    const seedStarted = performance.now();
    const [ids] = await ctx.database.query<{ reader: string; writer: string }>(
      `select max(id::text) filter (where user_id = 'reader') as reader,
              max(id::text) filter (where user_id = 'writer') as writer
       from chat_users where app_id = $1`,
      [appId],
    );
    if (!ids) throw new Error("the bench's chat users are missing");
    for (let from = 0; from < CHANNELS; from += CHANNELS_PER_INSERT) {
      const slice = channelIds.slice(from, from + CHANNELS_PER_INSERT);
      // What the store statement writes for a text message of the writer's, a second apart, oldest first.
      await ctx.database.query(
        `insert into messages (app_id, channel_id, seq, type, text, sender_id, metadata, created_at,
           mentioned_user_ids)
         select $1::uuid, c.id::uuid, s, 'text', 'message ' || s, $2::uuid, '{}'::jsonb,
           now() - make_interval(secs => $3::int - s),
           case when s % $4::int = 0 then '["reader"]'::jsonb end
         from jsonb_array_elements_text($5::jsonb) as c(id) cross join generate_series(1, $3::int) as s`,
        [appId, ids.writer, PER_CHANNEL, MENTION_EVERY, JSON.stringify(slice)],
      );
    }
    // The counters as the store statement leaves them: every text message counts toward unread counts; the
    // sender's own read mark follows their message, and each mention of the reader adds one.
    await ctx.database.query(
      `update channels set last_seq = last_seq + $2::int, countable_seq = countable_seq + $2::int,
         countable_public_seq = countable_public_seq + $2::int
       where id in (select jsonb_array_elements_text($1::jsonb)::uuid)`,
      [JSON.stringify(channelIds), PER_CHANNEL],
    );
    await ctx.database.query(
      `update channel_members cm set last_read_seq = c.last_seq, read_countable = c.countable_seq,
         read_countable_public = c.countable_public_seq, unread_mentions = 0
       from channels c where c.id = cm.channel_id and cm.chat_user_id = $2::uuid
         and c.id in (select jsonb_array_elements_text($1::jsonb)::uuid)`,
      [JSON.stringify(channelIds), ids.writer],
    );
    await ctx.database.query(
      `update channel_members set unread_mentions = unread_mentions + $3::int
       where channel_id in (select jsonb_array_elements_text($1::jsonb)::uuid) and chat_user_id = $2::uuid`,
      [JSON.stringify(channelIds), ids.reader, Math.floor(PER_CHANNEL / MENTION_EVERY)],
    );
    if (engine === "postgres") await ctx.database.query("analyze");
    const seedSeconds = Number(((performance.now() - seedStarted) / 1000).toFixed(1));

    // Read marks through the product: what stays unread after a mark is counted by its own code.
    await pool(CHANNELS, 8, async (k) => {
      if (k % 2 === 0) return;
      await call(base, "POST", v1(fillPath(chatApi.read, { channelId: channelIds[k] ?? "" })), reader, {
        seq: Math.floor(PER_CHANNEL / 2),
      });
    });

    const listRoute = (cursor: string | null) =>
      `${v1(chatApi.channels)}?scope=mine&limit=${PAGE_LIMIT_MAX}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
    const pageTimes: number[] = [];
    /** Every page of the reader's channels; each page's time is kept when `timed`. */
    const walk = async (timed: boolean) => {
      const listed: TChannelsPage["channels"] = [];
      let cursor: string | null = null;
      do {
        const started = performance.now();
        const page: TChannelsPage = await call<TChannelsPage>(base, "GET", listRoute(cursor), reader);
        if (timed) pageTimes.push(performance.now() - started);
        listed.push(...page.channels);
        cursor = page.nextCursor;
      } while (cursor);
      return listed;
    };
    const totals = () => call<TUnreadResponse>(base, "GET", v1(chatApi.unread), reader);

    const expected = expectedTotals();
    const listed = await walk(false);
    const byId = new Map(listed.map((c) => [c.id, c]));
    const wrong = channelIds.filter((id, k) => {
      const channel = byId.get(id);
      const want = expectedIn(k);
      return channel?.unreadCount !== want.unreadCount || channel?.unreadMentionCount !== want.unreadMentionCount;
    });
    const answered = await totals();
    const counts = {
      expected,
      totals: answered,
      listedUnread: listed.reduce((n, c) => n + (c.unreadCount ?? 0), 0),
      listedChannels: listed.length,
    };
    const totalsAgree =
      answered.unreadCount === expected.unreadCount &&
      answered.unreadMentionCount === expected.unreadMentionCount &&
      answered.channels === expected.channels;
    if (wrong.length > 0 || !totalsAgree) {
      throw new Error(
        `${engine}: the unread counts are not what the messages give: ${wrong.length} channels listed wrong, ` +
          `totals ${JSON.stringify(answered)} for ${JSON.stringify(expected)}`,
      );
    }

    process.stderr.write(`bench:unread: ${engine}: timing ${ITERATIONS} of each after ${WARMUP} to warm up\n`);
    await time(WARMUP, async () => void (await walk(false)));
    const walks = await time(ITERATIONS, async () => void (await walk(true)));
    await time(WARMUP, async () => void (await totals()));
    const totalTimes = await time(ITERATIONS, async () => void (await totals()));
    const timedOf = (name: string, request: string, durations: number[], judged: boolean): Timed => {
      const timings = summarizeTimings(durations);
      return { name, request, timings, judged, goalMet: judged ? timings.p99Ms < GOALS.p99MsBelow : null };
    };
    const timed = [
      timedOf(
        `one page of ${PAGE_LIMIT_MAX} channels`,
        `GET ${v1(chatApi.channels)}?scope=mine&limit=${PAGE_LIMIT_MAX}`,
        pageTimes,
        true,
      ),
      timedOf(`all ${CHANNELS} channels, page after page`, "the pages one after the other", walks, false),
      timedOf("unread totals", `GET ${v1(chatApi.unread)}`, totalTimes, true),
    ];
    return {
      database: engine,
      channels: CHANNELS,
      messages: PER_CHANNEL * CHANNELS,
      seedSeconds,
      counts,
      timed,
    };
  });
}

const results: EngineResult[] = await runOnEngines(
  {
    engines: args.engines,
    databaseUrl: args["database-url"],
    adminUrl: args["admin-url"],
    scratchPrefix: "parley_bench_unread",
  },
  run,
);

await writeReport(args.out, {
  benchmark: "unread",
  at: new Date().toISOString(),
  machine: machine(),
  channels: CHANNELS,
  messagesPerChannel: PER_CHANNEL,
  iterations: ITERATIONS,
  warmup: WARMUP,
  results,
  goals: GOALS,
  goalsMet: Object.fromEntries(results.map((r) => [r.database, r.timed.every((t) => t.goalMet !== false)])),
});
process.exit(0);
