import { mutationOptions, useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { saveFile } from "@/lib/save-file";
import { type AuditFilters, type AuditScope, auditPath, auditQueryOf } from "./get-audit-log";

/** The log as the filters narrow it, as CSV, handed to the browser as a download. */
export async function exportAuditLog({ scope, filters }: { scope: AuditScope; filters: AuditFilters }) {
  const { blob, fileName } = await api.download(auditPath(scope, true), { query: auditQueryOf(filters) });
  saveFile(blob, fileName ?? "audit.csv");
}

export const exportAuditLogMutationOptions = () => mutationOptions({ mutationFn: exportAuditLog });

export function useExportAuditLog() {
  return useMutation(exportAuditLogMutationOptions());
}
