import {
  Errors,
  MESSAGE_SEARCH_QUERY_MAX,
  messageSearchGrams,
  messageSearchHighlights,
  normalizeSearchQuery,
  type TAppMessageSearchQuery,
  type TAppMessageSearchResponse,
  type TMessageSearchQuery,
  type TMessageSearchResponse,
} from "@parley/contract";
import { and, eq, gte, inArray, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import { cursorTime } from "../../chat/cursor";
import type { Context } from "../../context";
import { rowsOf } from "../../db/client";
import { AppError } from "../../errors";
import type { AppService } from "../apps";
import type { Authenticated } from "../auth";
import { type Actor, type ChannelService, findChannelNames, historyScope, openChannelVisitor } from "../channels";
import { findChatUsersByUserIds, notBlockedBy } from "../chat-users";
import { toMessages } from "./mapping";
import { type MessageRow, messages } from "./schema";

/**
 * Newest messages of the scope read in order before the n-gram index is asked. A query most messages match (a
 * common word) fills a page within them, where the index would hand over every match of the app to be sorted; a
 * rarer one finds too few and goes to the index, whose matches are then few. 1,000 rows read in order cost a few
 * milliseconds; a gram found in more than 2% of the scope's newest messages fills a page from them.
 */
const PROBE_ROWS = 1000;

/**
 * Where a page ends. A search over an app orders by time (and id, for messages of one moment); over one channel by
 * seq, which the channel's (channel, seq) index answers in order.
 */
type Position = { kind: "time"; at: Date; id: string } | { kind: "seq"; seq: number };

function encodePosition(position: Position): string {
  const raw = position.kind === "time" ? `t|${position.at.toISOString()}|${position.id}` : `s|${position.seq}`;
  return Buffer.from(raw).toString("base64url");
}

function decodePosition(cursor: string | undefined, kind: Position["kind"]): Position | null {
  if (!cursor) return null;
  const [tag, first, second] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  if (kind === "seq" && tag === "s" && first && /^\d{1,9}$/.test(first)) return { kind, seq: Number(first) };
  const at = cursorTime(first);
  if (kind === "time" && tag === "t" && at && second && /^[0-9a-f-]{36}$/.test(second)) return { kind, at, id: second };
  // A cursor of the other ordering (a filter changed between pages) or made up.
  throw new AppError(Errors.INVALID_REQUEST);
}

/** The query as matched, refused with 3101 when too long and with 3100 when it has no n-gram to look up. */
function searchText(query: string): string {
  const text = normalizeSearchQuery(query);
  if (text.length > MESSAGE_SEARCH_QUERY_MAX) throw new AppError(Errors.SEARCH_QUERY_TOO_LONG);
  if (messageSearchGrams(text).length === 0) throw new AppError(Errors.SEARCH_QUERY_TOO_SHORT);
  return text;
}

interface Scope {
  appId: string;
  /** The scope's conditions on `messages` beyond the app: channel, sender, dates, what a member may read. */
  where: SQL | undefined;
  order: Position["kind"];
}

/**
 * Message search over the n-grams migration 0023 keeps on every message (`search_tokens`, written by a trigger on
 * insert and on a change of text or deletion, so every path that stores, edits, deletes or restores a message keeps
 * it without knowing). A candidate is a message whose grams hold every gram of the query; it is found when its
 * lowercased text holds the whole query, so grams that happen to co-occur never make a false hit.
 */
export function createMessageSearch(ctx: Context, deps: { apps: AppService; channels: ChannelService }) {
  const { db } = ctx.database;

  const matches = (appId: string, text: string) =>
    sql`search_tokens @> message_search_tokens(${appId}::uuid, ${text})
      and strpos(lower(${messages.text}), lower(${text})) > 0`;

  /** The ids of a page's messages and one more, newest first, as the scope and cursor say. */
  async function findPage(scope: Scope, text: string, after: Position | null, limit: number) {
    const past =
      after?.kind === "seq"
        ? lt(messages.seq, after.seq)
        : after?.kind === "time"
          ? or(lt(messages.createdAt, after.at), and(eq(messages.createdAt, after.at), lt(messages.id, after.id)))
          : undefined;
    const order = sql.raw(scope.order === "seq" ? "seq desc" : "created_at desc, id desc");
    const hitOrder = sql.raw(scope.order === "seq" ? "hits.seq desc" : "hits.created_at desc, hits.id desc");
    const where = and(eq(messages.appId, scope.appId), isNull(messages.deletedAt), scope.where, past);
    // The probe: the scope's newest rows in index order, filtered. `scanned` says whether the scope ran out.
    const probe = rowsOf<{ scanned: number; id: string | null }>(
      await db.execute(sql`
        with recent as materialized (
          select id, seq, created_at, text, search_tokens from messages where ${where} order by ${order}
          limit ${PROBE_ROWS}
        ), hits as (
          select id, seq, created_at from recent
          where search_tokens @> message_search_tokens(${scope.appId}::uuid, ${text})
            and strpos(lower(text), lower(${text})) > 0
          order by ${order} limit ${limit + 1}
        )
        select (select count(*) from recent)::int as scanned, hits.id
        from (select 1) one left join hits on true order by ${hitOrder}`),
    );
    const found = probe.flatMap((row) => (row.id ? [row.id] : []));
    if (found.length > limit || Number(probe[0]?.scanned ?? 0) < PROBE_ROWS) return found;
    const rows = await db
      .select({ id: messages.id })
      .from(messages)
      .where(and(where, matches(scope.appId, text)))
      .orderBy(order)
      .limit(limit + 1);
    return rows.map((row) => row.id);
  }

  /** The page's messages in the order found, and the cursor after the last. */
  async function pageOf(scope: Scope, text: string, cursor: string | undefined, limit: number) {
    const ids = await findPage(scope, text, decodePosition(cursor, scope.order), limit);
    const pageIds = ids.slice(0, limit);
    const rows = pageIds.length ? await db.select().from(messages).where(inArray(messages.id, pageIds)) : [];
    const byId = new Map(rows.map((row) => [row.id, row]));
    const ordered = pageIds.flatMap((id) => byId.get(id) ?? []);
    const last = ordered.at(-1);
    const nextCursor =
      ids.length > limit && last
        ? encodePosition(
            scope.order === "seq" ? { kind: "seq", seq: last.seq } : { kind: "time", at: last.createdAt, id: last.id },
          )
        : null;
    return { rows: ordered, nextCursor };
  }

  const highlighted = <T extends { text: string }>(message: T, text: string) => ({
    message,
    highlights: messageSearchHighlights(message.text, text),
  });

  return {
    /** The dashboard's search over an app's messages; 3100 or 3101 for a query it cannot look up. */
    async inApp(auth: Authenticated, appId: string, query: TAppMessageSearchQuery): Promise<TAppMessageSearchResponse> {
      const app = await deps.apps.requireAppAccess(auth, appId);
      const text = searchText(query.q);
      let senderId: string | undefined;
      if (query.userId) {
        const [sender] = await findChatUsersByUserIds(db, app.id, [query.userId]);
        if (!sender) return { results: [], nextCursor: null };
        senderId = sender.id;
      }
      const where = and(
        query.channelId ? eq(messages.channelId, query.channelId) : undefined,
        senderId ? eq(messages.senderId, senderId) : undefined,
        query.from ? gte(messages.createdAt, new Date(query.from)) : undefined,
        query.to ? lt(messages.createdAt, new Date(query.to)) : undefined,
      );
      const scope: Scope = { appId: app.id, where, order: query.channelId ? "seq" : "time" };
      const { rows, nextCursor } = await pageOf(scope, text, query.cursor, query.limit);
      const [found, names] = await Promise.all([
        toMessages(db, rows, null, { markShadowed: true }),
        findChannelNames(db, app.id, [...new Set(rows.map((row) => row.channelId))]),
      ]);
      return {
        results: found.map((message) => ({
          ...highlighted(message, text),
          channel: { id: message.channelId, name: names.get(message.channelId) ?? "" },
        })),
        nextCursor,
      };
    },

    /**
     * A channel's messages as its caller reads them in history and threads: for a member (3020 otherwise; in an
     * open channel any user of the app) none sent before they joined where the channel hides that, none of another
     * member in a broadcast channel, only their own subchannel's and the whole channel's in a split super group, none
     * from users they block. The app's server reads every message of the channel.
     */
    async inChannel(actor: Actor, channelId: string, query: TMessageSearchQuery): Promise<TMessageSearchResponse> {
      let where: SQL | undefined;
      let channelRowId: string;
      if (actor.kind === "user") {
        const { channel, member: joined } = await deps.channels.requireChannelWithMember(
          actor.app,
          channelId,
          actor.user.id,
        );
        const member = joined ?? openChannelVisitor(channel, actor.user.id);
        if (!member) throw new AppError(Errors.NOT_CHANNEL_MEMBER);
        // Search reads what history reads, so it is refused where history is (decision 0299).
        await deps.channels.permissions.require(actor, channel, "read", joined?.role ?? null);
        const subchannel = joined ? await deps.channels.subchannelOf(channel, joined) : null;
        channelRowId = channel.id;
        where = and(
          historyScope(channel, member, {
            seq: messages.seq,
            senderId: messages.senderId,
            shadowed: messages.shadowed,
          }),
          notBlockedBy({ appId: actor.app.id, chatUserId: actor.user.id }, messages.senderId),
          subchannel === null ? undefined : or(isNull(messages.subchannel), eq(messages.subchannel, subchannel)),
        );
      } else {
        channelRowId = (await deps.channels.requireChannel(actor.app, channelId)).id;
      }
      const text = searchText(query.q);
      const scope: Scope = {
        appId: actor.app.id,
        where: and(eq(messages.channelId, channelRowId), where),
        order: "seq",
      };
      const { rows, nextCursor } = await pageOf(scope, text, query.cursor, query.limit);
      const viewer = actor.kind === "user" ? actor.user.id : null;
      const found = await toMessages(db, rows as MessageRow[], viewer, { markShadowed: viewer === null });
      return { results: found.map((message) => highlighted(message, text)), nextCursor };
    },
  };
}

export type MessageSearch = ReturnType<typeof createMessageSearch>;
