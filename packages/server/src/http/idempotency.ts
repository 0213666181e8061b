import { createHash } from "node:crypto";
import {
  Errors,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_TTL_HOURS,
  IDEMPOTENT_REPLAYED_HEADER,
  zIdempotencyKey,
} from "@parley/contract";
import { and, eq, isNull, lt } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import type { Clock } from "../clock";
import type { Db } from "../db/client";
import { storableJson } from "../db/storable";
import { AppError } from "../errors";
import { callerOf } from "./chat-principal";
import { idempotencyKeys } from "./schema";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * `false` keeps a route out of idempotent replay: routes whose body holds a password (a fast hash of it would be
     * stored) or whose answer holds a secret shown once (the answer would be stored in clear).
     */
    idempotency?: boolean;
  }
  interface FastifyRequest {
    /** The key this request claimed, until its answer is stored or the key released. */
    idempotencyClaim: Claim | null;
  }
}

/** Whose keys a request's key is among: a dashboard session's account, or the app of a chat API key. */
type Owner = { kind: "account"; id: string } | { kind: "app"; id: string };

interface Claim {
  owner: Owner;
  key: string;
  claimedAt: Date;
}

function ownedBy(owner: Owner) {
  return owner.kind === "app" ? eq(idempotencyKeys.appId, owner.id) : eq(idempotencyKeys.accountId, owner.id);
}

const MUTATING_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const HEADER = IDEMPOTENCY_KEY_HEADER.toLowerCase();
const TTL_MS = IDEMPOTENCY_KEY_TTL_HOURS * 60 * 60 * 1000;
/**
 * A claim still unanswered after this long belongs to a process that died mid-request (no dashboard request runs
 * anywhere near a minute: outbound calls give up after 15 s), so a retry may take it over rather than hear "still
 * running" until the key expires a day later.
 */
const ABANDONED_CLAIM_MS = 60_000;
/** What a client hears with 009: about how long a write takes. */
const RETRY_AFTER_SECONDS = 1;

/** JSON with object keys in sorted order, so the same body hashes the same however its keys were ordered. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

function requestHashOf(request: FastifyRequest): string {
  return createHash("sha256")
    .update(canonicalJson({ query: request.query ?? {}, body: request.body ?? null }))
    .digest("hex");
}

function routeOf(request: FastifyRequest): string {
  const path = request.url.split("?", 1)[0] ?? request.url;
  return `${request.method} ${path}`;
}

/**
 * Honours `Idempotency-Key` on every mutating dashboard (`/api`) request made with a dashboard session, so a create
 * sent again after its answer was lost (a dropped network, a closed dialog, a retry) creates nothing twice:
 *
 * - the first request with a key claims it (a row with no answer yet) before its input is validated or handled;
 * - its answer is stored when it is a success or a refusal (2xx, 4xx), and every repeat with the same key, route
 *   and body gets that answer again, marked `Idempotent-Replayed: true`, validation refusals included;
 * - a repeat while the first still runs answers 009 (retry shortly) instead of running a second time;
 * - the same key on another route or with another body answers 010;
 * - a server fault (5xx) releases the key, so the retry runs for real;
 * - keys are an account's own and expire after a day.
 *
 * Requests without a session (signup, login, password reset) have no account to keep keys for and ignore the
 * header; multipart uploads do too, as their body is read by the handler, after the key would be claimed.
 * Register it in the `/api` scope after the rate limit, so a refused request never touches the table.
 */
export function registerIdempotency(scope: FastifyInstance, options: { db: Db; clock: Clock }): void {
  registerKeys(scope, options, {
    // Appended to the route's own hooks, which run after the scope's: by then the caller is authenticated and
    // counted by the rate limit, and the route's own refusals (a sub-account creating an app) have had their say.
    hook: "preValidation",
    ownerOf: (request) => (request.auth ? { kind: "account", id: request.auth.account.id } : null),
  });
}

/**
 * Honours `Idempotency-Key` on every mutating chat API (`/v1`) request made with an API key, the same way as on the
 * dashboard: the keys are the app's (any of its API keys may retry another's request), claimed once the caller is
 * resolved and counted, after the body is validated, as `/v1` resolves its caller in `preHandler`. End users'
 * sessions ignore the header: a message they send is made idempotent by its `clientMessageId`.
 * Register it in the `/v1` scope before its routes.
 */
export function registerChatIdempotency(scope: FastifyInstance, options: { db: Db; clock: Clock }): void {
  registerKeys(scope, options, {
    hook: "preHandler",
    ownerOf: (request) => {
      if (!request.chatCaller) return null;
      const caller = callerOf(request);
      return caller.kind === "server" ? { kind: "app", id: caller.app.id } : null;
    },
  });
}

function registerKeys(
  scope: FastifyInstance,
  options: { db: Db; clock: Clock },
  how: { hook: "preValidation" | "preHandler"; ownerOf: (request: FastifyRequest) => Owner | null },
): void {
  const { db, clock } = options;
  scope.decorateRequest("idempotencyClaim", null);

  async function release(claim: Claim): Promise<void> {
    await db
      .delete(idempotencyKeys)
      .where(
        and(
          ownedBy(claim.owner),
          eq(idempotencyKeys.key, claim.key),
          eq(idempotencyKeys.createdAt, claim.claimedAt),
          isNull(idempotencyKeys.statusCode),
        ),
      );
  }

  async function store(claim: Claim, statusCode: number, responseBody: unknown): Promise<void> {
    await db
      .update(idempotencyKeys)
      .set({ statusCode, responseBody })
      .where(
        and(
          ownedBy(claim.owner),
          eq(idempotencyKeys.key, claim.key),
          eq(idempotencyKeys.createdAt, claim.claimedAt),
          isNull(idempotencyKeys.statusCode),
        ),
      );
  }

  async function claimKey(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
    const header = request.headers[HEADER];
    if (header === undefined) return;
    const owner = how.ownerOf(request);
    if (!owner) return;
    const parsed = zIdempotencyKey.safeParse(header);
    if (!parsed.success) {
      throw new AppError(Errors.INVALID_REQUEST, {
        fields: [{ path: IDEMPOTENCY_KEY_HEADER, message: "VALIDATION_INVALID_FORMAT" }],
      });
    }
    const key = parsed.data;
    const route = routeOf(request);
    const requestHash = requestHashOf(request);
    // Two rounds at most: an expired or abandoned row is removed and the claim tried again once; whoever removed
    // it concurrently may win that second claim, and this request then meets the winner's row.
    for (let round = 0; round < 2; round += 1) {
      const claimedAt = clock.now();
      const inserted = await db
        .insert(idempotencyKeys)
        .values({
          accountId: owner.kind === "account" ? owner.id : null,
          appId: owner.kind === "app" ? owner.id : null,
          key,
          route,
          requestHash,
          statusCode: null,
          responseBody: null,
          createdAt: claimedAt,
        })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (inserted.length > 0) {
        request.idempotencyClaim = { owner, key, claimedAt };
        return;
      }
      const [row] = await db
        .select()
        .from(idempotencyKeys)
        .where(and(ownedBy(owner), eq(idempotencyKeys.key, key)));
      if (!row) continue;
      const age = claimedAt.getTime() - row.createdAt.getTime();
      const isExpired = age >= TTL_MS;
      const isAbandoned = row.statusCode === null && age >= ABANDONED_CLAIM_MS;
      if (isExpired || isAbandoned) {
        await db
          .delete(idempotencyKeys)
          .where(and(ownedBy(owner), eq(idempotencyKeys.key, key), eq(idempotencyKeys.createdAt, row.createdAt)));
        continue;
      }
      if (row.route !== route || row.requestHash !== requestHash) throw new AppError(Errors.IDEMPOTENCY_KEY_REUSED);
      if (row.statusCode === null) {
        void reply.header("retry-after", String(RETRY_AFTER_SECONDS));
        throw new AppError(Errors.IDEMPOTENCY_IN_PROGRESS, { retryAfterSeconds: RETRY_AFTER_SECONDS });
      }
      return reply
        .code(row.statusCode)
        .header(IDEMPOTENT_REPLAYED_HEADER, "true")
        .type("application/json; charset=utf-8")
        .send(row.responseBody === null ? "" : JSON.stringify(row.responseBody));
    }
    // Lost both rounds to concurrent requests with the same key: one of them is running it.
    void reply.header("retry-after", String(RETRY_AFTER_SECONDS));
    throw new AppError(Errors.IDEMPOTENCY_IN_PROGRESS, { retryAfterSeconds: RETRY_AFTER_SECONDS });
  }

  scope.addHook("onRoute", (route: RouteOptions) => {
    const methods = [route.method].flat();
    if (!methods.some((method) => MUTATING_METHODS.has(method))) return;
    if (route.config?.idempotency === false) return;
    const consumes = (route.schema as { consumes?: string[] } | undefined)?.consumes;
    if (consumes?.includes("multipart/form-data")) return;
    const hooks = route[how.hook];
    route[how.hook] = [...(hooks === undefined ? [] : [hooks].flat()), claimKey];
  });

  scope.addHook("onSend", async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = null;
    try {
      const contentType = String(reply.getHeader("content-type") ?? "");
      if (reply.statusCode >= 500 || typeof payload !== "string" || !contentType.includes("json")) {
        await release(claim);
      } else {
        // A refusal names the field it refuses, and a record's field is named by a key the caller wrote.
        await store(claim, reply.statusCode, payload === "" ? null : storableJson(JSON.parse(payload)));
      }
    } catch (err) {
      // The answer still goes out; the claim stays unanswered and is taken over once abandoned.
      request.log.warn({ err }, "idempotency key not stored");
    }
    return payload;
  });

  // An answer that never reached onSend (its hooks failed) leaves the claim: released, so a retry can run.
  scope.addHook("onResponse", async (request) => {
    const claim = request.idempotencyClaim;
    if (!claim) return;
    request.idempotencyClaim = null;
    await release(claim).catch((err) => request.log.warn({ err }, "idempotency key not released"));
  });
}

/** Removes answers older than the replay window; run daily, as an expired row is otherwise only replaced on reuse. */
export async function expireIdempotencyKeys(db: Db, clock: Clock): Promise<number> {
  const cutoff = new Date(clock.now().getTime() - TTL_MS);
  const removed = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, cutoff))
    .returning({ key: idempotencyKeys.key });
  return removed.length;
}
