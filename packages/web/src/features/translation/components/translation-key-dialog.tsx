import FactCheckRounded from "@mui/icons-material/FactCheckRounded";
import { Alert, Button } from "@mui/material";
import { type TTranslationVerifyResponse, zTranslationKeyRequest } from "@parley/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type DialogField, TextFieldDialog } from "@/components/text-field-dialog";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { useErrorSnackbar, useErrorText } from "@/hooks/use-error-text";
import { errorKey, isApiError } from "@/lib/api-client";
import { inlineErrors } from "@/lib/mutation-errors";
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
  const showError = useErrorSnackbar();
  const { showSnackbar } = useSnackbar();
  const verifyKey = useVerifyTranslationKey(inlineErrors);
  const updateKey = useUpdateTranslationKey(appId, inlineErrors);
  const [verification, setVerification] = useState<Verification | null>(null);
  /** The last check's answer while it is about the key as typed now. */
  const currentFor = (key: string | undefined) =>
    verification && verification.key === (key ?? "").trim() ? verification : null;
  const isKnownInvalid = (key: string | undefined) => {
    const current = currentFor(key);
    return current !== null && "result" in current && !current.result.valid;
  };

  const close = () => {
    setVerification(null);
    onClose();
  };

  const verify = async (field: DialogField<string, string>) => {
    const key = await field.validate();
    if (key === null) return;
    try {
      setVerification({ key, result: await verifyKey.mutateAsync({ appId, body: { key } }) });
    } catch (error) {
      setVerification({ key, error });
    }
  };

  return (
    <TextFieldDialog
      open={open}
      title={t(isReplacing ? "translation.key.replaceTitle" : "translation.key.registerTitle")}
      description={t("translation.key.dialogBody")}
      label={t("translation.key.label")}
      hint={t("translation.key.hint")}
      schema={zTranslationKeyRequest.shape.key}
      serverField="key"
      defaultValue=""
      fieldProps={{
        autoComplete: "off",
        slotProps: { htmlInput: { spellCheck: false, style: { fontFamily: "monospace" } } },
      }}
      maxWidth="sm"
      canSubmit={({ value, isValid }) => isValid && !verifyKey.isPending && !isKnownInvalid(value)}
      secondaryAction={(field) => (
        <Button
          startIcon={<FactCheckRounded />}
          onClick={() => void verify(field)}
          disabled={!field.isValid || field.isSubmitting || verifyKey.isPending}
          loading={verifyKey.isPending}
        >
          {t("translation.key.verify")}
        </Button>
      )}
      below={({ value }) => {
        const current = currentFor(value);
        return current && <VerificationResult verification={current} />;
      }}
      submitLabel={t("common.save")}
      request={(key) => updateKey.mutateAsync({ appId, body: { key } })}
      onSuccess={() => {
        showSnackbar(t("translation.key.saved"), { severity: "success" });
        close();
      }}
      onRefused={(error, field) => {
        if (field.applyServerErrors(error)) return;
        if (isApiError(error, "3036")) {
          field.setError(errorKey(error));
          // Google's own words say what to fix (API not enabled, key restricted, …).
          const key = (field.value ?? "").trim();
          setVerification({ key, result: { valid: false, reason: error.data?.reason ?? null } });
        } else showError(error);
      }}
      onClose={close}
    />
  );
}
