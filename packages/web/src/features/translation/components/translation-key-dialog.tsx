import { zodResolver } from "@hookform/resolvers/zod";
import FactCheckRounded from "@mui/icons-material/FactCheckRounded";
import { Alert, Button, DialogContentText, Stack, TextField } from "@mui/material";
import { type TTranslationKeyRequest, type TTranslationVerifyResponse, zTranslationKeyRequest } from "@parley/contract";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { muiRegister } from "@/components/form/mui-register";
import { applyServerFieldErrors } from "@/components/form/server-errors";
import { useFieldError } from "@/components/form/use-field-error";
import { useSubmission } from "@/components/form/use-submission";
import { FormDialog } from "@/components/form-dialog";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { useErrorText } from "@/hooks/use-error-text";
import { errorKey, isApiError } from "@/lib/api-client";
import { useUpdateTranslationKey } from "../api/update-translation-key";
import { useVerifyTranslationKey } from "../api/verify-translation-key";

/** What the last "Verify" said, and for which key text, so an edit makes it stale. */
type Verification = { key: string; result: TTranslationVerifyResponse } | { key: string; error: unknown };

function VerificationResult({ verification }: { verification: Verification }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  if ("error" in verification) return <Alert severity="error">{errorText(verification.error)}</Alert>;
  const { valid, reason } = verification.result;
  if (valid) return <Alert severity="success">{t("translation.key.valid")}</Alert>;
  return (
    <Alert severity="error">
      {reason ? t("translation.key.invalidReason", { reason }) : t("translation.key.invalid")}
    </Alert>
  );
}

export function TranslationKeyDialog({
  appId,
  open,
  isReplacing,
  onClose,
}: {
  appId: string;
  open: boolean;
  isReplacing: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const errorText = useErrorText();
  const { showSnackbar } = useSnackbar();
  const verifyKey = useVerifyTranslationKey();
  const updateKey = useUpdateTranslationKey(appId);
  const submission = useSubmission();
  const [verification, setVerification] = useState<Verification | null>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    trigger,
    getValues,
    formState: { errors, isValid },
  } = useForm<TTranslationKeyRequest>({
    resolver: zodResolver(zTranslationKeyRequest),
    defaultValues: { key: "" },
    mode: "onChange",
  });
  const key = useWatch({ control, name: "key" });
  const current = verification && verification.key === key.trim() ? verification : null;
  const isKnownInvalid = current !== null && "result" in current && !current.result.valid;
  const isBusy = submission.isPending || verifyKey.isPending;

  const close = () => {
    reset();
    setVerification(null);
    onClose();
  };

  const verify = async () => {
    if (!(await trigger("key"))) return;
    const body = zTranslationKeyRequest.parse(getValues());
    try {
      setVerification({ key: body.key, result: await verifyKey.mutateAsync({ appId, body }) });
    } catch (error) {
      setVerification({ key: body.key, error });
    }
  };

  const onSubmit = handleSubmit((body) =>
    submission.run({
      request: () => updateKey.mutateAsync({ appId, body }),
      onSuccess: () => {
        showSnackbar(t("translation.key.saved"), { severity: "success" });
        reset();
        setVerification(null);
        onClose();
      },
      onError: (error) => {
        if (applyServerFieldErrors(error, setError, ["key"])) return;
        if (isApiError(error, "3036")) {
          setError("key", { type: "server", message: errorKey(error) });
          // Google's own words say what to fix (API not enabled, key restricted, …).
          setVerification({ key: body.key, result: { valid: false, reason: error.data?.reason ?? null } });
        } else showSnackbar(errorText(error), { severity: "error" });
      },
    }),
  );

  return (
    <FormDialog
      open={open}
      title={t(isReplacing ? "translation.key.replaceTitle" : "translation.key.registerTitle")}
      submission={submission}
      onClose={close}
      onSubmit={() => void onSubmit()}
      canSubmit={isValid && !verifyKey.isPending && !isKnownInvalid}
      submitLabel={t("common.save")}
      secondaryAction={
        <Button
          startIcon={<FactCheckRounded />}
          onClick={() => void verify()}
          disabled={!isValid || isBusy}
          loading={verifyKey.isPending}
        >
          {t("translation.key.verify")}
        </Button>
      }
    >
      <Stack spacing={2}>
        <DialogContentText>{t("translation.key.dialogBody")}</DialogContentText>
        <TextField
          label={t("translation.key.label")}
          required
          autoFocus
          autoComplete="off"
          slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: "monospace" } } }}
          {...muiRegister(register("key"))}
          {...fieldError(errors.key, t("translation.key.hint"))}
        />
        {current && <VerificationResult verification={current} />}
      </Stack>
    </FormDialog>
  );
}
