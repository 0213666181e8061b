import { zodResolver } from "@hookform/resolvers/zod";
import LockRounded from "@mui/icons-material/LockRounded";
import NetworkCheckRounded from "@mui/icons-material/NetworkCheckRounded";
import { Alert, Box, Button, Chip, Divider, Skeleton, Stack, TextField, Typography } from "@mui/material";
import {
  ICE_URLS_MAX,
  type TCallSettings,
  type TUpdateCallSettingsRequest,
  zStunUrl,
  zTurnUrl,
  zUpdateCallSettingsRequest,
} from "@parley/contract";
import { useEffect, useState } from "react";
import { type FieldError, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { FormActions } from "@/components/form/form-actions";
import { muiRegister } from "@/components/form/mui-register";
import { PasswordField } from "@/components/form/password-field";
import { applyServerFieldErrors } from "@/components/form/server-errors";
import { useFieldError } from "@/components/form/use-field-error";
import { LoadError } from "@/components/load-error";
import { SettingsCard } from "@/components/settings-card";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { useErrorSnackbar, useErrorText } from "@/hooks/use-error-text";
import { errorKey, isApiError } from "@/lib/api-client";
import { inlineErrors } from "@/lib/mutation-errors";
import { useCallSettings } from "../api/get-call-settings";
import { useUpdateCallSettings } from "../api/update-call-settings";
import { useTurnTest } from "../hooks/use-turn-test";
import { TURN_PROBE_TIMEOUT_MS, type TurnProbeResult } from "../lib/probe-turn-server";

/** A new TURN secret: 32 random bytes as hex, made in the browser, so the server never needs to show one. */
export function generateTurnSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The form holds each URL list as text, one URL a line, as an admin pastes them. */
interface IceForm {
  stunUrls: string;
  turnUrls: string;
  turnSecret: string;
}

const linesOf = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

const BAD_URLS = { stunUrls: "calls.ice.badStunUrls", turnUrls: "calls.ice.badTurnUrls" } as const;
const TOO_MANY_URLS = "calls.ice.tooManyUrls";

/** Each line checked by the contract's own URL rule, so the form refuses exactly what the server would. */
const urlLines = (zUrl: z.ZodType<string>, badUrls: string) =>
  z.string().superRefine((text, ctx) => {
    const urls = linesOf(text);
    if (urls.length > ICE_URLS_MAX) ctx.addIssue({ code: "custom", message: TOO_MANY_URLS });
    else if (urls.some((url) => !zUrl.safeParse(url).success)) ctx.addIssue({ code: "custom", message: badUrls });
  });

const zTurnSecret = zUpdateCallSettingsRequest.shape.turnSecret.unwrap();

const zIceForm = z.object({
  stunUrls: urlLines(zStunUrl, BAD_URLS.stunUrls),
  turnUrls: urlLines(zTurnUrl, BAD_URLS.turnUrls),
  // Empty keeps the stored secret; anything else must be a secret the server would take.
  turnSecret: z.string().superRefine((text, ctx) => {
    if (text.trim() === "") return;
    const checked = zTurnSecret.safeParse(text);
    if (!checked.success) ctx.addIssue({ code: "custom", message: checked.error.issues[0]?.message ?? "" });
  }),
});

const toFormValues = (settings: TCallSettings): IceForm => ({
  stunUrls: settings.stunUrls.join("\n"),
  turnUrls: settings.turnUrls.join("\n"),
  turnSecret: "",
});

function toRequest(values: IceForm): TUpdateCallSettingsRequest {
  const secret = values.turnSecret.trim();
  return {
    stunUrls: linesOf(values.stunUrls),
    turnUrls: linesOf(values.turnUrls),
    ...(secret ? { turnSecret: secret } : {}),
  };
}

/** What the last test found, as an alert. */
function TurnTestResult({ result }: { result: TurnProbeResult }) {
  const { t } = useTranslation();
  if (result.outcome === "relay") {
    return (
      <Alert severity="success" data-testid="turn-test-result">
        {t("calls.ice.test.relay", { address: result.address })}
      </Alert>
    );
  }
  const text = {
    refused: t("calls.ice.test.refused"),
    "no-answer": t("calls.ice.test.noAnswer", { seconds: TURN_PROBE_TIMEOUT_MS / 1000 }),
    "not-configured": t("calls.ice.test.notConfigured"),
    unsupported: t("calls.ice.test.unsupported"),
  }[result.outcome];
  return (
    <Alert severity={result.outcome === "unsupported" ? "warning" : "error"} data-testid="turn-test-result">
      {text}
    </Alert>
  );
}

function IceServersForm({
  appId,
  settings,
  onDirtyChange,
}: {
  appId: string;
  settings: TCallSettings;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const errorText = useErrorText();
  const showError = useErrorSnackbar();
  const { showSnackbar } = useSnackbar();
  const updateSettings = useUpdateCallSettings(appId, inlineErrors);
  const turnTest = useTurnTest(appId);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    setValue,
    formState: { errors, isDirty, isValid, isSubmitting },
  } = useForm<IceForm>({
    resolver: zodResolver(zIceForm),
    defaultValues: toFormValues(settings),
    mode: "onChange",
  });
  const [stunText, turnText, secretText] = useWatch({ control, name: ["stunUrls", "turnUrls", "turnSecret"] });
  /** A secret generated here, shown until it is saved or replaced: the one time anyone sees it. */
  const [generated, setGenerated] = useState<string | null>(null);
  const shownSecret = generated !== null && secretText === generated ? generated : null;

  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      reset(toFormValues(await updateSettings.mutateAsync({ appId, body: toRequest(values) })));
      setGenerated(null);
      turnTest.reset();
      showSnackbar(t("calls.ice.saved"), { severity: "success" });
    } catch (error) {
      if (applyServerFieldErrors(error, setError, ["stunUrls", "turnUrls", "turnSecret"])) return;
      // TURN URLs with no secret: the secret field is where the fix goes.
      if (isApiError(error, "3098")) {
        setError("turnSecret", { type: "server", message: errorKey(error) }, { shouldFocus: true });
      } else showError(error);
    }
  });

  /** The URL fields name the lines they refuse, which the shared field messages cannot. */
  const urlFieldProps = (name: "stunUrls" | "turnUrls", text: string, error: FieldError | undefined) => {
    if (error?.message === BAD_URLS[name]) {
      const zUrl = name === "stunUrls" ? zStunUrl : zTurnUrl;
      const bad = linesOf(text).filter((url) => !zUrl.safeParse(url).success);
      return { error: true, helperText: t(BAD_URLS[name], { urls: bad.join(", ") }) };
    }
    if (error?.message === TOO_MANY_URLS) return { error: true, helperText: t(TOO_MANY_URLS, { max: ICE_URLS_MAX }) };
    return fieldError(error, t(`calls.ice.${name}Hint`));
  };

  const hasTurn = settings.turnUrls.length > 0 && settings.hasTurnSecret;
  const canTest = hasTurn && !isDirty && !turnTest.isPending;

  return (
    <Stack spacing={3}>
      {!hasTurn && (
        <Alert severity="info" data-testid="no-turn-notice">
          {t("calls.ice.noTurn")}
        </Alert>
      )}
      <Box component="form" noValidate onSubmit={onSubmit} aria-label={t("calls.ice.title")}>
        <Stack spacing={3}>
          <TextField
            label={t("calls.ice.stunUrls")}
            multiline
            minRows={2}
            placeholder="stun:stun.example.com:3478"
            slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: "off" } }}
            {...muiRegister(register("stunUrls"))}
            {...urlFieldProps("stunUrls", stunText, errors.stunUrls)}
          />
          <TextField
            label={t("calls.ice.turnUrls")}
            multiline
            minRows={2}
            placeholder={"turn:turn.example.com:3478\nturns:turn.example.com:5349?transport=tcp"}
            slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: "off" } }}
            {...muiRegister(register("turnUrls"))}
            {...urlFieldProps("turnUrls", turnText, errors.turnUrls)}
          />
          <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "flex-start", gap: 2 }}>
            <PasswordField
              label={t("calls.ice.turnSecret")}
              // A new secret, never the dashboard password a browser would otherwise fill in here.
              autoComplete="new-password"
              // A generated secret is set by the form, not typed: the label would not know the field has a value.
              slotProps={{ inputLabel: { shrink: secretText ? true : undefined } }}
              sx={{ flex: "1 1 320px" }}
              {...muiRegister(register("turnSecret"))}
              {...fieldError(
                errors.turnSecret,
                t(settings.hasTurnSecret ? "calls.ice.turnSecretStoredHint" : "calls.ice.turnSecretHint"),
              )}
            />
            <Button
              variant="text"
              sx={{ mt: 1 }}
              onClick={() => {
                const secret = generateTurnSecret();
                setGenerated(secret);
                setValue("turnSecret", secret, { shouldDirty: true, shouldValidate: true });
              }}
            >
              {t("calls.ice.generateSecret")}
            </Button>
            {settings.hasTurnSecret && (
              <Chip
                icon={<LockRounded />}
                color="success"
                variant="outlined"
                label={t("calls.ice.secretStored")}
                data-testid="turn-secret-stored"
                sx={{ mt: 1.25 }}
              />
            )}
          </Box>
          {shownSecret && (
            <Alert severity="warning" data-testid="generated-turn-secret">
              {t("calls.ice.generatedSecret")}
              <Box component="code" sx={{ display: "block", mt: 1, fontFamily: "monospace", wordBreak: "break-all" }}>
                {shownSecret}
              </Box>
            </Alert>
          )}
          <FormActions isDirty={isDirty} isValid={isValid} isSubmitting={isSubmitting} onDiscard={() => reset()} />
        </Stack>
      </Box>
      <Divider />
      <Stack spacing={1.5} sx={{ alignItems: "flex-start" }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {t("calls.ice.test.title")}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t(isDirty ? "calls.ice.test.saveFirst" : hasTurn ? "calls.ice.test.description" : "calls.ice.test.nothing")}
        </Typography>
        <Button
          variant="outlined"
          startIcon={<NetworkCheckRounded />}
          onClick={() => turnTest.mutate()}
          disabled={!canTest}
          loading={turnTest.isPending}
          loadingPosition="start"
        >
          {t("calls.ice.test.button")}
        </Button>
        {turnTest.data && <TurnTestResult result={turnTest.data} />}
        {turnTest.isError && <Alert severity="error">{errorText(turnTest.error)}</Alert>}
      </Stack>
    </Stack>
  );
}

/**
 * The app's ICE servers, on its settings page: STUN and TURN URLs, the TURN secret (write-only: the server keeps it
 * and only says whether it has one), and a test of the TURN server from this browser.
 */
export function IceServersCard({ appId, onDirtyChange }: { appId: string; onDirtyChange: (dirty: boolean) => void }) {
  const { t } = useTranslation();
  const settings = useCallSettings(appId);
  return (
    <SettingsCard title={t("calls.ice.title")} subheader={t("calls.ice.description")}>
      {settings.isPending && <Skeleton variant="rounded" height={200} aria-busy />}
      {settings.isError && <LoadError error={settings.error} onRetry={() => void settings.refetch()} />}
      {settings.data && <IceServersForm appId={appId} settings={settings.data} onDirtyChange={onDirtyChange} />}
    </SettingsCard>
  );
}
