import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Skeleton,
  Stack,
  Typography,
} from "@mui/material";
import type { TDashboardCall, TDashboardCallResponse } from "@parley/contract";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { FactList } from "@/components/fact-list";
import { LoadError } from "@/components/load-error";
import { useFormat } from "@/hooks/use-format";
import { useCall } from "../api/get-call";
import { formatDuration } from "../lib/call-format";
import { CallStateChip, usePartyName } from "./call-labels";

type TimelineEntry = TDashboardCallResponse["timeline"][number];

/** Dots of the timeline: the end of a call that went wrong shows in the error colour. */
const dotColor = (state: TimelineEntry["state"]) =>
  state === "failed" ? "error.main" : state === "declined" || state === "missed" ? "warning.main" : "primary.main";

/** What happened at one step, in words: who called, answered or ended, or that the server did it. */
function useStepText() {
  const { t } = useTranslation();
  const partyName = usePartyName();
  return (entry: TimelineEntry, call: TDashboardCall) => {
    if (entry.byUserId === null) {
      // A move no party made: a call nobody answered in time, or one the server dropped once both had gone.
      return t(entry.state === "missed" ? "calls.timeline.missed" : "calls.timeline.dropped");
    }
    const party = [call.caller, call.callee].find((p) => p.userId === entry.byUserId);
    const name = party ? partyName(party) : entry.byUserId;
    return t(`calls.timeline.${entry.state}`, { name });
  };
}

function Timeline({ detail }: { detail: TDashboardCallResponse }) {
  const { t } = useTranslation();
  const format = useFormat();
  const stepText = useStepText();
  return (
    <Box component="ol" aria-label={t("calls.detail.timeline")} sx={{ listStyle: "none", m: 0, p: 0 }}>
      {detail.timeline.map((entry, index) => {
        const isLast = index === detail.timeline.length - 1;
        return (
          <Box
            component="li"
            key={entry.state}
            data-testid={`call-step-${entry.state}`}
            sx={{ display: "grid", gridTemplateColumns: "16px 1fr", columnGap: 1.5 }}
          >
            <Box sx={{ display: "flex", flexDirection: "column", alignItems: "center" }} aria-hidden>
              <Box sx={{ width: 12, height: 12, mt: 0.5, borderRadius: "50%", bgcolor: dotColor(entry.state) }} />
              {!isLast && <Box sx={{ flex: 1, width: 2, my: 0.5, bgcolor: "divider" }} />}
            </Box>
            <Box sx={{ pb: isLast ? 0 : 2, minWidth: 0 }}>
              <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "baseline", columnGap: 1 }}>
                <Typography variant="subtitle2" component="span">
                  {t(`calls.step.${entry.state}`)}
                </Typography>
                <Typography variant="body2" color="text.secondary" component="span" sx={{ whiteSpace: "nowrap" }}>
                  {format.dateTime(entry.at)}
                </Typography>
              </Box>
              <Typography variant="body2" sx={{ overflowWrap: "anywhere" }}>
                {stepText(entry, detail.call)}
              </Typography>
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}

function CallDetail({ detail }: { detail: TDashboardCallResponse }) {
  const { t } = useTranslation();
  const partyName = usePartyName();
  const { call } = detail;
  const facts = [
    { label: t("calls.columns.caller"), value: partyName(call.caller) },
    { label: t("calls.columns.callee"), value: partyName(call.callee) },
    { label: t("calls.columns.kind"), value: t(`calls.kind.${call.kind}`) },
    { label: t("calls.columns.duration"), value: formatDuration(call.durationSeconds) },
    { label: t("calls.columns.endReason"), value: call.endReason ? t(`calls.endReason.${call.endReason}`) : "—" },
    { label: t("calls.detail.callId"), value: call.id, isCode: true },
  ];
  return (
    <Stack spacing={2.5}>
      <Box>
        <CallStateChip state={call.state} />
      </Box>
      <FactList facts={facts} />
      <Box>
        <Typography variant="subtitle1" component="h3" sx={{ mb: 1.5, fontWeight: 600 }}>
          {t("calls.detail.timeline")}
        </Typography>
        <Timeline detail={detail} />
      </Box>
    </Stack>
  );
}

/** One call: its parties and figures, and its timeline of states with their times and who moved the call. */
export function CallDetailDialog({
  appId,
  callId,
  onClose,
}: {
  appId: string;
  callId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const detail = useCall(appId, callId);
  return (
    <Dialog open={callId !== null} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t("calls.detail.title")}</DialogTitle>
      <DialogContent dividers>
        {detail.isPending && <Skeleton variant="rounded" height={240} aria-busy />}
        {detail.isError && <LoadError error={detail.error} onRetry={() => void detail.refetch()} />}
        {detail.data && <CallDetail detail={detail.data} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("common.close")}</Button>
      </DialogActions>
    </Dialog>
  );
}
