export { auditKindOf, registerAuditHooks, UNAUDITED_ROUTES } from "./hooks";
export { auditedDatabase } from "./recorder";
export { currentAuditScope } from "./scope";
export { type AuditService, createAuditService } from "./service";
