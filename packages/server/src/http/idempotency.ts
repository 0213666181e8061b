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

interface Claim {
  accountId: string;
  key: string;
  claimedAt: Date;
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
/** What a client hears with 009: about how long a dashboard request takes. */
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
  const { db, clock } = options;
  scope.decorateRequest("idempotencyClaim", null);

  async function release(claim: Claim): Promise<void> {
    await db
      .delete(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.accountId, claim.accountId),
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
          eq(idempotencyKeys.accountId, claim.accountId),
          eq(idempotencyKeys.key, claim.key),
          eq(idempotencyKeys.createdAt, claim.claimedAt),
          isNull(idempotencyKeys.statusCode),
        ),
      );
  }

  async function claimKey(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
    const header = request.headers[HEADER];
    const auth = request.auth;
    if (header === undefined || !auth) return;
    const parsed = zIdempotencyKey.safeParse(header);
    if (!parsed.success) {
      throw new AppError(Errors.INVALID_REQUEST, {
        fields: [{ path: IDEMPOTENCY_KEY_HEADER, message: "VALIDATION_INVALID_FORMAT" }],
      });
    }
    const key = parsed.data;
    const accountId = auth.account.id;
    const route = routeOf(request);
    const requestHash = requestHashOf(request);
    // Two rounds at most: an expired or abandoned row is removed and the claim tried again once; whoever removed
    // it concurrently may win that second claim, and this request then meets the winner's row.
    for (let round = 0; round < 2; round += 1) {
      const claimedAt = clock.now();
      const inserted = await db
        .insert(idempotencyKeys)
        .values({ accountId, key, route, requestHash, statusCode: null, responseBody: null, createdAt: claimedAt })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (inserted.length > 0) {
        request.idempotencyClaim = { accountId, key, claimedAt };
        return;
      }
      const [row] = await db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.accountId, accountId), eq(idempotencyKeys.key, key)));
      if (!row) continue;
      const age = claimedAt.getTime() - row.createdAt.getTime();
      const isExpired = age >= TTL_MS;
      const isAbandoned = row.statusCode === null && age >= ABANDONED_CLAIM_MS;
      if (isExpired || isAbandoned) {
        await db
          .delete(idempotencyKeys)
          .where(
            and(
              eq(idempotencyKeys.accountId, accountId),
              eq(idempotencyKeys.key, key),
              eq(idempotencyKeys.createdAt, row.createdAt),
            ),
          );
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
    // Appended to the route's own hooks, which run after the scope's: by then the caller is authenticated and
    // counted by the rate limit, and the route's own refusals (a sub-account creating an app) have had their say.
    const hooks = route.preValidation;
    route.preValidation = [...(hooks === undefined ? [] : [hooks].flat()), claimKey];
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
