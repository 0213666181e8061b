import PauseRounded from "@mui/icons-material/PauseRounded";
import PlayArrowRounded from "@mui/icons-material/PlayArrowRounded";
import SensorsRounded from "@mui/icons-material/SensorsRounded";
import {
  Alert,
  Box,
  Button,
  Chip,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import {
  LIVE_EVENT_GROUP_NAMES,
  LIVE_MAX_EVENTS_PER_SECOND,
  type TLiveEvent,
  type TLiveEventGroup,
  zLiveTailQuery,
} from "@parley/contract";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { notOnPhone, wideOnly } from "@/components/table-cells";
import { TableRegion } from "@/components/table-region";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { useErrorText } from "@/hooks/use-error-text";
import { useFormat } from "@/hooks/use-format";
import type { LiveTailFilters } from "../api/open-live-tail";
import { LIVE_ROWS_KEPT, type LiveTailStatus, useLiveTail } from "../hooks/use-live-tail";
import { liveSummary } from "../lib/live-summary";
import { LiveEventDialog } from "./live-event-dialog";

type GroupOption = TLiveEventGroup | "all";
const GROUP_OPTIONS: readonly GroupOption[] = ["all", ...LIVE_EVENT_GROUP_NAMES];

const mono = { fontFamily: "monospace", fontSize: 13 } as const;

/** A typed id filter that applies only once it is well-formed; until then the field says what is wrong. */
function useIdFilter(schema: { safeParse(value: string): { success: boolean } }) {
  const [input, setInput] = useState("");
  const settled = useDebouncedValue(input.trim(), 400);
  const isValid = settled === "" || schema.safeParse(settled).success;
  return { input, setInput, applied: isValid ? settled : "", isValid };
}

function StatusChip({ status, isPaused, held }: { status: LiveTailStatus; isPaused: boolean; held: number }) {
  const { t } = useTranslation();
  if (isPaused) return <Chip size="small" color="default" label={t("liveTail.status.paused", { count: held })} />;
  const color = status === "live" ? "success" : status === "failed" ? "error" : "warning";
  return (
    <Chip
      size="small"
      color={color}
      variant={status === "live" ? "filled" : "outlined"}
      icon={status === "live" ? <SensorsRounded fontSize="small" /> : undefined}
      label={t(`liveTail.status.${status}`)}
    />
  );
}

/** `/apps/:id/live`: what happens in the app right now, row by row, filtered on the server, pausable. */
export function LiveTail({ appId }: { appId: string }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const errorText = useErrorText();
  const [group, setGroup] = useState<GroupOption>("all");
  const channel = useIdFilter(zLiveTailQuery.shape.channelId.unwrap());
  const user = useIdFilter(zLiveTailQuery.shape.userId.unwrap());
  const [isPaused, setIsPaused] = useState(false);
  const filters = useMemo<LiveTailFilters>(
    () => ({ group, channelId: channel.applied, userId: user.applied }),
    [group, channel.applied, user.applied],
  );
  const tail = useLiveTail(appId, filters, isPaused);
  const [opened, setOpened] = useState<TLiveEvent | null>(null);
  // Seconds matter here: events of one minute are told apart by them.
  const time = useMemo(() => new Intl.DateTimeFormat(i18n.language, { timeStyle: "medium" }), [i18n.language]);
  const label = t("liveTail.tableLabel");

  return (
    <>
      <PageHeader
        title={t("pages.liveTail")}
        description={t("liveTail.description", { max: LIVE_MAX_EVENTS_PER_SECOND })}
        actions={
          <Button
            variant={isPaused ? "contained" : "outlined"}
            startIcon={isPaused ? <PlayArrowRounded /> : <PauseRounded />}
            onClick={() => setIsPaused((paused) => !paused)}
          >
            {isPaused ? t("liveTail.resume") : t("liveTail.pause")}
          </Button>
        }
      />
      <Stack direction={{ xs: "column", md: "row" }} spacing={2} sx={{ mb: 2, alignItems: { md: "flex-start" } }}>
        <TextField
          select
          size="small"
          label={t("liveTail.filters.type")}
          value={group}
          onChange={(event) => setGroup(event.target.value as GroupOption)}
          sx={{ minWidth: 200 }}
        >
          {GROUP_OPTIONS.map((option) => (
            <MenuItem key={option} value={option}>
              {t(`liveTail.groups.${option}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label={t("liveTail.filters.channelId")}
          value={channel.input}
          onChange={(event) => channel.setInput(event.target.value)}
          error={!channel.isValid}
          helperText={channel.isValid ? undefined : t("liveTail.filters.invalidChannelId")}
          slotProps={{ htmlInput: { maxLength: 36, spellCheck: false } }}
          sx={{ minWidth: { md: 340 } }}
        />
        <TextField
          size="small"
          label={t("liveTail.filters.userId")}
          value={user.input}
          onChange={(event) => user.setInput(event.target.value)}
          error={!user.isValid}
          helperText={user.isValid ? undefined : t("liveTail.filters.invalidUserId")}
          slotProps={{ htmlInput: { maxLength: 100, spellCheck: false } }}
        />
      </Stack>
      <Stack direction="row" spacing={1.5} sx={{ mb: 2, alignItems: "center", flexWrap: "wrap" }}>
        <StatusChip status={tail.status} isPaused={isPaused} held={tail.held.length} />
        <Typography variant="body2" color="text.secondary">
          {t("liveTail.kept", { count: LIVE_ROWS_KEPT })}
        </Typography>
      </Stack>
      {tail.dropped > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="live-dropped">
          {t("liveTail.dropped", { count: tail.dropped, max: LIVE_MAX_EVENTS_PER_SECOND })}
        </Alert>
      )}
      {tail.status === "failed" && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={tail.retry}>
              {t("common.retry")}
            </Button>
          }
        >
          {errorText(tail.error)}
        </Alert>
      )}
      {tail.rows.length === 0 ? (
        <EmptyState
          icon={<SensorsRounded color="primary" sx={{ fontSize: 40 }} />}
          title={t("liveTail.emptyTitle")}
          body={t("liveTail.emptyBody")}
        />
      ) : (
        <TableRegion label={label} isOutlined>
          <Table size="small" aria-label={label}>
            <TableHead>
              <TableRow>
                <TableCell>{t("liveTail.columns.time")}</TableCell>
                <TableCell>{t("liveTail.columns.type")}</TableCell>
                <TableCell sx={wideOnly}>{t("liveTail.columns.channel")}</TableCell>
                <TableCell sx={notOnPhone}>{t("liveTail.columns.user")}</TableCell>
                <TableCell>{t("liveTail.columns.summary")}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {tail.rows.map(({ key, event }) => (
                <TableRow
                  key={key}
                  hover
                  tabIndex={0}
                  data-testid="live-row"
                  aria-label={t("liveTail.openRow", { type: event.type })}
                  onClick={() => setOpened(event)}
                  onKeyDown={(keyEvent) => {
                    if (keyEvent.key === "Enter" || keyEvent.key === " ") {
                      keyEvent.preventDefault();
                      setOpened(event);
                    }
                  }}
                  sx={{ cursor: "pointer" }}
                >
                  <TableCell sx={{ whiteSpace: "nowrap", fontVariantNumeric: "tabular-nums" }}>
                    {time.format(new Date(event.at))}
                  </TableCell>
                  <TableCell sx={{ ...mono, whiteSpace: "nowrap" }}>{event.type}</TableCell>
                  <TableCell sx={[wideOnly, mono]}>
                    <Box component="span" title={event.channelId ?? undefined}>
                      {event.channelId ? event.channelId.slice(0, 8) : "—"}
                    </Box>
                  </TableCell>
                  <TableCell sx={[notOnPhone, { overflowWrap: "anywhere" }]}>{event.userId ?? "—"}</TableCell>
                  <TableCell sx={{ overflowWrap: "anywhere" }}>
                    {liveSummary(event, t, format.dateTime) || "—"}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableRegion>
      )}
      <LiveEventDialog event={opened} onClose={() => setOpened(null)} />
    </>
  );
}
