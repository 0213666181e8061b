import { Errors, zSignupRequest } from "@parley/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { OffsetClock } from "../clock";
import type { Database } from "../db/client";
import { AppError } from "../errors";
import type { JobHandler } from "../jobs/runtime";
import {
  type AuthService,
  createAuthRepository,
  hashingOncePerPassword,
  signupAccountColumns,
  updateAccountByEmail,
} from "../modules/auth";

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/** Whether an address is this machine's own: 127.0.0.0/8, ::1, or 127.x mapped into IPv6. */
export function isLoopback(address: string | undefined): boolean {
  return address !== undefined && LOOPBACK.test(address);
}

/**
 * `PUT /api/testing/role` makes any account an admin, so a server started with the flag by mistake must not hand
 * that to the network. Both the socket's peer and the client address (which a trusted proxy may name) must be this
 * machine; anyone else hears 004, as if the endpoints did not exist.
 */
async function requireLoopback(request: FastifyRequest): Promise<void> {
  if (!isLoopback(request.socket.remoteAddress) || !isLoopback(request.ip)) throw new AppError(Errors.ROUTE_NOT_FOUND);
}

/**
 * Endpoints for browser tests against a running server: make a signed-in account, move its clock, and run a job now
 * instead of waiting for its schedule. Registered only with `TESTING_ENDPOINTS=true`, and answered only to callers on
 * this machine; a production server does not have them.
 */
export function registerTestingEndpoints(
  server: FastifyInstance,
  deps: {
    clock: OffsetClock;
    jobHandlers: Map<string, JobHandler>;
    database: Database;
    auth: Pick<AuthService, "startSessionFor">;
  },
) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const passwordHashOf = hashingOncePerPassword();
  const repository = createAuthRepository(deps.database.db);
  // An account as sign-up and the confirmation of its mailed code leave it, and the session that confirmation starts:
  // what almost every browser test begins with, without the mail job and the mail folder in its way. Sign-up's own
  // tests go through sign-up.
  app.post(
    "/api/testing/accounts",
    { onRequest: requireLoopback, schema: { body: zSignupRequest } },
    async (request) => {
      const input = request.body;
      const now = deps.clock.now();
      const account = await repository.insertAccount({
        ...signupAccountColumns(input, await passwordHashOf(input.password), now),
        emailVerifiedAt: now,
      });
      const session = await deps.auth.startSessionFor(account, request.headers["user-agent"]?.slice(0, 300) ?? "");
      return { session };
    },
  );
  app.put(
    "/api/testing/clock",
    {
      onRequest: requireLoopback,
      schema: { body: z.object({ now: z.iso.datetime().nullable(), frozen: z.boolean().optional() }) },
    },
    async (request) => {
      deps.clock.set(request.body.now, { frozen: request.body.frozen === true });
      return { now: deps.clock.now().toISOString() };
    },
  );
  // What an admin's switch does, until the admin console exists; the CLI cannot open the embedded database while
  // the server holds it.
  app.put(
    "/api/testing/notice-feature",
    { onRequest: requireLoopback, schema: { body: z.object({ email: z.string().email(), enabled: z.boolean() }) } },
    async (request) => {
      const { email, enabled } = request.body;
      const updated = await updateAccountByEmail(deps.database.db, email, { noticeFeatureEnabled: enabled });
      if (!updated) throw new AppError(Errors.ACCOUNT_NOT_FOUND);
      return { email, enabled };
    },
  );
  // What `grant-admin` does, for the same reason.
  app.put(
    "/api/testing/role",
    {
      onRequest: requireLoopback,
      schema: { body: z.object({ email: z.string().email(), role: z.enum(["customer", "admin"]) }) },
    },
    async (request) => {
      const { email, role } = request.body;
      const updated = await updateAccountByEmail(deps.database.db, email, { role });
      if (!updated) throw new AppError(Errors.ACCOUNT_NOT_FOUND);
      return { email, role };
    },
  );
  app.post(
    "/api/testing/jobs/:name",
    { onRequest: requireLoopback, schema: { params: z.object({ name: z.string().min(1).max(100) }) } },
    async (request) => {
      const handler = deps.jobHandlers.get(request.params.name);
      if (!handler) throw new AppError(Errors.ROUTE_NOT_FOUND);
      await handler.handle({}, { jobId: `testing-${request.params.name}-${Date.now()}` });
      return { ran: request.params.name };
    },
  );
}
