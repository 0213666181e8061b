import { randomUUID } from "node:crypto";
import { ConfigError, loadConfig } from "./config";
import { type Database, openDatabase } from "./db/client";
import { DataFolderLockedError } from "./db/lock";
import { migrate } from "./db/migrate";
import { issueMarketplaceToken } from "./modules/admin";
import { updateAccountByEmail } from "./modules/auth";

const usage = `Usage: npm run cli -w @parley/api-server -- <command>

Commands:
  migrate                 apply pending database migrations
  grant-admin <email>     give an account the admin role
  revoke-admin <email>    take the admin role away
  enable-notice <email>   turn the notice feature (brand messages) on for an account
  disable-notice <email>  turn the notice feature off
  marketplace-token <email> [customerId] [hours]
                          issue a signed marketplace signup token, as a cloud marketplace would
                          (needs MARKETPLACE_SECRET), and print the signup address`;

/** What to do instead of a command refused because a server holds the embedded database. */
function whileServerRuns(command: string): string {
  const retry = "Stop the server (Ctrl+C where `npm start` runs) and run this command again";
  if (command === "grant-admin") {
    return `${retry}, then start it again: the account's open dashboard sees the role within a minute.`;
  }
  if (command === "enable-notice" || command === "disable-notice") {
    return `${retry}, or leave it running and switch the notice feature in the admin console (Companies, then the company).`;
  }
  return `${retry}. With DATABASE_URL (PostgreSQL) the CLI works while servers run.`;
}

async function main(argv: string[]): Promise<number> {
  const [command, arg] = argv;
  if (!command || command === "help" || command === "--help") {
    console.error(usage);
    return command ? 0 : 2;
  }
  const config = loadConfig();
  // Needs no database, so it works while a server holds the embedded one.
  if (command === "marketplace-token") {
    const [, email, customerId, hours] = argv;
    if (!email || !config.marketplaceSecret) {
      console.error(email ? "set MARKETPLACE_SECRET to issue marketplace tokens" : usage);
      return 2;
    }
    const token = issueMarketplaceToken(config.marketplaceSecret, {
      email: email.trim().toLowerCase(),
      customerId: customerId ?? `cust-${randomUUID()}`,
      exp: Math.floor(Date.now() / 1000) + Number(hours ?? 1) * 3600,
    });
    process.stdout.write(`${token}\n${config.publicUrl}/marketplace/signup?token=${encodeURIComponent(token)}\n`);
    return 0;
  }
  let database: Database;
  try {
    database = await openDatabase(config);
  } catch (err) {
    if (!(err instanceof DataFolderLockedError)) throw err;
    // A running server holds the embedded database and would write its own state over any change made here.
    console.error(`${err.message}\n\n${whileServerRuns(command)}`);
    return 1;
  }
  try {
    await migrate(database);
    switch (command) {
      case "migrate":
        process.stdout.write("migrations applied\n");
        return 0;
      case "grant-admin":
      case "revoke-admin": {
        if (!arg) {
          console.error(usage);
          return 2;
        }
        const role = command === "grant-admin" ? "admin" : "customer";
        const row = await updateAccountByEmail(database.db, arg.trim().toLowerCase(), { role });
        if (!row) {
          console.error(`no account with email ${arg}`);
          return 1;
        }
        process.stdout.write(`${row.email} is now ${role === "admin" ? "an admin" : "a customer"}\n`);
        return 0;
      }
      case "enable-notice":
      case "disable-notice": {
        if (!arg) {
          console.error(usage);
          return 2;
        }
        const enabled = command === "enable-notice";
        const row = await updateAccountByEmail(database.db, arg.trim().toLowerCase(), {
          noticeFeatureEnabled: enabled,
        });
        if (!row) {
          console.error(`no account with email ${arg}`);
          return 1;
        }
        process.stdout.write(`notice feature ${enabled ? "enabled" : "disabled"} for ${row.email}\n`);
        return 0;
      }
      default:
        console.error(`unknown command: ${command}\n\n${usage}`);
        return 2;
    }
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exitCode = 1;
}
