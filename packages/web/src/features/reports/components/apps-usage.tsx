import {
  Alert,
  Button,
  Card,
  CardHeader,
  Link,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
} from "@mui/material";
import { metricKeys } from "@parley/contract";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { TableRegion } from "@/components/table-region";
import { paths } from "@/config/paths";
import { useAppsMetrics } from "@/data/metrics/get-apps-metrics";
import { useErrorText } from "@/hooks/use-error-text";
import { useFormat } from "@/hooks/use-format";
import { monthDay, presetRange } from "../lib/range";

/** This month's totals of every app of the account, each linking to its report. */
export function AppsUsage() {
  const { t } = useTranslation();
  const format = useFormat();
  const errorText = useErrorText();
  const range = presetRange("thisMonth");
  const usage = useAppsMetrics(range);

  return (
    <Card variant="outlined">
      <CardHeader
        title={t("reports.overview.usageTitle")}
        subheader={t("reports.overview.usagePeriod", { from: monthDay(range.from), to: monthDay(range.to) })}
      />
      {usage.isPending && <Skeleton variant="rectangular" height={120} aria-busy />}
      {usage.isError && (
        <Alert
          severity="error"
          sx={{ m: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void usage.refetch()}>
              {t("common.retry")}
            </Button>
          }
        >
          {errorText(usage.error)}
        </Alert>
      )}
      {usage.data && usage.data.data.length === 0 && (
        <Alert severity="info" sx={{ m: 2 }}>
          {t("reports.overview.noApps")}{" "}
          <Link component={RouterLink} to={paths.apps.list.getHref()}>
            {t("pages.apps")}
          </Link>
        </Alert>
      )}
      {usage.data && usage.data.data.length > 0 && (
        <TableRegion label={t("reports.overview.usageTitle")}>
          <Table size="small" aria-label={t("reports.overview.usageTitle")}>
            <TableHead>
              <TableRow>
                <TableCell>{t("reports.overview.app")}</TableCell>
                {metricKeys.map((metric) => (
                  <TableCell key={metric} align="right">
                    {t(`reports.metrics.${metric}`)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {usage.data.data.map((app) => (
                <TableRow key={app.appId}>
                  <TableCell sx={{ overflowWrap: "anywhere" }}>
                    <Link component={RouterLink} to={paths.apps.report.getHref(app.appId)}>
                      {app.name}
                    </Link>
                  </TableCell>
                  {metricKeys.map((metric) => (
                    <TableCell key={metric} align="right">
                      {format.number(app[metric])}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableRegion>
      )}
    </Card>
  );
}
