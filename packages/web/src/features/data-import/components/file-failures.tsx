import { Box, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from "@mui/material";
import type { TDataImport } from "@parley/contract";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useFormat } from "@/hooks/use-format";
import { MoreInReport } from "./dry-run";
import { NOTES_SHOWN } from "./import-labels";

/**
 * The files an import could not copy, once there is one: "3 files could not be copied", then the first of them with
 * their name, the source's URL (which their messages keep) and why; the report lists the rest.
 */
export function FileFailures({ dataImport }: { dataImport: TDataImport }) {
  const { t } = useTranslation();
  const format = useFormat();
  const headingId = useId();
  const total = dataImport.fileFailuresTotal;
  if (total <= 0) return null;
  const shown = dataImport.fileFailures.slice(0, NOTES_SHOWN);
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 1 }}>
      <Typography id={headingId} variant="subtitle2" component="h4" sx={{ fontWeight: 600 }}>
        {t("dataImport.fileFailures.title", { count: total, total: format.number(total) })}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t("dataImport.fileFailures.about")}
      </Typography>
      {shown.length > 0 && (
        <TableContainer>
          <Table size="small" aria-label={t("dataImport.fileFailures.label")}>
            <TableHead>
              <TableRow>
                <TableCell>{t("dataImport.fileFailures.name")}</TableCell>
                <TableCell>{t("dataImport.fileFailures.url")}</TableCell>
                <TableCell>{t("dataImport.fileFailures.reason")}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((failure, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: two messages may reference one URL; the list never moves.
                <TableRow key={index}>
                  <TableCell sx={{ overflowWrap: "anywhere" }}>{failure.name}</TableCell>
                  <TableCell sx={{ overflowWrap: "anywhere" }}>
                    <Box component="code" sx={{ fontSize: "0.8125rem" }}>
                      {failure.url}
                    </Box>
                  </TableCell>
                  <TableCell sx={{ overflowWrap: "anywhere" }}>{failure.reason}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <MoreInReport shown={shown.length} total={total} />
    </Box>
  );
}
