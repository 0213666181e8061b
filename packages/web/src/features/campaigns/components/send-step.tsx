import {
  Box,
  Card,
  CardContent,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import type { TCampaign, TCampaignTemplateValues } from "@parley/contract";
import { Controller, useFormContext, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FactRow } from "@/components/fact-row";
import { muiRegister } from "@/components/form/mui-register";
import { useFormat } from "@/hooks/use-format";
import { type CampaignFormInput, type CampaignFormValues, fromLocalInput, toLocalInput } from "../lib/campaign-form";
import { CampaignPreview } from "./campaign-preview";
import { excludedCount } from "./recipients-step";

/** Step 3: when it goes out, and everything the send will use, read back before Confirm. */
export function SendStep({
  campaign,
  previewValues,
  scheduleError,
  onScheduleTouched,
}: {
  campaign: TCampaign | undefined;
  previewValues: TCampaignTemplateValues;
  /** The text key of what is wrong with the scheduled time, once it is worth saying. */
  scheduleError: string | null;
  onScheduleTouched: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const { control, register } = useFormContext<CampaignFormInput, unknown, CampaignFormValues>();
  const values = useWatch({ control }) as CampaignFormInput;
  const scheduledIso = values.sendType === "scheduled" ? fromLocalInput(values.scheduledAt) : null;
  const scheduledField = register("scheduledAt", { onBlur: onScheduleTouched, onChange: onScheduleTouched });
  const metadata = values.metadata ?? [];

  return (
    <Stack spacing={3}>
      <FormControl component="fieldset">
        <FormLabel component="legend">{t("campaigns.fields.sendType")}</FormLabel>
        <Controller
          control={control}
          name="sendType"
          render={({ field }) => (
            <RadioGroup row value={field.value} onChange={(event) => field.onChange(event.target.value)}>
              <FormControlLabel value="now" control={<Radio />} label={t("campaigns.sendType.now")} />
              <FormControlLabel value="scheduled" control={<Radio />} label={t("campaigns.sendType.scheduled")} />
            </RadioGroup>
          )}
        />
      </FormControl>
      {values.sendType === "scheduled" && (
        <TextField
          type="datetime-local"
          required
          label={t("campaigns.fields.scheduledAt")}
          sx={{ maxWidth: 320 }}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: toLocalInput(new Date()) } }}
          {...muiRegister(scheduledField)}
          error={scheduleError !== null}
          helperText={scheduleError ? t(scheduleError) : t("campaigns.form.scheduledAtHint")}
        />
      )}
      <Card variant="outlined" component="section" aria-label={t("campaigns.form.review")}>
        <CardContent>
          <Typography variant="subtitle1" component="h3" sx={{ mb: 2 }}>
            {t("campaigns.form.review")}
          </Typography>
          <Box
            sx={{
              display: "grid",
              gap: 3,
              gridTemplateColumns: { xs: "1fr", md: "minmax(0, 3fr) minmax(0, 2fr)" },
              alignItems: "start",
            }}
          >
            <Box component="dl" sx={{ m: 0, display: "grid", gap: 1 }}>
              <FactRow label={t("campaigns.fields.brand")}>
                {previewValues["brand.name"] || t("campaigns.noBrand")}
              </FactRow>
              <FactRow label={t("campaigns.fields.title")}>{values.title || t("campaigns.untitled")}</FactRow>
              <FactRow label={t("campaigns.fields.metadata")}>
                <Box component="span" sx={{ whiteSpace: "pre-line" }}>
                  {metadata.length === 0
                    ? t("campaigns.none")
                    : metadata.map((entry) => `${entry.key} = ${entry.value}`).join("\n")}
                </Box>
              </FactRow>
              <FactRow label={t("campaigns.fields.push")}>
                {values.push?.enabled ? t("campaigns.pushOn") : t("campaigns.pushOff")}
              </FactRow>
              <FactRow label={t("campaigns.fields.recipients")}>
                {campaign
                  ? t("campaigns.recipients.summary", {
                      valid: format.number(campaign.recipients.valid),
                      excluded: format.number(excludedCount(campaign.recipients)),
                    })
                  : t("campaigns.none")}
              </FactRow>
              <FactRow label={t("campaigns.fields.sendType")}>
                {values.sendType === "now"
                  ? t("campaigns.sendType.now")
                  : scheduledIso
                    ? t("campaigns.scheduledFor", { time: format.dateTime(scheduledIso) })
                    : t("campaigns.sendType.scheduled")}
              </FactRow>
            </Box>
            <CampaignPreview
              content={values.content ?? ""}
              push={values.push ?? { enabled: false, title: "", body: "" }}
              values={previewValues}
            />
          </Box>
        </CardContent>
      </Card>
    </Stack>
  );
}
