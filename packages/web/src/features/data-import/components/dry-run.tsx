import { Box, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from "@mui/material";
import type { TImportCollision, TImportDryRun, TImportRowNote } from "@parley/contract";
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { useFormat } from "@/hooks/use-format";
import { NOTES_SHOWN } from "./import-labels";

/**
 * The kinds the dry run counts, in the order the job writes them. Files are not among them: whether one can be copied
 * is known only when the job fetches it.
 */
const COUNTED_KINDS = [
  "users",
  "channels",
  "members",
  "messages",
  "reactions",
] as const satisfies readonly (keyof TImportDryRun["counts"])[];

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h4" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** "N more in the report" under a list the page shows only the start of. */
export function MoreInReport({ shown, total }: { shown: number; total: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (total <= shown) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
      {t("dataImport.dryRun.moreInReport", { count: total - shown, more: format.number(total - shown) })}
    </Typography>
  );
}

function CountsTable({ counts }: { counts: TImportDryRun["counts"] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const columns = ["found", "refused", "new", "existing"] as const;
  return (
    <TableContainer>
      <Table size="small" aria-label={t("dataImport.dryRun.countsTitle")}>
        <TableHead>
          <TableRow>
            <TableCell>{t("dataImport.dryRun.kind")}</TableCell>
            {columns.map((column) => (
              <TableCell key={column} align="right">
                {t(`dataImport.dryRun.column.${column}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {COUNTED_KINDS.map((kind) => (
            <TableRow key={kind}>
              <TableCell component="th" scope="row">
                {t(`dataImport.kind.${kind}`)}
              </TableCell>
              {columns.map((column) => (
                <TableCell key={column} align="right" sx={{ fontVariantNumeric: "tabular-nums" }}>
                  {format.number(counts[kind][column])}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The first refused rows or warnings, each with where in the source it is. */
function NotesTable({ label, notes, total }: { label: string; notes: TImportRowNote[]; total: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  const shown = notes.slice(0, NOTES_SHOWN);
  return (
    <>
      <TableContainer>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              <TableCell>{t("dataImport.dryRun.file")}</TableCell>
              <TableCell align="right">{t("dataImport.dryRun.line")}</TableCell>
              <TableCell>{t("dataImport.dryRun.reason")}</TableCell>
              <TableCell>{t("dataImport.dryRun.detail")}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((note, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: one line can hold several notes; the list never moves.
              <TableRow key={index}>
                <TableCell sx={{ overflowWrap: "anywhere" }}>{note.file}</TableCell>
                <TableCell align="right">{note.line === 0 ? "–" : format.number(note.line)}</TableCell>
                <TableCell>
                  <Box component="code" sx={{ fontSize: "0.8125rem" }}>
                    {note.reason}
                  </Box>
                </TableCell>
                <TableCell sx={{ overflowWrap: "anywhere" }}>{note.detail ?? ""}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <MoreInReport shown={shown.length} total={total} />
    </>
  );
}

function CollisionLine({ collision }: { collision: TImportCollision }) {
  const { t } = useTranslation();
  const format = useFormat();
  const at = { file: collision.file, line: format.number(collision.line) };
  return (
    <Typography component="li" variant="body2" sx={{ overflowWrap: "anywhere" }}>
      {collision.kind === "user"
        ? t("dataImport.dryRun.userUpdated", { userId: collision.userId, ...at })
        : t("dataImport.dryRun.channelMerged", {
            sourceKey: collision.sourceKey,
            channelId: collision.channelId,
            ...at,
          })}
    </Typography>
  );
}

/**
 * What an import will do, read before anything is written: counts per kind, the rows it refuses and imports
 * differently, and the records the app already has. Each list shows its start; the report holds all of it.
 */
export function DryRun({ dryRun }: { dryRun: TImportDryRun }) {
  const { t } = useTranslation();
  const format = useFormat();
  const shownCollisions = dryRun.collisions.slice(0, NOTES_SHOWN);
  return (
    <Box sx={{ display: "grid", gap: 3 }}>
      <Section title={t("dataImport.dryRun.countsTitle")}>
        <CountsTable counts={dryRun.counts} />
      </Section>
      <Section title={t("dataImport.dryRun.refusedTitle", { total: dryRun.refusedTotal })}>
        {dryRun.refusedTotal === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t("dataImport.dryRun.noneRefused")}
          </Typography>
        ) : (
          <NotesTable label={t("dataImport.dryRun.refusedLabel")} notes={dryRun.refused} total={dryRun.refusedTotal} />
        )}
      </Section>
      {dryRun.warningsTotal > 0 && (
        <Section title={t("dataImport.dryRun.warningsTitle", { total: dryRun.warningsTotal })}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t("dataImport.dryRun.warningsAbout")}
          </Typography>
          <NotesTable
            label={t("dataImport.dryRun.warningsLabel")}
            notes={dryRun.warnings}
            total={dryRun.warningsTotal}
          />
        </Section>
      )}
      <Section title={t("dataImport.dryRun.collisionsTitle")}>
        <Typography variant="body2">
          {t("dataImport.dryRun.collisionsSummary", {
            users: format.number(dryRun.counts.users.existing),
            channels: format.number(dryRun.counts.channels.existing),
          })}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {t("dataImport.dryRun.collisionsAbout")}
        </Typography>
        {shownCollisions.length > 0 && (
          <Box
            component="ul"
            aria-label={t("dataImport.dryRun.collisionsLabel")}
            sx={{ m: 0, mt: 1, pl: 2.5, display: "grid", gap: 0.25 }}
          >
            {shownCollisions.map((collision) => (
              <CollisionLine
                key={collision.kind === "user" ? `user:${collision.userId}` : `channel:${collision.sourceKey}`}
                collision={collision}
              />
            ))}
          </Box>
        )}
        <MoreInReport shown={shownCollisions.length} total={dryRun.collisionsTotal} />
      </Section>
    </Box>
  );
}
