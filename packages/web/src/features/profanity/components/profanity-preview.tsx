import { Alert, Box, Stack, TextField, Typography } from "@mui/material";
import { applyProfanityFilter, type TProfanitySettings } from "@parley/contract";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";

/** "Try it": what a sample message becomes under the settings on screen, saved or not. */
export function ProfanityPreview({ settings }: { settings: TProfanitySettings }) {
  const { t } = useTranslation();
  const [sample, setSample] = useState("");
  const result = useMemo(() => applyProfanityFilter(sample, settings), [sample, settings]);

  return (
    <Stack spacing={1.5} component="section" aria-labelledby="profanity-preview-title">
      <Typography id="profanity-preview-title" variant="subtitle1" component="h3">
        {t("profanity.preview.title")}
      </Typography>
      <TextField
        label={t("profanity.preview.sample")}
        value={sample}
        onChange={(event) => setSample(event.target.value)}
        multiline
        rows={2}
        helperText={t("profanity.preview.hint")}
      />
      {sample.trim() !== "" && (
        <Box aria-live="polite" data-testid="profanity-preview-result">
          {result.blocked ? (
            <Alert severity="error">{t("profanity.preview.blocked", { words: result.matched.join(", ") })}</Alert>
          ) : (
            <Alert severity={result.matched.length > 0 ? "warning" : "success"} icon={false}>
              <Typography variant="caption" component="p" color="text.secondary">
                {t(result.matched.length > 0 ? "profanity.preview.replaced" : "profanity.preview.clean")}
              </Typography>
              <Typography
                sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}
                data-testid="profanity-preview-text"
              >
                {result.text}
              </Typography>
            </Alert>
          )}
        </Box>
      )}
    </Stack>
  );
}
