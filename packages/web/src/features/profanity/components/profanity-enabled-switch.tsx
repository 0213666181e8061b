import { FormControlLabel, Skeleton, Switch } from "@mui/material";
import { useTranslation } from "react-i18next";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { useErrorText } from "@/hooks/use-error-text";
import { useProfanityEnabled } from "../api/get-profanity-enabled";
import { useUpdateProfanityEnabled } from "../api/update-profanity-enabled";

/** Turns the filter on or off at once, apart from the settings form, so a switch never waits on unsaved edits. */
export function ProfanityEnabledSwitch({ appId }: { appId: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { showSnackbar } = useSnackbar();
  const enabled = useProfanityEnabled(appId);
  const updateEnabled = useUpdateProfanityEnabled(appId);

  if (enabled.isPending) return <Skeleton variant="rounded" height={38} width={240} aria-busy />;

  const onChange = (checked: boolean) =>
    updateEnabled.mutate(
      { appId, enabled: checked },
      {
        onSuccess: (saved) =>
          showSnackbar(t(saved ? "profanity.turnedOn" : "profanity.turnedOff"), { severity: "success" }),
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
      label={t("profanity.enabled")}
    />
  );
}
