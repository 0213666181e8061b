import ArrowBackRounded from "@mui/icons-material/ArrowBackRounded";
import InsightsRounded from "@mui/icons-material/InsightsRounded";
import {
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
} from "@mui/material";
import { CAMPAIGN_REPORT_DAYS } from "@parley/contract";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { EmptyState } from "@/components/empty-state";
import { FactRow } from "@/components/fact-row";
import { FigureCard } from "@/components/figure-card";
import { LoadError } from "@/components/load-error";
import { PageHeader } from "@/components/page-header";
import { TableRegion } from "@/components/table-region";
import { paths } from "@/config/paths";
import { useFormat } from "@/hooks/use-format";
import { withTimeout } from "@/lib/lazy-route";
import { useCampaignReport } from "../api/get-campaign-report";
import { monthDay } from "../lib/report";

// The chart library is the bulk of this page: it loads after the figures, and stays out of every other chunk.
const DailyReadsChart = lazy(() =>
  withTimeout(import("./daily-reads-chart")).then((m) => ({ default: m.DailyReadsChart })),
);

const gridSx = {
  display: "grid",
  gap: 2,
  gridTemplateColumns: { xs: "repeat(2, minmax(0, 1fr))", md: "repeat(5, minmax(0, 1fr))" },
} as const;

/**
 * `/apps/:id/message/campaign/:campaignId/report`: the send's figures and how many recipients read it on each of
 * the days after it started.
 */
export function CampaignReport({ appId, campaignId }: { appId: string; campaignId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const report = useCampaignReport(appId, campaignId);
  const data = report.data;
  const figures = data
    ? ([
        ["recipients", data.campaign.progress.recipients],
        ["sent", data.campaign.progress.sent],
        ["succeeded", data.campaign.progress.succeeded],
        ["failed", data.campaign.progress.failed],
        ["reads", data.reads],
      ] as const)
    : [];

  return (
    <>
      <Box sx={{ mb: 1 }}>
        <Button
          component={RouterLink}
          to={paths.apps.message.campaignDetail.getHref(appId, campaignId)}
          startIcon={<ArrowBackRounded />}
          size="small"
        >
          {t("campaigns.detail.backToDetail")}
        </Button>
      </Box>
      <PageHeader title={t("pages.campaignReport")} description={data?.campaign.title || undefined} />
      {report.isPending && <Skeleton variant="rounded" height={320} aria-busy />}
      {report.isError && <LoadError error={report.error} onRetry={() => void report.refetch()} />}
      {data && (
        <>
          <Box component="dl" sx={{ ...gridSx, m: 0 }}>
            {figures.map(([key, value]) => (
              <FigureCard key={key} label={t(`campaigns.figures.${key}`)} testId={`report-${key}`}>
                {format.number(value)}
              </FigureCard>
            ))}
          </Box>
          <Box component="dl" sx={{ mt: 3, mb: 0, display: "grid", gap: 1 }}>
            <FactRow label={t("campaigns.fields.startedAt")}>
              {data.campaign.startedAt ? format.dateTime(data.campaign.startedAt) : t("campaigns.none")}
            </FactRow>
            <FactRow label={t("campaigns.fields.finishedAt")}>
              {data.campaign.finishedAt ? format.dateTime(data.campaign.finishedAt) : t("campaigns.none")}
            </FactRow>
          </Box>
          {data.dailyReads.length === 0 ? (
            <Box sx={{ mt: 3 }}>
              <EmptyState
                icon={<InsightsRounded color="primary" sx={{ fontSize: 40 }} />}
                title={t("campaigns.report.notStarted")}
                body={t("campaigns.report.notStartedBody", { days: CAMPAIGN_REPORT_DAYS })}
              />
            </Box>
          ) : (
            <>
              <Card variant="outlined" component="section" aria-label={t("campaigns.report.dailyReads")} sx={{ mt: 3 }}>
                <CardHeader
                  title={t("campaigns.report.dailyReads")}
                  subheader={t("campaigns.report.dailyReadsHint", { days: data.dailyReads.length })}
                  slotProps={{ title: { variant: "subtitle1", component: "h2" } }}
                />
                <CardContent sx={{ pt: 0 }}>
                  <Suspense fallback={<Skeleton variant="rounded" height={240} />}>
                    <DailyReadsChart data={data.dailyReads} label={t("campaigns.figures.reads")} />
                  </Suspense>
                </CardContent>
              </Card>
              <Card variant="outlined" sx={{ mt: 2 }}>
                <TableRegion label={t("campaigns.report.table")}>
                  <Table size="small" aria-label={t("campaigns.report.table")}>
                    <TableHead>
                      <TableRow>
                        <TableCell>{t("campaigns.report.day")}</TableCell>
                        <TableCell align="right">{t("campaigns.figures.reads")}</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {data.dailyReads.map((day) => (
                        <TableRow key={day.day}>
                          <TableCell>
                            <time dateTime={day.day} title={day.day}>
                              {monthDay(day.day)}
                            </time>
                          </TableCell>
                          <TableCell align="right">{format.number(day.reads)}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </TableRegion>
              </Card>
            </>
          )}
        </>
      )}
    </>
  );
}
