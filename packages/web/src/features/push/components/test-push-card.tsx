import { zodResolver } from "@hookform/resolvers/zod";
import SendRounded from "@mui/icons-material/SendRounded";
import { Alert, Box, Button, List, ListItem, ListItemText, Stack, TextField } from "@mui/material";
import { type TPushAttempt, type TTestPushRequest, zTestPushRequest } from "@parley/contract";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { muiRegister } from "@/components/form/mui-register";
import { applyServerFieldErrors } from "@/components/form/server-errors";
import { useFieldError } from "@/components/form/use-field-error";
import { SettingsCard } from "@/components/settings-card";
import { useErrorSnackbar } from "@/hooks/use-error-text";
import { errorKey, isApiError } from "@/lib/api-client";
import { inlineErrors } from "@/lib/mutation-errors";
import { useSendTestPush } from "../api/send-test-push";
import { PushStatusChip } from "./push-status-chip";

/** Codes about the user typed in: shown on the field so the owner can correct it there. */
const USER_ERROR_CODES = ["3018", "3041"];

function TestResults({ userId, attempts }: { userId: string; attempts: TPushAttempt[] }) {
  const { t } = useTranslation();
  const sent = attempts.filter((attempt) => attempt.status === "sent").length;
  return (
    <Box aria-live="polite" data-testid="test-push-results">
      <Alert severity={sent === attempts.length ? "success" : sent > 0 ? "warning" : "error"} sx={{ mb: 1 }}>
        {t("push.test.result", { userId, sent, total: attempts.length })}
      </Alert>
      <List dense disablePadding>
        {attempts.map((attempt) => (
          <ListItem key={attempt.id} disableGutters secondaryAction={<PushStatusChip status={attempt.status} />}>
            <ListItemText
              primary={[
                t(`push.platforms.${attempt.platform}`),
                t(`push.providers.${attempt.provider}`),
                attempt.deviceHint,
              ].join(" · ")}
              secondary={[attempt.httpStatus ?? "", attempt.response].filter(Boolean).join(" · ") || undefined}
              slotProps={{ secondary: { sx: { fontFamily: "monospace", overflowWrap: "anywhere", pr: 10 } } }}
            />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

/** "Send a test push to this user": one notification to each of the user's registered devices. */
export function TestPushCard({ appId }: { appId: string }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const showError = useErrorSnackbar();
  const sendTest = useSendTestPush(appId, inlineErrors);
  const [result, setResult] = useState<{ userId: string; attempts: TPushAttempt[] } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isValid, isSubmitting },
  } = useForm<TTestPushRequest>({
    resolver: zodResolver(zTestPushRequest),
    defaultValues: { userId: "" },
    mode: "onChange",
  });

  const onSubmit = handleSubmit(async (values) => {
    setResult(null);
    try {
      const attempts = await sendTest.mutateAsync({ appId, body: values });
      setResult({ userId: values.userId, attempts });
    } catch (error) {
      if (applyServerFieldErrors(error, setError, ["userId"])) return;
      if (isApiError(error, ...USER_ERROR_CODES)) setError("userId", { type: "server", message: errorKey(error) });
      else showError(error);
    }
  });

  return (
    <SettingsCard
      title={t("push.test.title")}
      subheader={t("push.test.description")}
      avatar={<SendRounded color="primary" />}
    >
      <Stack spacing={2}>
        <Box
          component="form"
          noValidate
          onSubmit={onSubmit}
          aria-label={t("push.test.title")}
          sx={{ display: "flex", flexWrap: "wrap", gap: 1, alignItems: "flex-start" }}
        >
          <TextField
            size="small"
            label={t("push.test.userId")}
            required
            autoComplete="off"
            sx={{ flex: 1, minWidth: 200, maxWidth: 420 }}
            {...muiRegister(register("userId"))}
            {...fieldError(errors.userId, t("push.test.userIdHint"))}
          />
          <Button
            type="submit"
            variant="contained"
            startIcon={<SendRounded />}
            disabled={!isValid || isSubmitting}
            loading={isSubmitting}
          >
            {t("push.test.send")}
          </Button>
        </Box>
        {result && <TestResults userId={result.userId} attempts={result.attempts} />}
      </Stack>
    </SettingsCard>
  );
}
