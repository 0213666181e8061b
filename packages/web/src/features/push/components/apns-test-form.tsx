import { zodResolver } from "@hookform/resolvers/zod";
import SendRounded from "@mui/icons-material/SendRounded";
import { Alert, Box, Button, TextField, Typography } from "@mui/material";
import { type TApnsTestRequest, type TApnsTestResponse, zApnsTestRequest } from "@parley/contract";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { muiRegister } from "@/components/form/mui-register";
import { applyServerFieldErrors } from "@/components/form/server-errors";
import { useFieldError } from "@/components/form/use-field-error";
import { useErrorSnackbar } from "@/hooks/use-error-text";
import { inlineErrors } from "@/lib/mutation-errors";
import { useSendApnsTest } from "../api/send-apns-test";

const SEVERITY = { sent: "success", invalid_token: "warning", failed: "error" } as const;

/** What Apple answered: the outcome in words, then the status, reason and `apns-id` as Apple gave them. */
function ApnsAnswer({ answer }: { answer: TApnsTestResponse }) {
  const { t } = useTranslation();
  const headline =
    answer.status === "sent"
      ? t("push.apns.test.sent")
      : answer.status === "invalid_token"
        ? t("push.apns.test.invalidToken")
        : answer.httpStatus === null
          ? t("push.apns.test.unreached")
          : t("push.apns.test.failed");
  const facts = [
    { label: t("push.apns.test.status"), value: answer.httpStatus },
    { label: t("push.apns.test.reason"), value: answer.reason },
    { label: t("push.apns.test.apnsId"), value: answer.apnsId },
  ].filter((fact) => fact.value !== null);
  return (
    <Alert severity={SEVERITY[answer.status]} aria-live="polite" data-testid="apns-test-answer">
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {headline}
      </Typography>
      {facts.map(({ label, value }) => (
        <Typography key={label} variant="body2" sx={{ overflowWrap: "anywhere" }}>
          {label}: <Box component="code">{value}</Box>
        </Typography>
      ))}
    </Alert>
  );
}

/** Sends one notification through the saved key to a device token, and shows Apple's answer. */
export function ApnsTestForm({ appId }: { appId: string }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const showError = useErrorSnackbar();
  const sendTest = useSendApnsTest(inlineErrors);
  const [answer, setAnswer] = useState<TApnsTestResponse | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isValid, isSubmitting },
  } = useForm<TApnsTestRequest>({
    resolver: zodResolver(zApnsTestRequest),
    defaultValues: { token: "" },
    mode: "onChange",
  });

  const onSubmit = handleSubmit(async (values) => {
    setAnswer(null);
    try {
      setAnswer(await sendTest.mutateAsync({ appId, body: values }));
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, ["token"])) showError(error);
    }
  });

  return (
    <Box component="section" aria-labelledby={`apns-test-${appId}`} sx={{ display: "grid", gap: 1.5 }}>
      <Typography id={`apns-test-${appId}`} variant="subtitle2" component="h3">
        {t("push.apns.test.title")}
      </Typography>
      <Box
        component="form"
        noValidate
        onSubmit={onSubmit}
        aria-label={t("push.apns.test.title")}
        sx={{ display: "flex", flexWrap: "wrap", gap: 1, alignItems: "flex-start" }}
      >
        <TextField
          size="small"
          label={t("push.apns.test.token")}
          required
          autoComplete="off"
          sx={{ flex: 1, minWidth: 220 }}
          slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: "monospace" } } }}
          {...muiRegister(register("token"))}
          {...fieldError(errors.token, t("push.apns.test.tokenHint"))}
        />
        <Button
          type="submit"
          variant="outlined"
          startIcon={<SendRounded />}
          disabled={!isValid || isSubmitting}
          loading={isSubmitting}
        >
          {t("push.apns.test.send")}
        </Button>
      </Box>
      {answer && <ApnsAnswer answer={answer} />}
    </Box>
  );
}
