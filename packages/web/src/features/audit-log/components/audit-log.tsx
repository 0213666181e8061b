import DownloadRounded from "@mui/icons-material/DownloadRounded";
import HistoryRounded from "@mui/icons-material/HistoryRounded";
import { Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from "@mui/material";
import { AUDIT_ACTOR_KINDS, type TAuditEntry } from "@parley/contract";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { CodeBlock } from "@/components/code-block";
import { type ListColumn, ListTable } from "@/components/list-table/list-table";
import { notOnPhone, wideOnly } from "@/components/table-cells";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { useFormat } from "@/hooks/use-format";
import { useExportAuditLog } from "../api/export-audit-log";
import { type AuditFilters, type AuditScope, useAuditLog } from "../api/get-audit-log";
import { auditActionLabel, auditTableLabel } from "../lib/audit-labels";

const ACTOR_OPTIONS = ["all", ...AUDIT_ACTOR_KINDS] as const;

function EntryDialog({ entry, onClose }: { entry: TAuditEntry | null; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const titleId = useId();
  return (
    <Dialog open={entry !== null} onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{t("audit.detail.title")}</DialogTitle>
      {entry && (
        <DialogContent>
          <Stack spacing={2}>
            <Box>
              <Typography variant="body2">
                <strong>{entry.actor.label}</strong> · {t(`audit.actorKind.${entry.actor.kind}`)}
                {entry.ip ? ` · ${entry.ip}` : ""}
              </Typography>
              <Typography variant="subtitle1" component="p" sx={{ mt: 0.5 }}>
                {auditActionLabel(t, entry.action)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {format.dateTime(entry.at)} · {t("auditLabels.detail.route")}{" "}
                <Box component="code" sx={{ fontSize: 13 }}>
                  {entry.action}
                </Box>{" "}
                · {entry.status ?? "—"}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
                {entry.path}
              </Typography>
            </Box>
            <CodeBlock label={t("audit.detail.request")} sx={{ maxHeight: 240, fontSize: 12.5 }}>
              {JSON.stringify(entry.request, null, 2)}
            </CodeBlock>
            {entry.changes.map((change, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: an entry's changes are written once and never reordered
              <Box key={`${change.table}-${index}`} data-testid="audit-change">
                <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
                  {t(`audit.op.${change.op}`, { table: auditTableLabel(t, change.table) })}
                  {change.more > 0 ? ` ${t("audit.detail.more")}` : ""}{" "}
                  <Box
                    component="code"
                    sx={{ fontSize: 12, color: "text.secondary", fontWeight: 400 }}
                    title={t("auditLabels.detail.table")}
                  >
                    ({change.table})
                  </Box>
                </Typography>
                <Box sx={{ display: "grid", gap: 1, gridTemplateColumns: { md: "1fr 1fr" } }}>
                  <CodeBlock label={t("audit.detail.before")} sx={{ maxHeight: 280, fontSize: 12.5 }}>
                    {JSON.stringify(change.before, null, 2)}
                  </CodeBlock>
                  <CodeBlock label={t("audit.detail.after")} sx={{ maxHeight: 280, fontSize: 12.5 }}>
                    {JSON.stringify(change.after, null, 2)}
                  </CodeBlock>
                </Box>
              </Box>
            ))}
          </Stack>
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={onClose}>{t("common.close")}</Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The audit log of an app or of the whole account: who changed what, when, from where; searchable, filtered by who,
 * exported as CSV. Rows name the change and the data in words; a row opens the raw request and every row it changed,
 * before and after.
 */
export function AuditLog({ scope }: { scope: AuditScope }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [qInput, setQInput] = useState("");
  const q = useDebouncedValue(qInput.trim());
  const [actorKind, setActorKind] = useState<AuditFilters["actorKind"]>("all");
  const filters: AuditFilters = { q, actorKind };
  const log = useAuditLog(scope, filters);
  const exporter = useExportAuditLog();
  const [open, setOpen] = useState<TAuditEntry | null>(null);
  const rows = log.data?.pages.flatMap((page) => page.entries) ?? [];
  const isFiltered = q !== "" || actorKind !== "all";

  const columns: ListColumn<TAuditEntry>[] = [
    {
      key: "at",
      header: t("audit.columns.at"),
      cellProps: { sx: { whiteSpace: "nowrap" } },
      cell: (entry) => format.dateTime(entry.at),
    },
    {
      key: "actor",
      header: t("audit.columns.actor"),
      cellProps: { sx: { minWidth: 160, overflowWrap: "anywhere" } },
      cell: (entry) => (
        <Stack spacing={0.5} sx={{ alignItems: "flex-start" }}>
          <span>{entry.actor.label}</span>
          <Chip size="small" variant="outlined" label={t(`audit.actorKind.${entry.actor.kind}`)} />
        </Stack>
      ),
    },
    {
      key: "action",
      header: t("audit.columns.action"),
      cellProps: { sx: { overflowWrap: "anywhere" } },
      // The route itself is in the entry's detail; the list says what was done.
      cell: (entry) => auditActionLabel(t, entry.action),
    },
    {
      key: "changes",
      header: t("audit.columns.changes"),
      sx: notOnPhone,
      cell: (entry) => [...new Set(entry.changes.map((change) => auditTableLabel(t, change.table)))].join(", "),
    },
    {
      key: "ip",
      header: t("audit.columns.ip"),
      sx: wideOnly,
      cell: (entry) => entry.ip ?? "—",
    },
  ];

  return (
    <>
      <Box sx={{ display: "flex", justifyContent: "flex-end", mb: 1 }}>
        <Button
          variant="outlined"
          startIcon={<DownloadRounded />}
          loading={exporter.isPending}
          onClick={() => exporter.mutate({ scope, filters })}
        >
          {t("audit.export")}
        </Button>
      </Box>
      <ListTable
        label={t("pages.audit")}
        search={{ value: qInput, onChange: setQInput, label: t("audit.search") }}
        filter={{
          label: t("audit.actorFilter"),
          value: actorKind,
          options: ACTOR_OPTIONS,
          optionLabel: (value) => (value === "all" ? t("audit.allActors") : t(`audit.actorKind.${value}`)),
          onChange: setActorKind,
          minWidth: 180,
        }}
        query={log}
        rows={rows}
        rowKey={(entry) => entry.id}
        rowProps={(entry) => ({
          onClick: () => setOpen(entry),
          sx: { cursor: "pointer" },
          "data-testid": `audit-row-${entry.id}`,
        })}
        columns={columns}
        empty={{
          icon: <HistoryRounded color="primary" sx={{ fontSize: 40 }} />,
          title: isFiltered ? t("audit.noMatch") : t("audit.emptyTitle"),
          body: isFiltered ? undefined : t("audit.emptyBody"),
        }}
        pages={log}
      />
      <EntryDialog entry={open} onClose={() => setOpen(null)} />
    </>
  );
}
