import { Box, Button, FormControlLabel, Paper, Stack, Switch, TextField, Typography } from "@mui/material";
import { REPORT_AUTO_HIDE_MAX, REPORT_AUTO_HIDE_MIN, type TReportSettings } from "@parley/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadError } from "@/components/load-error";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { useReportSettings, useUpdateReportSettings } from "../api/report-settings";

const DEFAULT_THRESHOLD = 3;

function AutoHideForm({ appId, saved }: { appId: string; saved: TReportSettings }) {
  const { t } = useTranslation();
  const { showSnackbar } = useSnackbar();
  const update = useUpdateReportSettings(appId);
  const [isOn, setIsOn] = useState(saved.autoHideAfter !== null);
  const [threshold, setThreshold] = useState(String(saved.autoHideAfter ?? DEFAULT_THRESHOLD));
  const value = Number(threshold);
  const isValid = Number.isInteger(value) && value >= REPORT_AUTO_HIDE_MIN && value <= REPORT_AUTO_HIDE_MAX;
  const next = isOn ? value : null;
  const isDirty = next !== saved.autoHideAfter;

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (isOn && !isValid) return;
        update.mutate(
          { appId, body: { autoHideAfter: next } },
          { onSuccess: () => showSnackbar(t("reportQueue.autoHide.saved"), { severity: "success" }) },
        );
      }}
    >
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "flex-start" } }}>
        <FormControlLabel
          control={<Switch checked={isOn} onChange={(event) => setIsOn(event.target.checked)} />}
          label={t("reportQueue.autoHide.switch")}
          sx={{ mt: { sm: 1 } }}
        />
        <TextField
          size="small"
          type="number"
          label={t("reportQueue.autoHide.threshold")}
          value={threshold}
          disabled={!isOn}
          onChange={(event) => setThreshold(event.target.value)}
          error={isOn && !isValid}
          helperText={
            isOn && !isValid
              ? t("reportQueue.autoHide.invalid", { min: REPORT_AUTO_HIDE_MIN, max: REPORT_AUTO_HIDE_MAX })
              : undefined
          }
          slotProps={{ htmlInput: { min: REPORT_AUTO_HIDE_MIN, max: REPORT_AUTO_HIDE_MAX } }}
          sx={{ width: { sm: 200 } }}
        />
        <Button type="submit" variant="contained" disabled={!isDirty || (isOn && !isValid)} loading={update.isPending}>
          {t("common.save")}
        </Button>
      </Stack>
    </Box>
  );
}

/** The app's auto-hide setting: a message leaves members' view once this many users reported it. */
export function AutoHideCard({ appId }: { appId: string }) {
  const { t } = useTranslation();
  const settings = useReportSettings(appId);
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
      <Typography variant="subtitle1" component="h2">
        {t("reportQueue.autoHide.title")}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t("reportQueue.autoHide.description")}
      </Typography>
      {settings.isError && <LoadError error={settings.error} onRetry={() => void settings.refetch()} />}
      {settings.data && <AutoHideForm key={String(settings.data.autoHideAfter)} appId={appId} saved={settings.data} />}
    </Paper>
  );
}
