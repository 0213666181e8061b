import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { OffsetClock } from "../clock";
import type { Database } from "../db/client";
import { accounts } from "../db/schema";
import { AppError } from "../errors";
import type { JobHandler } from "../jobs/runtime";

/**
 * Endpoints for browser tests against a running server: move its clock, and run a job now instead of waiting for
 * its schedule. Registered only with `TESTING_ENDPOINTS=true`; a production server does not have them.
 */
export function registerTestingEndpoints(
  server: FastifyInstance,
  deps: { clock: OffsetClock; jobHandlers: Map<string, JobHandler>; database: Database },
) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  app.put(
    "/api/testing/clock",
    { schema: { body: z.object({ now: z.iso.datetime().nullable() }) } },
    async (request) => {
      deps.clock.set(request.body.now);
      return { now: deps.clock.now().toISOString() };
    },
  );
  // What an admin's switch does, until the admin console exists; the CLI cannot open the embedded database while
  // the server holds it.
  app.put(
    "/api/testing/notice-feature",
    { schema: { body: z.object({ email: z.string().email(), enabled: z.boolean() }) } },
    async (request) => {
      const { email, enabled } = request.body;
      const updated = await deps.database.db
        .update(accounts)
        .set({ noticeFeatureEnabled: enabled })
        .where(eq(accounts.email, email))
        .returning({ id: accounts.id });
      if (updated.length === 0) throw new AppError("9000");
      return { email, enabled };
    },
  );
  // What `grant-admin` does, for the same reason.
  app.put(
    "/api/testing/role",
    { schema: { body: z.object({ email: z.string().email(), role: z.enum(["customer", "admin"]) }) } },
    async (request) => {
      const { email, role } = request.body;
      const updated = await deps.database.db
        .update(accounts)
        .set({ role })
        .where(eq(accounts.email, email))
        .returning({ id: accounts.id });
      if (updated.length === 0) throw new AppError("9000");
      return { email, role };
    },
  );
  app.post(
    "/api/testing/jobs/:name",
    { schema: { params: z.object({ name: z.string().min(1).max(100) }) } },
    async (request) => {
      const handler = deps.jobHandlers.get(request.params.name);
      if (!handler) throw new AppError("004");
      await handler.handle({}, { jobId: `testing-${request.params.name}-${Date.now()}` });
      return { ran: request.params.name };
    },
  );
}
