import { randomBytes } from "node:crypto";
import { type PGlite, parse, protocol, type Results, type RowMode, types } from "@electric-sql/pglite";
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";

/**
 * Date and time values come back as PostgreSQL wrote them, as from drizzle's own raw `execute` on PGlite, so a
 * prepared statement answers the same rows as the statement run plainly.
 */
const asWritten = (value: string) => value;
const RAW_PARSERS = {
  [types.TIMESTAMP]: asWritten,
  [types.TIMESTAMPTZ]: asWritten,
  [types.INTERVAL]: asWritten,
  [types.DATE]: asWritten,
  1231: asWritten,
  1115: asWritten,
  1185: asWritten,
  1187: asWritten,
  1182: asWritten,
};

/**
 * Statements kept prepared at most. The texts a server runs are few (one per query shape), but a list's length is
 * part of its text (`in ($1, $2, …)`), so the least recently run are closed past this many.
 */
export const PREPARED_KEPT = 500;

type Parsers = Parameters<typeof parse.parseResults>[1];
type QueryParsers = NonNullable<Parameters<PGlite["query"]>[2]>["parsers"];

interface Statement {
  name: string;
  /** The type of each parameter, as PostgreSQL inferred it when it parsed the statement. */
  types: number[];
}

/**
 * Runs statements on the embedded database as named prepared statements. PGlite's `query` parses and plans every
 * statement anew, and for the send path's statement of a dozen parts, in WebAssembly, that took longer than running
 * it (2.5 ms of planning beside 2 ms of execution for one message). Here each text is parsed once per database and
 * then only bound and run, through the same wire messages and locks as `query`: no transaction or other statement
 * runs between them. PostgreSQL plans such a statement as it plans node-postgres's named statements on the server
 * database: for its values the first times, then once for all if that plan is no costlier.
 */
export function pgliteStatements(client: PGlite, options: { kept?: number } = {}) {
  const kept = options.kept ?? PREPARED_KEPT;
  const dialect = new PgDialect();
  /** By text, least recently run first. */
  const statements = new Map<string, Statement>();
  const merged = new WeakMap<NonNullable<QueryParsers>, Parsers>();
  let rawParsers: Parsers | undefined;
  let named = 0;
  // Unique to this handle: another handle on the same database may have named statements of its own.
  const prefix = `p_${randomBytes(4).toString("hex")}_`;
  const send = (message: Uint8Array) => client.execProtocolStream(message, { syncToFs: false });

  async function statementFor(text: string): Promise<Statement> {
    const known = statements.get(text);
    if (known) {
      statements.delete(text);
      statements.set(text, known);
      return known;
    }
    const name = `${prefix}${named++}`;
    await send(protocol.serialize.parse({ name, text }));
    const described = await send(protocol.serialize.describe({ type: "S", name }));
    const parameters = described.find(
      (message): message is InstanceType<typeof protocol.messages.ParameterDescriptionMessage> =>
        message.name === "parameterDescription",
    );
    const statement = { name, types: parameters?.dataTypeIDs ?? [] };
    statements.set(text, statement);
    for (const [oldest, { name: closing }] of statements) {
      if (statements.size <= kept) break;
      statements.delete(oldest);
      await send(protocol.serialize.close({ type: "S", name: closing }));
    }
    return statement;
  }

  async function forget(text: string): Promise<void> {
    const statement = statements.get(text);
    if (!statement) return;
    statements.delete(text);
    await send(protocol.serialize.close({ type: "S", name: statement.name }));
  }

  /** One run of a prepared statement, under the locks `query` takes, ended by Sync whatever happened. */
  async function runOnce(text: string, params: unknown[], rowMode: RowMode, parsers: Parsers): Promise<Results> {
    await client._checkReady();
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        const answered: Parameters<typeof parse.parseResults>[0] = [];
        try {
          const statement = await statementFor(text);
          const values = params.map((value, i) => {
            if (value === null || value === undefined) return null;
            const serialize = client.serializers[statement.types[i] ?? 0];
            return serialize ? serialize(value) : String(value);
          });
          answered.push(...(await send(protocol.serialize.bind({ statement: statement.name, values }))));
          answered.push(...(await send(protocol.serialize.describe({ type: "P" }))));
          answered.push(...(await send(protocol.serialize.execute({}))));
        } finally {
          answered.push(...(await send(protocol.serialize.sync())));
        }
        await client.syncToFs();
        const [result] = parse.parseResults(answered, parsers, { rowMode });
        return result ?? { rows: [], fields: [] };
      }),
    );
  }

  /**
   * Runs `text` prepared. A statement prepared before a table it reads changed shape fails with "cached plan must not
   * change result type" before it runs; it is prepared again and run once more.
   */
  async function run(text: string, params: unknown[], rowMode: RowMode, parsers: Parsers): Promise<Results> {
    try {
      return await runOnce(text, params, rowMode, parsers);
    } catch (err) {
      const { code, message } = err as { code?: unknown; message?: unknown };
      if (code !== "0A000" || !String(message).includes("cached plan")) throw err;
      await client._runExclusiveTransaction(() => client._runExclusiveQuery(() => forget(text)));
      return runOnce(text, params, rowMode, parsers);
    }
  }

  /** The client's parsers with the caller's over them, merged once per parsers object. */
  function parsersWith(own: QueryParsers): Parsers {
    if (!own) return client.parsers;
    let both = merged.get(own);
    if (!both) {
      both = { ...client.parsers, ...own };
      merged.set(own, both);
    }
    return both;
  }

  return {
    /** Runs a drizzle statement prepared; its rows come as drizzle's raw `execute` gives them. */
    async prepared<T>(query: SQL): Promise<T[]> {
      const { sql: text, params } = dialect.sqlToQuery(query);
      rawParsers ??= { ...client.parsers, ...RAW_PARSERS };
      return (await run(text, params, "object", rawParsers)).rows as T[];
    },

    /**
     * The client to hand drizzle: its statements outside a transaction run prepared (a transaction's go through the
     * transaction's own handle, as PGlite gives it), and everything else is the client's own.
     */
    client(): PGlite {
      const query: PGlite["query"] = async (text, params = [], queryOptions) =>
        (await run(text, params, queryOptions?.rowMode ?? "object", parsersWith(queryOptions?.parsers))) as never;
      return new Proxy(client, {
        get(target, property) {
          if (property === "query") return query;
          const value: unknown = Reflect.get(target, property, target);
          return typeof value === "function" ? value.bind(target) : value;
        },
      });
    },
  };
}
