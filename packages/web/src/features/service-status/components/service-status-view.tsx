import CheckCircleRounded from "@mui/icons-material/CheckCircleRounded";
import ErrorRounded from "@mui/icons-material/ErrorRounded";
import { Alert, Box, Button, Paper, Skeleton, Stack, Typography } from "@mui/material";
import { INCIDENT_HISTORY_DAYS, type TServiceStatus } from "@parley/contract";
import { useTranslation } from "react-i18next";
import { useFormat } from "@/hooks/use-format";
import { useServiceStatus } from "../api/get-service-status";

const DAY_MS = 86_400_000;

function ComponentRow({ name, isUp }: { name: string; isUp: boolean }) {
  const { t } = useTranslation();
  return (
    <Box
      component="li"
      sx={{
        display: "flex",
        alignItems: "center",
        justifyContent: "space-between",
        gap: 2,
        px: { xs: 2, sm: 3 },
        py: 2,
        "& + &": { borderTop: 1, borderColor: "divider" },
      }}
    >
      <Typography sx={{ wordBreak: "keep-all" }}>{name}</Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexShrink: 0 }}>
        {isUp ? (
          <CheckCircleRounded aria-hidden fontSize="small" color="success" />
        ) : (
          <ErrorRounded aria-hidden fontSize="small" color="error" />
        )}
        <Typography sx={{ fontWeight: 600 }}>{t(isUp ? "serviceStatus.up" : "serviceStatus.down")}</Typography>
      </Stack>
    </Box>
  );
}

function Incidents({ status }: { status: TServiceStatus }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (status.incidents.length === 0) {
    // The record starts when the answering server did: say so rather than claim a quiet 90 days it did not see.
    const coversAll =
      new Date(status.checkedAt).getTime() - new Date(status.recordedSince).getTime() >=
      (INCIDENT_HISTORY_DAYS - 1) * DAY_MS;
    return (
      <Typography color="text.secondary">
        {coversAll
          ? t("serviceStatus.noIncidents", { days: INCIDENT_HISTORY_DAYS })
          : t("serviceStatus.noIncidentsSince", { date: format.dateTime(status.recordedSince) })}
      </Typography>
    );
  }
  return (
    <Stack component="ul" spacing={1.5} sx={{ listStyle: "none", m: 0, p: 0 }}>
      {status.incidents.map((incident) => (
        <Box component="li" key={`${incident.component}-${incident.startedAt}`}>
          <Typography sx={{ fontWeight: 600 }}>{t(`serviceStatus.components.${incident.component}`)}</Typography>
          <Typography color="text.secondary">
            {incident.endedAt
              ? t("serviceStatus.incidentEnded", {
                  start: format.dateTime(incident.startedAt),
                  end: format.dateTime(incident.endedAt),
                })
              : t("serviceStatus.incidentOngoing", { start: format.dateTime(incident.startedAt) })}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}

/** The status page's body: the overall state, each component, and the incidents of the last 90 days. */
export function ServiceStatusView() {
  const { t } = useTranslation();
  const format = useFormat();
  const { data: status, isPending, isError, refetch, isFetching } = useServiceStatus();

  if (isPending) return <Skeleton variant="rounded" height={320} />;
  if (isError || !status) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => refetch()} disabled={isFetching}>
            {t("serviceStatus.refresh")}
          </Button>
        }
      >
        {t("serviceStatus.unreachable")}
      </Alert>
    );
  }

  const isOperational = status.status === "operational";
  return (
    <Stack spacing={5}>
      <Alert
        severity={isOperational ? "success" : "warning"}
        action={
          <Button color="inherit" size="small" onClick={() => refetch()} disabled={isFetching}>
            {t("serviceStatus.refresh")}
          </Button>
        }
      >
        <Typography sx={{ fontWeight: 600 }}>
          {t(isOperational ? "serviceStatus.operational" : "serviceStatus.degraded")}
        </Typography>
        <Typography variant="body2">
          {t("serviceStatus.checkedAt", { time: format.dateTime(status.checkedAt) })}
        </Typography>
      </Alert>
      <Box component="section" aria-labelledby="status-components">
        <Typography id="status-components" variant="h5" component="h2" sx={{ mb: 2 }}>
          {t("serviceStatus.componentsTitle")}
        </Typography>
        <Paper variant="outlined" component="ul" sx={{ listStyle: "none", m: 0, p: 0 }}>
          {status.components.map((component) => (
            <ComponentRow
              key={component.id}
              name={t(`serviceStatus.components.${component.id}`)}
              isUp={component.status === "up"}
            />
          ))}
        </Paper>
      </Box>
      <Box component="section" aria-labelledby="status-incidents">
        <Typography id="status-incidents" variant="h5" component="h2" sx={{ mb: 2 }}>
          {t("serviceStatus.incidentsTitle")}
        </Typography>
        <Incidents status={status} />
      </Box>
    </Stack>
  );
}
