export { auditKindOf, registerAuditHooks, UNAUDITED_ROUTES } from "./hooks";
export { auditJobs } from "./jobs";
export { auditedDatabase } from "./recorder";
export { auditRoutes } from "./routes";
export { currentAuditScope } from "./scope";
export { type AuditService, createAuditService } from "./service";
