import { zodResolver } from "@hookform/resolvers/zod";
import UploadFileRounded from "@mui/icons-material/UploadFileRounded";
import {
  Box,
  Button,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from "@mui/material";
import { APNS_ENVIRONMENTS, type TApnsKey, type TApnsKeyRequest, zApnsKeyRequest } from "@parley/contract";
import { type ChangeEvent, useEffect, useId, useRef } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { muiRegister } from "@/components/form/mui-register";
import { applyServerFieldErrors } from "@/components/form/server-errors";
import { useFieldError } from "@/components/form/use-field-error";
import { useSubmission } from "@/components/form/use-submission";
import { FormDialog } from "@/components/form-dialog";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { useErrorSnackbar } from "@/hooks/use-error-text";
import { errorKey, isApiError } from "@/lib/api-client";
import { inlineErrors } from "@/lib/mutation-errors";
import { useUpdateApnsKey } from "../api/update-apns-key";

const FIELDS = ["privateKey", "keyId", "teamId", "bundleId", "environment"] as const;
/** Apple names a downloaded key `AuthKey_<key ID>.p8`. */
const KEY_FILE_NAME = /^AuthKey_([A-Z0-9]{10})\.p8$/i;
const mono = { spellCheck: false, style: { fontFamily: "monospace" } } as const;

const valuesOf = (current: TApnsKey | null): TApnsKeyRequest => ({
  privateKey: "",
  keyId: current?.keyId ?? "",
  teamId: current?.teamId ?? "",
  bundleId: current?.bundleId ?? "",
  environment: current?.environment ?? "sandbox",
});

/**
 * Registers or replaces the APNs key. A replacement starts from the current key's IDs, bundle ID and environment,
 * since a new `.p8` usually keeps them; the private key is always given anew, as it is never sent back.
 */
export function ApnsKeyDialog({
  appId,
  open,
  current,
  onClose,
}: {
  appId: string;
  open: boolean;
  current: TApnsKey | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const environmentLabelId = useId();
  const fieldError = useFieldError();
  const showError = useErrorSnackbar();
  const { showSnackbar } = useSnackbar();
  const fileInput = useRef<HTMLInputElement>(null);
  const updateKey = useUpdateApnsKey(appId, inlineErrors);
  const submission = useSubmission();
  const {
    register,
    control,
    handleSubmit,
    reset,
    setValue,
    getValues,
    setError,
    formState: { errors, isDirty, isValid },
  } = useForm<TApnsKeyRequest>({
    resolver: zodResolver(zApnsKeyRequest),
    defaultValues: valuesOf(current),
    mode: "onChange",
  });

  // A file picked, or a reset to the current key, sets fields MUI does not see typed into: their labels must be told.
  const filled = useWatch({ control });
  const label = (value: string | undefined) => ({ inputLabel: { shrink: value ? true : undefined } });

  // Each opening starts from the key registered now, which a save or a delete may have changed since.
  useEffect(() => {
    if (open) reset(valuesOf(current));
  }, [open, current, reset]);

  const onSubmit = handleSubmit((values) =>
    submission.run({
      request: () => updateKey.mutateAsync({ appId, body: values }),
      onSuccess: () => {
        showSnackbar(t("push.apns.saved"), { severity: "success" });
        onClose();
      },
      onError: (error) => {
        if (applyServerFieldErrors(error, setError, FIELDS)) return;
        if (isApiError(error, "3150")) setError("privateKey", { type: "server", message: errorKey(error) });
        else showError(error);
      },
    }),
  );

  const pickFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    setValue("privateKey", await file.text(), { shouldDirty: true, shouldValidate: true });
    const keyId = KEY_FILE_NAME.exec(file.name)?.[1];
    if (keyId && !getValues("keyId")) {
      setValue("keyId", keyId.toUpperCase(), { shouldDirty: true, shouldValidate: true });
    }
  };

  return (
    <FormDialog
      open={open}
      title={t(current ? "push.apns.replaceTitle" : "push.apns.registerTitle")}
      submission={submission}
      onClose={onClose}
      onSubmit={() => void onSubmit()}
      canSubmit={isValid}
      submitLabel={t("common.save")}
      isDirty={isDirty && !submission.isPending}
    >
      <Stack spacing={2}>
        <TextField
          label={t("push.apns.privateKey")}
          required
          multiline
          minRows={5}
          maxRows={10}
          autoComplete="off"
          placeholder={"-----BEGIN PRIVATE KEY-----\n…\n-----END PRIVATE KEY-----"}
          slotProps={{ htmlInput: { ...mono, style: { ...mono.style, fontSize: 13 } }, ...label(filled.privateKey) }}
          {...muiRegister(register("privateKey"))}
          {...fieldError(errors.privateKey, t("push.apns.privateKeyHint"))}
        />
        <Box>
          <input
            ref={fileInput}
            type="file"
            accept=".p8"
            hidden
            data-testid="apns-p8-file"
            onChange={(event) => void pickFile(event)}
          />
          <Button variant="outlined" startIcon={<UploadFileRounded />} onClick={() => fileInput.current?.click()}>
            {t("push.apns.chooseFile")}
          </Button>
        </Box>
        <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, gap: 2 }}>
          <TextField
            label={t("push.apns.keyId")}
            required
            autoComplete="off"
            slotProps={{ htmlInput: { ...mono, maxLength: 10 }, ...label(filled.keyId) }}
            {...muiRegister(register("keyId"))}
            {...fieldError(errors.keyId, t("push.apns.keyIdHint"))}
          />
          <TextField
            label={t("push.apns.teamId")}
            required
            autoComplete="off"
            slotProps={{ htmlInput: { ...mono, maxLength: 10 }, ...label(filled.teamId) }}
            {...muiRegister(register("teamId"))}
            {...fieldError(errors.teamId, t("push.apns.teamIdHint"))}
          />
        </Box>
        <TextField
          label={t("push.apns.bundleId")}
          required
          autoComplete="off"
          placeholder="com.example.app"
          slotProps={{ htmlInput: mono, ...label(filled.bundleId) }}
          {...muiRegister(register("bundleId"))}
          {...fieldError(errors.bundleId, t("push.apns.bundleIdHint"))}
        />
        <Controller
          control={control}
          name="environment"
          render={({ field }) => (
            <FormControl>
              <FormLabel id={environmentLabelId}>{t("push.apns.environment")}</FormLabel>
              <RadioGroup aria-labelledby={environmentLabelId} {...field}>
                {APNS_ENVIRONMENTS.map((value) => (
                  <FormControlLabel
                    key={value}
                    value={value}
                    control={<Radio />}
                    label={t(`push.apns.environments.${value}`)}
                  />
                ))}
              </RadioGroup>
              <FormHelperText sx={{ mx: 0 }}>{t("push.apns.environmentHint")}</FormHelperText>
            </FormControl>
          )}
        />
      </Stack>
    </FormDialog>
  );
}
