import { Box, Chip, Stack, Typography } from "@mui/material";
import type { TDataImport } from "@parley/contract";
import { useTranslation } from "react-i18next";
import { useFormat } from "@/hooks/use-format";
import { STATUS_COLORS } from "./import-labels";

/** An import's source and origin, its status, and who asked for it when. */
export function ImportHeading({ dataImport }: { dataImport: TDataImport }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Box sx={{ minWidth: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 0.5 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>
          {t("dataImport.what", {
            source: t(`dataImport.source.${dataImport.source}.name`),
            origin: dataImport.origin,
          })}
        </Typography>
        <Chip
          size="small"
          color={STATUS_COLORS[dataImport.status]}
          label={t(`dataImport.status.${dataImport.status}`)}
        />
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: "anywhere" }}>
        {t("dataImport.requestedBy", { email: dataImport.requestedBy })}
        {" · "}
        {t("dataImport.createdAt", { at: format.dateTime(dataImport.createdAt) })}
      </Typography>
    </Box>
  );
}
