import { FormControlLabel, Skeleton, Switch } from "@mui/material";
import { useTranslation } from "react-i18next";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { useErrorText } from "@/hooks/use-error-text";
import { useTranslationEnabled } from "../api/get-translation-enabled";
import { useUpdateTranslationEnabled } from "../api/update-translation-enabled";

/** Turns message translation on or off at once; end users get error 3037 while it is off. */
export function TranslationEnabledSwitch({ appId }: { appId: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { showSnackbar } = useSnackbar();
  const enabled = useTranslationEnabled(appId);
  const updateEnabled = useUpdateTranslationEnabled(appId);

  if (enabled.isPending) return <Skeleton variant="rounded" height={38} width={240} aria-busy />;

  const onChange = (checked: boolean) =>
    updateEnabled.mutate(
      { appId, enabled: checked },
      {
        onSuccess: (saved) =>
          showSnackbar(t(saved ? "translation.turnedOn" : "translation.turnedOff"), { severity: "success" }),
        onError: (error) => showSnackbar(errorText(error), { severity: "error" }),
      },
    );

  return (
    <FormControlLabel
      control={
        <Switch
          checked={updateEnabled.isPending ? updateEnabled.variables.enabled : enabled.data === true}
          disabled={enabled.isError || updateEnabled.isPending}
          onChange={(event) => onChange(event.target.checked)}
        />
      }
      label={t("translation.enabled")}
    />
  );
}
