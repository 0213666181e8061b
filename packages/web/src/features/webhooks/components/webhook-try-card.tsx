import SendRounded from "@mui/icons-material/SendRounded";
import { Alert, AlertTitle, Box, Button, MenuItem, Skeleton, Stack, TextField, Typography } from "@mui/material";
import { type TWebhookEvent, WEBHOOK_EVENTS, WEBHOOK_TIMEOUT_MS } from "@parley/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CopyButton } from "@/components/copy-button";
import { LoadError } from "@/components/load-error";
import { SettingsCard } from "@/components/settings-card";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { useErrorSnackbar } from "@/hooks/use-error-text";
import { isApiError } from "@/lib/api-client";
import { inlineErrors } from "@/lib/mutation-errors";
import { useWebhookSample } from "../api/get-webhook-sample";
import { useSendWebhookTest } from "../api/send-webhook-test";
import { eventNameKey, failureReason } from "../lib/events";
import { JsonBlock } from "./json-block";

/** A failed test send, kept on screen so the reason can be read and compared with the receiver's log. */
interface TestFailure {
  reason: string | null;
  httpStatus: number | null;
}

/** One event at a time: the exact payload it delivers, and a test send of it to the saved URL. */
export function WebhookTryCard({ appId, hasUrl }: { appId: string; hasUrl: boolean }) {
  const { t } = useTranslation();
  const showError = useErrorSnackbar();
  const { showSnackbar } = useSnackbar();
  const [event, setEvent] = useState<TWebhookEvent>(WEBHOOK_EVENTS[0]);
  const sample = useWebhookSample(appId, event);
  const sendTest = useSendWebhookTest(appId, inlineErrors);
  const [failure, setFailure] = useState<TestFailure | null>(null);

  const send = () => {
    setFailure(null);
    sendTest.mutate(
      { appId, body: { event } },
      {
        onSuccess: (delivery) => {
          const attempt = delivery.lastAttempt;
          if (delivery.status === "succeeded") {
            showSnackbar(t("webhooks.test.succeeded", { status: attempt?.httpStatus ?? "" }), { severity: "success" });
          } else {
            setFailure({ reason: attempt?.error ?? null, httpStatus: attempt?.httpStatus ?? null });
          }
        },
        onError: (error) => {
          if (isApiError(error, "3044")) setFailure({ reason: failureReason(error), httpStatus: null });
          else showError(error);
        },
      },
    );
  };

  return (
    <SettingsCard
      title={t("webhooks.try.title")}
      subheader={t("webhooks.try.description", { seconds: WEBHOOK_TIMEOUT_MS / 1000 })}
    >
      <Stack spacing={2}>
        <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1, alignItems: "flex-start" }}>
          <TextField
            select
            size="small"
            label={t("webhooks.try.event")}
            value={event}
            onChange={(change) => {
              setEvent(change.target.value as TWebhookEvent);
              setFailure(null);
            }}
            sx={{ flex: 1, minWidth: 220, maxWidth: 360 }}
          >
            {WEBHOOK_EVENTS.map((each) => (
              <MenuItem key={each} value={each}>
                {t(eventNameKey(each))}
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="contained"
            startIcon={<SendRounded />}
            onClick={send}
            disabled={!hasUrl || sendTest.isPending}
            loading={sendTest.isPending}
          >
            {t("webhooks.test.send")}
          </Button>
        </Box>
        {!hasUrl && (
          <Typography variant="body2" color="text.secondary">
            {t("webhooks.test.needsUrl")}
          </Typography>
        )}
        {failure && (
          <Alert severity="error" data-testid="webhook-test-failure">
            <AlertTitle>{t("ERROR_3044")}</AlertTitle>
            {failure.reason ?? t("webhooks.test.noReason")}
            {failure.httpStatus !== null && ` (${t("webhooks.test.httpStatus", { status: failure.httpStatus })})`}
          </Alert>
        )}
        <Box>
          <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", mb: 0.5 }}>
            <Typography variant="subtitle2" component="h3">
              {t("webhooks.try.sample")}
            </Typography>
            {sample.data && <CopyButton value={JSON.stringify(sample.data, null, 2)} label={t("webhooks.try.copy")} />}
          </Box>
          {sample.isPending && <Skeleton variant="rounded" height={200} aria-busy />}
          {sample.isError && <LoadError error={sample.error} onRetry={() => void sample.refetch()} />}
          {sample.data && <JsonBlock value={sample.data} label={t("webhooks.try.sample")} testId="webhook-sample" />}
        </Box>
      </Stack>
    </SettingsCard>
  );
}
