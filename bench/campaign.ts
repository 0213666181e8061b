/**
 * Bulk message benchmark: one campaign to N recipients (100,000 by default), on the embedded database and on
 * PostgreSQL. Reports how long the recipient file takes to check and store, how long
 * the whole send takes through the message pipeline, and, in the same run and database, a plain bulk insert of
 * the same number of messages. The send-to-insert ratio is the figure.
 *
 *   npm run bench:campaign [-- --recipients 100000 --engines pglite,postgres --out .reports/bench-campaign.json]
 *
 * PostgreSQL runs on a scratch database created on `--admin-url` (BENCH_DATABASE_URL, else the local server) and
 * dropped at the end. The sending account is a marketplace account (see `benchMarketplaceSignup`): a trial
 * account's apps share a monthly quota of messages that a large campaign, or a few runs in a month, would use up.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { buildApp } from "../packages/server/src/app";
import { loadConfig } from "../packages/server/src/config";
import {
  BENCH_MARKETPLACE_SECRET,
  benchMarketplaceSignup,
  DEFAULT_ADMIN_URL,
  machine,
  scratchDatabase,
  writeReport,
} from "./support";

const { values: args } = parseArgs({
  options: {
    recipients: { type: "string", default: "100000" },
    engines: { type: "string", default: "pglite,postgres" },
    "admin-url": { type: "string", default: DEFAULT_ADMIN_URL },
    out: { type: "string", default: ".reports/bench-campaign.json" },
    /** Only the recipient file: check how long reading and storing it takes. */
    "csv-only": { type: "boolean", default: false },
  },
});
const RECIPIENTS = Number(args.recipients);

interface EngineResult {
  database: "pglite" | "postgres";
  recipients: number;
  csvBytes: number;
  /** Upload request: read the file, check every row against the users, store recipients and exclusions. */
  csvCheckMs: number;
  sendMs: number;
  messagesPerSecond: number;
  bulkInsertMs: number;
  /** Whole send time over plain bulk insert time of as many messages. */
  ratio: number;
}

async function run(databaseUrl: string | undefined): Promise<EngineResult> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "parley-bench-campaign-"));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    PORT: "0",
    DATABASE_URL: databaseUrl ?? "",
    // The send is started by hand below, so the clock starts when it does.
    JOBS_ENABLED: "false",
    MARKETPLACE_SECRET: BENCH_MARKETPLACE_SECRET,
  });
  const { server, services, ctx } = await buildApp({ config });
  try {
    const signedUp = await services.marketplace.signup(await benchMarketplaceSignup("ko"));
    // What the CLI's `enable-notice` does.
    await ctx.database.query("update accounts set notice_feature_enabled = true where email = $1", [signedUp.email]);
    const session = await services.links.linkLogin(
      { userType: "marketplaceaccount", email: signedUp.email, token: signedUp.signInToken },
      "bench",
    );
    const app = await services.apps.createApp(
      (await services.auth.authenticate(session.sessionToken)) as never,
      "Bench",
    );
    await ctx.database.query(
      `insert into chat_users (app_id, user_id, nickname, created_at)
       select $1, 'user' || n, '사용자' || n, now() from generate_series(1, $2) as n`,
      [app.id, RECIPIENTS],
    );
    const headers = { authorization: `Bearer ${session.sessionToken}` };
    const base = `/api/apps/${app.id}/notice`;
    const brand = await server.inject({ method: "POST", url: `${base}/brands`, headers, payload: { name: "Bench" } });
    const campaign = await server.inject({
      method: "POST",
      url: `${base}/campaigns`,
      headers,
      payload: {
        brandId: brand.json().brand.id,
        title: "Bench",
        content: "{{user.name}}님, {{brand.name}}의 새 소식입니다.",
        metadata: [{ key: "kind", value: "bench" }],
      },
    });
    const campaignId: string = campaign.json().campaign.id;

    // With a BOM, CRLF and Korean text in a second column, as spreadsheet exports come.
    const csv = `\uFEFFuserId,이름\r\n${Array.from({ length: RECIPIENTS }, (_, i) => `user${i + 1},사용자 ${i + 1}`).join("\r\n")}\r\n`;
    const boundary = "----parleybench";
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="recipients.csv"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      Buffer.from(csv, "utf8"),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const csvStarted = performance.now();
    const uploaded = await server.inject({
      method: "POST",
      url: `${base}/campaigns/${campaignId}/recipients`,
      headers: { ...headers, "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    const csvCheckMs = performance.now() - csvStarted;
    if (uploaded.statusCode !== 200 || uploaded.json().campaign.recipients.valid !== RECIPIENTS) {
      throw new Error(`upload failed: ${uploaded.body.slice(0, 300)}`);
    }

    if (args["csv-only"]) {
      return {
        database: databaseUrl ? "postgres" : "pglite",
        recipients: RECIPIENTS,
        csvBytes: Buffer.byteLength(csv),
        csvCheckMs: Math.round(csvCheckMs),
        sendMs: 0,
        messagesPerSecond: 0,
        bulkInsertMs: 0,
        ratio: 0,
      };
    }
    const confirmed = await server.inject({
      method: "POST",
      url: `${base}/campaigns/${campaignId}/confirm`,
      headers,
      payload: {},
    });
    if (confirmed.statusCode !== 200) throw new Error(`confirm failed: ${confirmed.body}`);
    const sendStarted = performance.now();
    await services.campaignSender.run(campaignId);
    const sendMs = performance.now() - sendStarted;
    const [done] = await ctx.database.query<{ status: string; succeeded_count: number }>(
      "select status, succeeded_count from campaigns where id = $1",
      [campaignId],
    );
    if (done?.status !== "sent" || done.succeeded_count !== RECIPIENTS) {
      throw new Error(`the send ended ${done?.status} with ${done?.succeeded_count} delivered`);
    }

    // The floor: as many message rows as one statement per 5,000 can insert, into one plain channel.
    const [channel] = await ctx.database.query<{ id: string }>(
      `insert into channels (app_id, name, type, created_at, updated_at)
       values ($1, 'bulk', 'supergroup', now(), now()) returning id`,
      [app.id],
    );
    const insertStarted = performance.now();
    for (let from = 1; from <= RECIPIENTS; from += 5000) {
      await ctx.database.query(
        `insert into messages (app_id, channel_id, seq, type, text, metadata, created_at)
         select $1, $2, n, 'admin', '사용자' || n || '님, Bench의 새 소식입니다.', '{"kind":"bench"}'::jsonb, now()
         from generate_series($3::int, $4::int) as n`,
        [app.id, channel?.id, from, Math.min(from + 4999, RECIPIENTS)],
      );
    }
    const bulkInsertMs = performance.now() - insertStarted;
    return {
      database: databaseUrl ? "postgres" : "pglite",
      recipients: RECIPIENTS,
      csvBytes: Buffer.byteLength(csv),
      csvCheckMs: Math.round(csvCheckMs),
      sendMs: Math.round(sendMs),
      messagesPerSecond: Math.round(RECIPIENTS / (sendMs / 1000)),
      bulkInsertMs: Math.round(bulkInsertMs),
      ratio: Number((sendMs / bulkInsertMs).toFixed(1)),
    };
  } finally {
    await server.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

const engines = args.engines.split(",").map((e) => e.trim());
const unknown = engines.filter((e) => e !== "pglite" && e !== "postgres");
if (unknown.length > 0) throw new Error(`unknown engines ${unknown.join(", ")}: expected pglite, postgres`);
const results: EngineResult[] = [];
for (const engine of engines) {
  if (engine === "pglite") {
    results.push(await run(undefined));
    continue;
  }
  const scratch = await scratchDatabase(args["admin-url"], "parley_bench_campaign");
  try {
    results.push(await run(scratch.url));
  } finally {
    await scratch.drop();
  }
}
await writeReport(args.out, {
  benchmark: "campaign",
  at: new Date().toISOString(),
  machine: machine(),
  recipients: RECIPIENTS,
  account: "marketplace (no trial quota)",
  results,
});
