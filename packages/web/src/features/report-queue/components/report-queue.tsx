import FlagRounded from "@mui/icons-material/FlagRounded";
import {
  Box,
  Button,
  Chip,
  FormControl,
  InputLabel,
  MenuItem,
  Paper,
  Select,
  Skeleton,
  Stack,
  Tab,
  Tabs,
  Typography,
} from "@mui/material";
import { REPORT_STATUSES, REPORT_TARGET_KINDS, type TReportQueueItem } from "@parley/contract";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "@/components/empty-state";
import { LoadError } from "@/components/load-error";
import { LoadMore } from "@/components/load-more";
import { PageHeader } from "@/components/page-header";
import { useFormat } from "@/hooks/use-format";
import { useReportTargets } from "../api/get-report-targets";
import type { ReportFilters } from "../api/keys";
import { AutoHideCard } from "./auto-hide-card";
import { ReasonChips, ResolutionChip, userLabel } from "./report-labels";
import { ReportTargetDialog } from "./report-target-dialog";

const KIND_OPTIONS = ["all", ...REPORT_TARGET_KINDS] as const;

function TargetCard({ target, onOpen }: { target: TReportQueueItem; onOpen: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Paper variant="outlined" component="li" data-testid={`report-target-${target.id}`} sx={{ p: 2 }}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ justifyContent: "space-between" }}>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 0.5, mb: 1 }}>
            <Chip size="small" color="primary" variant="outlined" label={t(`reportQueue.kind.${target.kind}`)} />
            {target.hidden && <Chip size="small" color="warning" label={t("reportQueue.hidden")} />}
            {target.resolution && <ResolutionChip action={target.resolution.action} />}
            <Typography variant="body2" color="text.secondary">
              {t("reportQueue.reportCount", { count: target.reportCount })}
              {" · "}
              {format.dateTime(target.lastReportedAt)}
            </Typography>
          </Stack>
          {target.message && (
            <Typography
              variant="body1"
              sx={{
                mb: 0.5,
                overflowWrap: "anywhere",
                display: "-webkit-box",
                WebkitLineClamp: 3,
                WebkitBoxOrient: "vertical",
                overflow: "hidden",
              }}
            >
              “{target.message.text || target.message.file?.name}”
            </Typography>
          )}
          <Typography variant="body2" sx={{ overflowWrap: "anywhere" }}>
            {t("reportQueue.reportedUser", { user: userLabel(target) })}
            {target.channelName ? ` · ${t("reportQueue.detail.inChannel", { channel: target.channelName })}` : ""}
          </Typography>
          <Box sx={{ mt: 1 }}>
            <ReasonChips reasons={target.reasons} />
          </Box>
        </Box>
        <Box sx={{ flex: "0 0 auto", alignSelf: { sm: "center" } }}>
          <Button
            variant={target.status === "open" ? "contained" : "outlined"}
            onClick={onOpen}
            aria-label={t("reportQueue.reviewNamed", { user: userLabel(target) })}
          >
            {t(target.status === "open" ? "reportQueue.review" : "reportQueue.view")}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}

/** `/apps/:id/reports`: what end users reported, grouped by message or user, and resolved with one action each. */
export function ReportQueue({ appId }: { appId: string }) {
  const { t } = useTranslation();
  const kindLabelId = useId();
  const [filters, setFilters] = useState<ReportFilters>({ status: "open", kind: "all" });
  const [openId, setOpenId] = useState<string | null>(null);
  const targets = useReportTargets(appId, filters);
  const rows = targets.data?.pages.flatMap((page) => page.targets) ?? [];

  return (
    <>
      <PageHeader title={t("pages.reports")} description={t("reportQueue.description")} />
      <AutoHideCard appId={appId} />
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={2}
        sx={{ mb: 2, justifyContent: "space-between", alignItems: { sm: "center" } }}
      >
        <Tabs
          value={filters.status}
          onChange={(_event, status) => setFilters({ ...filters, status })}
          aria-label={t("reportQueue.statusLabel")}
        >
          {REPORT_STATUSES.map((status) => (
            <Tab key={status} value={status} label={t(`reportQueue.status.${status}`)} />
          ))}
        </Tabs>
        <FormControl size="small" sx={{ minWidth: 180 }}>
          <InputLabel id={kindLabelId}>{t("reportQueue.kindLabel")}</InputLabel>
          <Select
            labelId={kindLabelId}
            label={t("reportQueue.kindLabel")}
            value={filters.kind}
            onChange={(event) => setFilters({ ...filters, kind: event.target.value as ReportFilters["kind"] })}
          >
            {KIND_OPTIONS.map((kind) => (
              <MenuItem key={kind} value={kind}>
                {kind === "all" ? t("reportQueue.allKinds") : t(`reportQueue.kind.${kind}`)}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      </Stack>
      {targets.isPending && <Skeleton variant="rounded" height={160} />}
      {targets.isError && <LoadError error={targets.error} onRetry={() => void targets.refetch()} />}
      {targets.isSuccess && rows.length === 0 && (
        <EmptyState
          icon={<FlagRounded color="primary" sx={{ fontSize: 40 }} />}
          title={t(filters.status === "open" ? "reportQueue.emptyOpen" : "reportQueue.emptyResolved")}
          body={filters.status === "open" ? t("reportQueue.emptyBody") : undefined}
        />
      )}
      {rows.length > 0 && (
        <Box
          component="ul"
          aria-label={t("pages.reports")}
          sx={{ listStyle: "none", m: 0, p: 0, display: "grid", gap: 1.5 }}
        >
          {rows.map((target) => (
            <TargetCard key={target.id} target={target} onOpen={() => setOpenId(target.id)} />
          ))}
        </Box>
      )}
      <LoadMore pages={targets} />
      <ReportTargetDialog appId={appId} targetId={openId} onClose={() => setOpenId(null)} />
    </>
  );
}
