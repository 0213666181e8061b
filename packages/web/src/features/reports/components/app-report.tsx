import FileDownloadRounded from "@mui/icons-material/FileDownloadRounded";
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { metricKeys, type TMetricKey } from "@parley/contract";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { FigureCard } from "@/components/figure-card";
import { PageHeader } from "@/components/page-header";
import { TableRegion } from "@/components/table-region";
import { useErrorText } from "@/hooks/use-error-text";
import { useFormat } from "@/hooks/use-format";
import { withTimeout } from "@/lib/lazy-route";
import { useExportAppMetrics } from "../api/export-app-metrics";
import { useAppMetrics } from "../api/get-app-metrics";
import { type DayRange, isValidRange, monthDay, presetRange } from "../lib/range";
import { RangePicker } from "./range-picker";

// The chart library is the bulk of this page: loading it after the totals and the table keeps the page's first
// paint (and the redirects that pass through it) fast, and keeps it out of every other chunk.
const MetricChart = lazy(() => withTimeout(import("./metric-chart")).then((m) => ({ default: m.MetricChart })));

const metricLabelKey: Record<TMetricKey, string> = {
  messageCount: "reports.metrics.messageCount",
  messageSenderCount: "reports.metrics.messageSenderCount",
  activeUserCount: "reports.metrics.activeUserCount",
  reactionCount: "reports.metrics.reactionCount",
  replyCount: "reports.metrics.replyCount",
  callMinutes: "reports.metrics.callMinutes",
};

/** The range lives in the address (`?from&to`), so a report can be bookmarked and shared. */
function useRangeParam(): [DayRange, (range: DayRange) => void] {
  const [params, setParams] = useSearchParams();
  const fromParams = { from: params.get("from"), to: params.get("to") };
  const range = isValidRange(fromParams) ? fromParams : presetRange("last30");
  return [range, (next) => setParams({ from: next.from, to: next.to }, { replace: true })];
}

/** `/apps/:id/report`: daily figures of one app over a range, as totals, charts, a table and a CSV. */
export function AppReport({ appId }: { appId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const errorText = useErrorText();
  const [range, setRange] = useRangeParam();
  const report = useAppMetrics(appId, range);
  const exportCsv = useExportAppMetrics();

  const exportButton = (
    <Button
      variant="outlined"
      startIcon={<FileDownloadRounded />}
      loading={exportCsv.isPending}
      onClick={() => exportCsv.mutate({ appId, range })}
    >
      {t("reports.export")}
    </Button>
  );

  return (
    <>
      <PageHeader title={t("pages.report")} description={t("reports.description")} actions={exportButton} />
      <RangePicker value={range} onChange={setRange} />
      {report.isError && (
        <Alert
          severity="error"
          sx={{ mt: 3 }}
          action={
            <Button color="inherit" size="small" onClick={() => void report.refetch()}>
              {t("common.retry")}
            </Button>
          }
        >
          {errorText(report.error)}
        </Alert>
      )}
      {report.isPending && <Skeleton variant="rounded" height={320} sx={{ mt: 3 }} aria-busy />}
      {report.data && (
        <>
          <Box component="dl" sx={{ ...figuresSx, mt: 3, mb: 0 }}>
            {metricKeys.map((metric) => (
              <FigureCard key={metric} label={t(metricLabelKey[metric])} testId={`total-${metric}`}>
                {format.number(report.data.totals[metric])}
              </FigureCard>
            ))}
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t("reports.activityNote")}
          </Typography>
          <Box sx={{ ...gridSx, mt: 2 }}>
            {metricKeys.map((metric) => (
              <Card key={metric} variant="outlined" component="section" aria-label={t(metricLabelKey[metric])}>
                <CardHeader title={t(metricLabelKey[metric])} slotProps={{ title: { variant: "subtitle1" } }} />
                <CardContent sx={{ pt: 0 }}>
                  <Suspense fallback={<Skeleton variant="rounded" height={220} />}>
                    <MetricChart data={report.data.data} metric={metric} label={t(metricLabelKey[metric])} />
                  </Suspense>
                </CardContent>
              </Card>
            ))}
          </Box>
          <Card variant="outlined" sx={{ mt: 2 }}>
            <TableRegion label={t("reports.table")} sx={{ maxHeight: 480 }}>
              <Table stickyHeader size="small" aria-label={t("reports.table")}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t("reports.date")}</TableCell>
                    {metricKeys.map((metric) => (
                      <TableCell key={metric} align="right">
                        {t(metricLabelKey[metric])}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {report.data.data.map((day) => (
                    <TableRow key={day.date}>
                      <TableCell>
                        <time dateTime={day.date} title={day.date}>
                          {monthDay(day.date)}
                        </time>
                      </TableCell>
                      {metricKeys.map((metric) => (
                        <TableCell key={metric} align="right">
                          {format.number(day[metric])}
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableRegion>
          </Card>
        </>
      )}
    </>
  );
}

/** Six figures: two rows of three, or one row on a wide screen. */
const figuresSx = {
  display: "grid",
  gap: 2,
  gridTemplateColumns: { xs: "1fr", sm: "repeat(3, minmax(0, 1fr))", xl: "repeat(6, minmax(0, 1fr))" },
} as const;

const gridSx = {
  display: "grid",
  gap: 2,
  gridTemplateColumns: { xs: "1fr", md: "repeat(3, minmax(0, 1fr))" },
} as const;
