import { Box, Button } from "@mui/material";
import { useTranslation } from "react-i18next";

/**
 * The end of a settings form: "Discard changes" puts the saved values back, "Save" submits. Both wait for a change,
 * and neither works while a save runs.
 */
export function FormActions({
  isDirty,
  isValid,
  isSubmitting,
  onDiscard,
}: {
  isDirty: boolean;
  isValid: boolean;
  isSubmitting: boolean;
  onDiscard: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: "flex", justifyContent: "flex-end", gap: 1 }}>
      <Button variant="text" disabled={!isDirty || isSubmitting} onClick={onDiscard}>
        {t("common.discard")}
      </Button>
      <Button type="submit" variant="contained" disabled={!isDirty || !isValid || isSubmitting}>
        {t("common.save")}
      </Button>
    </Box>
  );
}
