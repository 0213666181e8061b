import { Box, TextField, ToggleButton, ToggleButtonGroup } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type DayRange, isValidRange, presetOf, presetRange, type RangePreset, rangePresets } from "../lib/range";

/** Presets plus free from/to inputs; a typed range is applied only once the server would accept it. */
export function RangePicker({ value, onChange }: { value: DayRange; onChange: (range: DayRange) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  if (shown.from !== value.from || shown.to !== value.to) {
    setShown(value);
    setDraft(value);
  }
  const isDraftValid = isValidRange(draft);

  const edit = (next: DayRange) => {
    setDraft(next);
    if (isValidRange(next)) onChange(next);
  };

  return (
    <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "flex-start", gap: 2 }}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={presetOf(value)}
        onChange={(_, preset: RangePreset | null) => preset && onChange(presetRange(preset))}
        aria-label={t("reports.range.presets")}
      >
        {rangePresets.map((preset) => (
          <ToggleButton key={preset} value={preset}>
            {t(`reports.range.${preset}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <TextField
        type="date"
        size="small"
        label={t("reports.range.from")}
        value={draft.from}
        onChange={(event) => edit({ ...draft, from: event.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
        error={!isDraftValid}
      />
      <TextField
        type="date"
        size="small"
        label={t("reports.range.to")}
        value={draft.to}
        onChange={(event) => edit({ ...draft, to: event.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
        error={!isDraftValid}
        helperText={isDraftValid ? undefined : t("reports.range.invalid")}
      />
    </Box>
  );
}
