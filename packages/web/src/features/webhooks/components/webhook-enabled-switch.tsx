import { FormControlLabel, Skeleton, Switch } from "@mui/material";
import { useTranslation } from "react-i18next";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { useErrorText } from "@/hooks/use-error-text";
import { useWebhookEnabled } from "../api/get-webhook-enabled";
import { useUpdateWebhookEnabled } from "../api/update-webhook-enabled";

/** Starts or stops deliveries at once, apart from the settings form, so the switch never waits on unsaved edits. */
export function WebhookEnabledSwitch({ appId }: { appId: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { showSnackbar } = useSnackbar();
  const enabled = useWebhookEnabled(appId);
  const updateEnabled = useUpdateWebhookEnabled(appId);

  if (enabled.isPending) return <Skeleton variant="rounded" height={38} width={240} aria-busy />;

  const onChange = (checked: boolean) =>
    updateEnabled.mutate(
      { appId, enabled: checked },
      {
        onSuccess: (saved) =>
          showSnackbar(t(saved ? "webhooks.turnedOn" : "webhooks.turnedOff"), { severity: "success" }),
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
      label={t("webhooks.enabled")}
    />
  );
}
