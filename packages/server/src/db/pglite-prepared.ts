import { randomBytes } from "node:crypto";
import {
  type PGlite,
  parse,
  protocol,
  type Results,
  type RowMode,
  type Transaction,
  types,
} from "@electric-sql/pglite";
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
    for (const oldest of statements.keys()) {
      if (statements.size <= kept) break;
      await forget(oldest);
    }
    return statement;
  }

  async function forget(text: string): Promise<void> {
    const statement = statements.get(text);
    if (!statement) return;
    statements.delete(text);
    await send(protocol.serialize.close({ type: "S", name: statement.name }));
  }

  /** Binds and runs `text`, prepared first if it is new, ended by Sync whatever happened; the caller holds the locks. */
  async function exchange(text: string, params: unknown[]): Promise<Parameters<typeof parse.parseResults>[0]> {
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
    return answered;
  }

  function resultOf(answered: Parameters<typeof parse.parseResults>[0], rowMode: RowMode, parsers: Parsers): Results {
    const [result] = parse.parseResults(answered, parsers, { rowMode });
    return result ?? { rows: [], fields: [] };
  }

  /** One run outside a transaction, under the locks `query` takes. */
  async function runOnce(text: string, params: unknown[], rowMode: RowMode, parsers: Parsers): Promise<Results> {
    await client._checkReady();
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        const answered = await exchange(text, params);
        await client.syncToFs();
        return resultOf(answered, rowMode, parsers);
      }),
    );
  }

  /**
   * `tx` with its statements run prepared, as its own `query` runs them: under the query lock only (the transaction
   * holds the other), with no write to the file system until it ends. A failed statement aborts the transaction, so
   * it is never run again here: the transaction fails as it would have.
   */
  function preparedIn(tx: Transaction): Transaction {
    const query: Transaction["query"] = async (text, params = [], queryOptions) => {
      if (tx.closed) throw new Error("Transaction is closed");
      const rowMode = queryOptions?.rowMode ?? "object";
      const parsers = parsersWith(queryOptions?.parsers);
      return client._runExclusiveQuery(async () => resultOf(await exchange(text, params), rowMode, parsers)) as never;
    };
    return new Proxy(tx, {
      get: (target, property) => (property === "query" ? query : Reflect.get(target, property, target)),
    });
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

  /**
   * The client's parsers with the caller's over them. Layered rather than copied: the client holds a parser for every
   * type and array type it knows (some 300), and a copy of them all cost about 80 µs, on every statement drizzle runs.
   */
  function parsersWith(own: QueryParsers): Parsers {
    return own ? Object.assign(Object.create(client.parsers) as Parsers, own) : client.parsers;
  }

  return {
    /** Runs a drizzle statement prepared; its rows come as drizzle's raw `execute` gives them. */
    async prepared<T>(query: SQL): Promise<T[]> {
      const { sql: text, params } = dialect.sqlToQuery(query);
      return (await run(text, params, "object", parsersWith(RAW_PARSERS))).rows as T[];
    },

    /**
     * The client to hand drizzle: its statements run prepared, in a transaction or not, and everything else is the
     * client's own.
     */
    client(): PGlite {
      const query: PGlite["query"] = async (text, params = [], queryOptions) =>
        (await run(text, params, queryOptions?.rowMode ?? "object", parsersWith(queryOptions?.parsers))) as never;
      const transaction: PGlite["transaction"] = (callback) => client.transaction((tx) => callback(preparedIn(tx)));
      return new Proxy(client, {
        get(target, property) {
          if (property === "query") return query;
          if (property === "transaction") return transaction;
          const value: unknown = Reflect.get(target, property, target);
          return typeof value === "function" ? value.bind(target) : value;
        },
      });
    },
  };
}
