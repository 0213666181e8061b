import {
  Box,
  Divider,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import {
  MUTE_MAX_MINUTES,
  REPORT_DESCRIPTION_MAX,
  type TMessage,
  type TReportAction,
  type TReportQueueItem,
} from "@parley/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSubmission } from "@/components/form/use-submission";
import { FormDialog } from "@/components/form-dialog";
import { LoadError } from "@/components/load-error";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { useErrorSnackbar } from "@/hooks/use-error-text";
import { useFormat } from "@/hooks/use-format";
import { inlineErrors } from "@/lib/mutation-errors";
import { useReportTarget } from "../api/get-report-target";
import { useResolveReport } from "../api/resolve-report";
import { ReasonChips, ResolutionChip, userLabel } from "./report-labels";

const DEFAULT_MUTE_MINUTES = "60";

/** The actions that fit a target: deleting needs a message, muting and banning the channel it happened in. */
export function actionsFor(target: Pick<TReportQueueItem, "kind" | "channelId">): TReportAction[] {
  return [
    ...(target.kind === "message" ? (["delete"] as const) : []),
    ...(target.channelId ? (["mute", "ban"] as const) : []),
    "deactivate",
    "dismiss",
  ];
}

function ContextMessage({ message, isReported }: { message: TMessage; isReported: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Box
      component="li"
      data-testid={isReported ? "reported-message" : undefined}
      sx={{
        px: 1.5,
        py: 1,
        borderRadius: 1,
        border: 1,
        borderColor: isReported ? "error.main" : "transparent",
        bgcolor: isReported ? "action.selected" : undefined,
      }}
    >
      <Box sx={{ display: "flex", flexWrap: "wrap", columnGap: 1, alignItems: "baseline" }}>
        <Typography variant="subtitle2" component="span">
          {message.sender ? message.sender.nickname || message.sender.userId : t("reportQueue.detail.fromApp")}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="span">
          {format.dateTime(message.createdAt)}
        </Typography>
        {isReported && (
          <Typography variant="caption" color="error" component="span">
            {t("reportQueue.detail.reportedMark")}
          </Typography>
        )}
      </Box>
      <Typography variant="body2" sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
        {message.type === "file" ? t("reportQueue.detail.file", { name: message.file?.name ?? "" }) : message.text}
      </Typography>
    </Box>
  );
}

function ResolveFields({
  target,
  action,
  onAction,
  minutes,
  onMinutes,
  note,
  onNote,
}: {
  target: TReportQueueItem;
  action: TReportAction;
  onAction: (action: TReportAction) => void;
  minutes: string;
  onMinutes: (minutes: string) => void;
  note: string;
  onNote: (note: string) => void;
}) {
  const { t } = useTranslation();
  const minutesValue = Number(minutes);
  const minutesValid = Number.isInteger(minutesValue) && minutesValue >= 1 && minutesValue <= MUTE_MAX_MINUTES;
  return (
    <Stack spacing={2}>
      <FormControl>
        <FormLabel id="report-action-label">{t("reportQueue.detail.action")}</FormLabel>
        <RadioGroup
          aria-labelledby="report-action-label"
          value={action}
          onChange={(event) => onAction(event.target.value as TReportAction)}
        >
          {actionsFor(target).map((value) => (
            <FormControlLabel
              key={value}
              value={value}
              control={<Radio size="small" />}
              label={t(`reportQueue.action.${value}`, { user: userLabel(target) })}
            />
          ))}
        </RadioGroup>
      </FormControl>
      {action === "mute" && (
        <TextField
          size="small"
          type="number"
          label={t("reportQueue.detail.minutes")}
          value={minutes}
          onChange={(event) => onMinutes(event.target.value)}
          error={!minutesValid}
          helperText={minutesValid ? undefined : t("reportQueue.detail.minutesInvalid", { max: MUTE_MAX_MINUTES })}
          slotProps={{ htmlInput: { min: 1, max: MUTE_MAX_MINUTES } }}
          sx={{ width: 200 }}
        />
      )}
      <TextField
        size="small"
        label={t("reportQueue.detail.note")}
        value={note}
        onChange={(event) => onNote(event.target.value)}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: REPORT_DESCRIPTION_MAX } }}
      />
    </Stack>
  );
}

/**
 * One reported message or user: the conversation around the message, every report with its reason, and, while
 * open, the one action that resolves them all.
 */
export function ReportTargetDialog({
  appId,
  targetId,
  onClose,
}: {
  appId: string;
  targetId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const { showSnackbar } = useSnackbar();
  const showError = useErrorSnackbar();
  const detail = useReportTarget(appId, targetId);
  const resolve = useResolveReport(appId, inlineErrors);
  const submission = useSubmission();
  const [chosen, setChosen] = useState<TReportAction | null>(null);
  const [minutes, setMinutes] = useState(DEFAULT_MUTE_MINUTES);
  const [note, setNote] = useState("");
  const target = detail.data?.target;
  const isOpen = target?.status === "open";
  const action = chosen ?? (target && actionsFor(target)[0]) ?? "dismiss";
  const minutesValue = Number(minutes);
  const canSubmit =
    isOpen &&
    (action !== "mute" || (Number.isInteger(minutesValue) && minutesValue >= 1 && minutesValue <= MUTE_MAX_MINUTES));

  const close = () => {
    setChosen(null);
    setMinutes(DEFAULT_MUTE_MINUTES);
    setNote("");
    onClose();
  };

  const submit = () => {
    if (!target || !canSubmit) return;
    const body = {
      action,
      ...(action === "mute" ? { minutes: minutesValue } : {}),
      ...(note.trim() ? { note: note.trim() } : {}),
    };
    void submission.run({
      request: () => resolve.mutateAsync({ appId, targetId: target.id, body }),
      onSuccess: () => {
        showSnackbar(t(`reportQueue.done.${action}`), { severity: "success" });
        close();
      },
      onError: (error) => showError(error),
    });
  };

  return (
    <FormDialog
      open={targetId !== null}
      title={t(target?.kind === "user" ? "reportQueue.detail.userTitle" : "reportQueue.detail.messageTitle")}
      submission={submission}
      onClose={close}
      onSubmit={submit}
      canSubmit={canSubmit}
      submitLabel={t("reportQueue.detail.resolve")}
      submitColor={action === "dismiss" ? "primary" : "error"}
      maxWidth="md"
      isDirty={note.trim() !== "" && !submission.isPending}
    >
      {detail.isPending && <Skeleton variant="rounded" height={240} />}
      {detail.isError && <LoadError error={detail.error} onRetry={() => void detail.refetch()} />}
      {target && detail.data && (
        <Stack spacing={2.5}>
          <Box>
            <Typography variant="body2" color="text.secondary">
              {t("reportQueue.detail.reportedUser")}
            </Typography>
            <Typography variant="body1" sx={{ overflowWrap: "anywhere" }}>
              {userLabel(target)}
            </Typography>
            {target.channelName && (
              <Typography variant="body2" color="text.secondary">
                {t("reportQueue.detail.inChannel", { channel: target.channelName })}
              </Typography>
            )}
            {target.hidden && (
              <Typography variant="body2" color="warning.main">
                {t("reportQueue.hiddenNotice")}
              </Typography>
            )}
          </Box>
          {detail.data.context.length > 0 && (
            <Box>
              <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
                {t("reportQueue.detail.context")}
              </Typography>
              <Box
                component="ol"
                aria-label={t("reportQueue.detail.context")}
                sx={{ listStyle: "none", m: 0, p: 0, display: "grid", gap: 0.5 }}
              >
                {detail.data.context.map((message) => (
                  <ContextMessage key={message.id} message={message} isReported={message.id === target.messageId} />
                ))}
              </Box>
            </Box>
          )}
          <Box>
            <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
              {t("reportQueue.detail.reports", { count: target.reportCount })}
            </Typography>
            <ReasonChips reasons={target.reasons} />
            <Box component="ul" sx={{ listStyle: "none", m: 0, mt: 1, p: 0, display: "grid", gap: 1 }}>
              {target.reports.map((report) => (
                <Box component="li" key={report.id}>
                  <Typography variant="body2">
                    <strong>{report.reporterNickname ?? report.reporterId}</strong>
                    {" · "}
                    {t(`reportQueue.reason.${report.reason}`)}
                    {" · "}
                    {format.dateTime(report.createdAt)}
                  </Typography>
                  {report.description && (
                    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
                      {report.description}
                    </Typography>
                  )}
                </Box>
              ))}
            </Box>
          </Box>
          <Divider />
          {isOpen ? (
            <ResolveFields
              target={target}
              action={action}
              onAction={setChosen}
              minutes={minutes}
              onMinutes={setMinutes}
              note={note}
              onNote={setNote}
            />
          ) : (
            target.resolution && (
              <Box>
                <ResolutionChip action={target.resolution.action} />
                <Typography variant="body2" sx={{ mt: 1 }}>
                  {t("reportQueue.resolvedBy", {
                    who: target.resolution.resolvedBy,
                    at: format.dateTime(target.resolution.resolvedAt),
                  })}
                </Typography>
                {target.resolution.note && (
                  <Typography variant="body2" color="text.secondary">
                    {target.resolution.note}
                  </Typography>
                )}
              </Box>
            )
          )}
        </Stack>
      )}
    </FormDialog>
  );
}
