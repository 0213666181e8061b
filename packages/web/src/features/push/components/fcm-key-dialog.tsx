import { zodResolver } from "@hookform/resolvers/zod";
import UploadFileRounded from "@mui/icons-material/UploadFileRounded";
import {
  Alert,
  Box,
  Button,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from "@mui/material";
import { FCM_CREDENTIAL_KINDS, type TFcmKey, type TFcmKeyRequest, zFcmKeyRequest } from "@parley/contract";
import { type ChangeEvent, useId, useRef } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { muiRegister } from "@/components/form/mui-register";
import { applyServerFieldErrors } from "@/components/form/server-errors";
import { useFieldError } from "@/components/form/use-field-error";
import { useSubmission } from "@/components/form/use-submission";
import { FormDialog } from "@/components/form-dialog";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { useErrorSnackbar } from "@/hooks/use-error-text";
import { errorKey, isApiError } from "@/lib/api-client";
import { inlineErrors } from "@/lib/mutation-errors";
import { useUpdateFcmKey } from "../api/update-fcm-key";

type Kind = (typeof FCM_CREDENTIAL_KINDS)[number];

/** Google's current API first; the legacy key is offered last, marked deprecated, for apps that still hold one. */
const KIND_ORDER: Kind[] = ["serviceAccount", "legacy"];

interface FcmKeyFormValues {
  kind: Kind;
  serverKey: string;
  serviceAccountJson: string;
}

/** The field that holds the secret of each kind, where its errors belong. */
const secretField = { legacy: "serverKey", serviceAccount: "serviceAccountJson" } as const;

function toRequest(values: FcmKeyFormValues): TFcmKeyRequest {
  return values.kind === "legacy"
    ? { kind: "legacy", serverKey: values.serverKey }
    : { kind: "serviceAccount", serviceAccountJson: values.serviceAccountJson };
}

/** The contract's rules for the chosen kind, reported on that kind's field; the other field is ignored. */
const zFcmKeyForm = z
  .object({ kind: z.enum(FCM_CREDENTIAL_KINDS), serverKey: z.string(), serviceAccountJson: z.string() })
  .superRefine((values, ctx) => {
    const issue = zFcmKeyRequest.safeParse(toRequest(values)).error?.issues[0];
    if (issue) ctx.addIssue({ code: "custom", path: [secretField[values.kind]], message: issue.message });
  });

export function FcmKeyDialog({
  appId,
  open,
  current,
  onClose,
}: {
  appId: string;
  open: boolean;
  current: TFcmKey | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const kindLabelId = useId();
  const fieldError = useFieldError();
  const showError = useErrorSnackbar();
  const { showSnackbar } = useSnackbar();
  const fileInput = useRef<HTMLInputElement>(null);
  const updateKey = useUpdateFcmKey(appId, inlineErrors);
  const submission = useSubmission();
  const defaultValues: FcmKeyFormValues = { kind: "serviceAccount", serverKey: "", serviceAccountJson: "" };
  const {
    register,
    control,
    handleSubmit,
    reset,
    setValue,
    setError,
    formState: { errors, isDirty, isValid },
  } = useForm<FcmKeyFormValues>({ resolver: zodResolver(zFcmKeyForm), defaultValues, mode: "onChange" });
  const kind = useWatch({ control, name: "kind" });

  const close = () => {
    reset(defaultValues);
    onClose();
  };

  const onSubmit = handleSubmit((values) =>
    submission.run({
      request: () => updateKey.mutateAsync({ appId, body: toRequest(values) }),
      onSuccess: () => {
        showSnackbar(t("push.fcm.saved"), { severity: "success" });
        reset(defaultValues);
        onClose();
      },
      onError: (error) => {
        const field = secretField[values.kind];
        if (applyServerFieldErrors(error, setError, [field])) return;
        // Both are about what was pasted: a key that is not one (3039), a token_uri the server will not call (3063).
        if (isApiError(error, "3039") || isApiError(error, "3063")) {
          setError(field, { type: "server", message: errorKey(error) });
        } else showError(error);
      },
    }),
  );

  const pickFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    setValue("serviceAccountJson", await file.text(), { shouldDirty: true, shouldValidate: true });
  };

  return (
    <FormDialog
      open={open}
      title={t(current ? "push.fcm.replaceTitle" : "push.fcm.registerTitle")}
      submission={submission}
      onClose={close}
      onSubmit={() => void onSubmit()}
      canSubmit={isValid}
      submitLabel={t("common.save")}
      isDirty={isDirty && !submission.isPending}
    >
      <Stack spacing={2}>
        <Controller
          control={control}
          name="kind"
          render={({ field }) => (
            <FormControl>
              <FormLabel id={kindLabelId}>{t("push.fcm.kind")}</FormLabel>
              <RadioGroup aria-labelledby={kindLabelId} {...field}>
                {KIND_ORDER.map((value) => (
                  <FormControlLabel
                    key={value}
                    value={value}
                    control={<Radio />}
                    label={t(`push.fcm.kinds.${value}`)}
                  />
                ))}
              </RadioGroup>
            </FormControl>
          )}
        />
        {kind === "legacy" ? (
          <>
            <Alert severity="warning">{t("push.fcm.legacyEnded")}</Alert>
            <TextField
              label={t("push.fcm.serverKey")}
              required
              autoComplete="off"
              slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: "monospace" } } }}
              {...muiRegister(register("serverKey"))}
              {...fieldError(errors.serverKey, t("push.fcm.serverKeyHint"))}
            />
          </>
        ) : (
          <>
            <TextField
              label={t("push.fcm.serviceAccountJson")}
              required
              multiline
              minRows={6}
              maxRows={12}
              autoComplete="off"
              placeholder={'{ "type": "service_account", "project_id": "…" }'}
              slotProps={{
                htmlInput: { spellCheck: false, style: { fontFamily: "monospace", fontSize: 13 } },
              }}
              {...muiRegister(register("serviceAccountJson"))}
              {...fieldError(errors.serviceAccountJson, t("push.fcm.serviceAccountHint"))}
            />
            <Box>
              <input
                ref={fileInput}
                type="file"
                accept=".json,application/json"
                hidden
                data-testid="fcm-json-file"
                onChange={(event) => void pickFile(event)}
              />
              <Button variant="outlined" startIcon={<UploadFileRounded />} onClick={() => fileInput.current?.click()}>
                {t("push.fcm.chooseFile")}
              </Button>
            </Box>
          </>
        )}
      </Stack>
    </FormDialog>
  );
}
