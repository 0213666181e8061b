import { auditApi, type TAuditEntry, zAppIdParams, zAuditExportQuery, zAuditPage, zAuditQuery } from "@parley/contract";
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { toCsv } from "../../csv";
import { authOf, requireAuth } from "../../http/authenticate";
import type { AuthService } from "../auth";
import type { AuditService } from "./service";

const CSV_HEADER = ["at", "actor_kind", "actor", "actor_id", "ip", "action", "path", "status", "request", "changes"];

/** The log as CSV: one row per entry, the request and changes as JSON cells (formula-safe like every export). */
function sendCsv(reply: FastifyReply, name: string, entries: TAuditEntry[]) {
  const rows = entries.map((e) => [
    e.at,
    e.actor.kind,
    e.actor.label,
    e.actor.id,
    e.ip ?? "",
    e.action,
    e.path,
    e.status ?? "",
    JSON.stringify(e.request),
    JSON.stringify(e.changes),
  ]);
  return reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${name}"`)
    .send(toCsv([CSV_HEADER, ...rows]));
}

/** The audit log of one app, and of the whole account (its owner's settings page). */
export const auditRoutes: FastifyPluginAsync<{ auth: AuthService; audit: AuditService }> = async (
  fastify,
  { auth, audit },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("preValidation", requireAuth(auth));

  app.get(
    auditApi.app,
    { schema: { params: zAppIdParams, querystring: zAuditQuery, response: { 200: zAuditPage } } },
    async (request) => audit.appLog(authOf(request), request.params.id, request.query),
  );
  app.get(
    auditApi.appExport,
    { schema: { params: zAppIdParams, querystring: zAuditExportQuery } },
    async (request, reply) =>
      sendCsv(
        reply,
        `audit-${request.params.id}.csv`,
        await audit.appExport(authOf(request), request.params.id, request.query),
      ),
  );
  app.get(auditApi.account, { schema: { querystring: zAuditQuery, response: { 200: zAuditPage } } }, async (request) =>
    audit.accountLog(authOf(request), request.query),
  );
  app.get(auditApi.accountExport, { schema: { querystring: zAuditExportQuery } }, async (request, reply) =>
    sendCsv(reply, "audit-account.csv", await audit.accountExport(authOf(request), request.query)),
  );
};
