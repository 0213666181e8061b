/**
 * A stand-in for TalkPlus's REST API v1.4 (the calls `pullTalkPlus` makes, as TalkPlus documents them: see the
 * comment atop `src/modules/imports/talkplus.ts`), serving a fixture's records: the `app-id` and `api-key` headers
 * checked, 401 with TalkPlus's error body for a wrong pair, lists paged by the ID of the last item answered.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

type Item = Record<string, unknown>;

/** An app's records as TalkPlus answers them; each channel carries its full member objects. */
export interface TalkPlusData {
  users: Item[];
  channels: (Item & { id: string; type: string; members: Item[] })[];
  /** Each channel's messages, oldest first. */
  messages: Record<string, Item[]>;
}

/** An answer given instead of a page: the page of `path` after `after` (its first page when absent). */
export interface TalkPlusFault {
  path: string;
  after?: string;
  status: number;
  body: string;
}

export interface TalkPlusServer {
  url: string;
  close(): Promise<void>;
  /** Each request as `GET /path?query`, in the order they came. */
  requests: string[];
}

/** TalkPlus's answer to a wrong app ID or API key (its members page shows it). */
const UNAUTHORIZED = { error: true, code: "1006", message: "Unauthorized" };
/** TalkPlus answers at most 50 messages a page. */
const LIMIT_MAX = 50;

const SUPER_TYPES = new Set(["super_public", "super_private", "super_broadcast"]);

export async function startTalkPlusServer(
  data: TalkPlusData,
  options: { appId: string; apiKey: string; pageSize: number; faults?: TalkPlusFault[] },
): Promise<TalkPlusServer> {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    const send = (status: number, body: unknown) => {
      const text = typeof body === "string" ? body : JSON.stringify(body);
      res.writeHead(status, { "content-type": "application/json" }).end(text);
    };
    if (req.headers["app-id"] !== options.appId || req.headers["api-key"] !== options.apiKey) {
      send(401, UNAUTHORIZED);
      return;
    }
    if (req.method !== "GET") {
      send(405, { error: true, code: "1000", message: "Method not allowed" });
      return;
    }
    const answer = route(data, url);
    if (!answer) {
      send(404, { error: true, code: "1000", message: "Not found" });
      return;
    }
    const after = url.searchParams.get(answer.cursorParam) ?? undefined;
    const fault = options.faults?.find((f) => f.path === url.pathname && f.after === after);
    if (fault) {
      send(fault.status, fault.body);
      return;
    }
    const asked = Number(url.searchParams.get("limit") ?? options.pageSize);
    const limit = Math.min(
      Number.isInteger(asked) && asked > 0 ? asked : options.pageSize,
      options.pageSize,
      LIMIT_MAX,
    );
    const start = after === undefined ? 0 : answer.items.findIndex((item) => item.id === after) + 1;
    // A cursor that names nothing answers an empty page, as a list past its end does.
    const page = start === 0 && after !== undefined ? [] : answer.items.slice(start, start + limit);
    send(200, { [answer.listKey]: page, hasNext: start + limit < answer.items.length && page.length > 0 });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

/** The list a path answers, in the order TalkPlus pages it, or null for a path it does not serve. */
function route(data: TalkPlusData, url: URL): { items: Item[]; listKey: string; cursorParam: string } | null {
  const parts = url.pathname.split("/").map(decodeURIComponent);
  const [, version, api, collection, id, sub, ...rest] = parts;
  if (version !== "v1.4" || api !== "api" || rest.length > 0) return null;
  if (collection === "users" && id === undefined) {
    return { items: data.users, listKey: "users", cursorParam: "lastUserId" };
  }
  if (collection === "users" && sub === "channels") {
    const joined = data.channels.filter((channel) => channel.members.some((member) => member.id === id));
    // A super channel's answer carries no members (TalkPlus's channel docs): they are read from its members list.
    const items = joined.map((channel) => (SUPER_TYPES.has(channel.type) ? { ...channel, members: [] } : channel));
    return { items, listKey: "channels", cursorParam: "lastChannelId" };
  }
  const channel = collection === "channels" ? data.channels.find((c) => c.id === id) : undefined;
  if (!channel) return null;
  if (sub === "members") return { items: channel.members, listKey: "members", cursorParam: "lastUserId" };
  if (sub === "messages") {
    const oldestFirst = data.messages[channel.id] ?? [];
    const items = url.searchParams.get("order") === "oldest" ? oldestFirst : [...oldestFirst].reverse();
    return { items, listKey: "messages", cursorParam: "lastMessageId" };
  }
  return null;
}
