import { Box, LinearProgress, Typography } from "@mui/material";
import type { TDataImport } from "@parley/contract";
import { useTranslation } from "react-i18next";
import { useFormat } from "@/hooks/use-format";
import { percentOf } from "./import-labels";

/**
 * The import's progress as a whole, then a bar per kind of record in the order the job writes them; files only when
 * the import copies them (otherwise their kind stays at 0 of 0).
 */
export function ImportProgress({ dataImport }: { dataImport: TDataImport }) {
  const { t } = useTranslation();
  const format = useFormat();
  const kinds = dataImport.kinds.filter((kind) => kind.kind !== "files" || dataImport.copyFiles);
  const percent = percentOf(dataImport.progress);
  const stage = dataImport.status === "queued" ? "waiting" : dataImport.status === "paused" ? "paused" : "writing";
  return (
    <Box>
      <Box sx={{ display: "flex", justifyContent: "space-between", columnGap: 2, mb: 0.5 }}>
        <Typography variant="body2" color="text.secondary">
          {t(`dataImport.progress.${stage}`)}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {t("dataImport.percent", { percent: format.number(percent) })}
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={t("dataImport.progress.total")}
        sx={{ height: 8, borderRadius: 4 }}
      />
      {kinds.length > 0 && (
        <Box
          component="ul"
          aria-label={t("dataImport.progress.kindsLabel")}
          sx={{
            listStyle: "none",
            m: 0,
            mt: 2,
            p: 0,
            display: "grid",
            gap: 1.25,
            gridTemplateColumns: { xs: "1fr", sm: "repeat(2, minmax(0, 1fr))" },
            columnGap: 3,
          }}
        >
          {kinds.map((kind) => {
            const done = Math.min(kind.done, kind.total);
            const kindPercent = kind.total === 0 ? 100 : Math.floor((done / kind.total) * 100);
            const label = t("dataImport.progress.kind", {
              kind: t(`dataImport.kind.${kind.kind}`),
              done: format.number(done),
              total: format.number(kind.total),
            });
            return (
              <Box component="li" key={kind.kind}>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 0.25 }}>
                  {label}
                </Typography>
                <LinearProgress
                  variant="determinate"
                  value={kindPercent}
                  aria-label={t(`dataImport.kind.${kind.kind}`)}
                  sx={{ height: 4, borderRadius: 2 }}
                />
              </Box>
            );
          })}
        </Box>
      )}
    </Box>
  );
}
