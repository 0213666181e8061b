import HistoryRounded from "@mui/icons-material/HistoryRounded";
import { Box, Skeleton, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import type { TPushAttempt } from "@parley/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadError } from "@/components/load-error";
import { LoadMore } from "@/components/load-more";
import { RefreshButton } from "@/components/refresh-button";
import { SearchField } from "@/components/search-field";
import { SettingsCard } from "@/components/settings-card";
import { notOnPhone, wideOnly } from "@/components/table-cells";
import { TableRegion } from "@/components/table-region";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { useFormat } from "@/hooks/use-format";
import { usePushAttempts } from "../api/get-push-attempts";
import { templateNameKey } from "../lib/templates";
import { PushStatusChip } from "./push-status-chip";

const mono = { fontFamily: "monospace", wordBreak: "break-all" } as const;

function AttemptRow({ attempt }: { attempt: TPushAttempt }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <TableRow hover>
      <TableCell sx={{ whiteSpace: "nowrap" }}>{format.dateTime(attempt.createdAt)}</TableCell>
      <TableCell sx={mono}>{attempt.userId}</TableCell>
      <TableCell sx={notOnPhone}>
        {t(`push.platforms.${attempt.platform}`)} · {t(`push.providers.${attempt.provider}`)}
      </TableCell>
      <TableCell sx={{ ...wideOnly, ...mono }}>{attempt.deviceHint}</TableCell>
      <TableCell sx={wideOnly}>{t(templateNameKey(attempt.trigger))}</TableCell>
      <TableCell>
        <PushStatusChip status={attempt.status} />
      </TableCell>
      <TableCell sx={wideOnly}>{attempt.httpStatus ?? "—"}</TableCell>
      <TableCell sx={{ ...wideOnly, ...mono, maxWidth: 280, fontSize: 12 }}>{attempt.response || "—"}</TableCell>
    </TableRow>
  );
}

/** The recent push attempts, newest first: what was sent to which device and what FCM or APNs answered. */
export function PushLogCard({ appId }: { appId: string }) {
  const { t } = useTranslation();
  const [userInput, setUserInput] = useState("");
  const userId = useDebouncedValue(userInput.trim());
  const attempts = usePushAttempts(appId, userId);
  const rows = attempts.data?.pages.flatMap((page) => page.attempts) ?? [];

  return (
    <SettingsCard
      title={t("push.log.title")}
      subheader={t("push.log.description")}
      avatar={<HistoryRounded color="primary" />}
      action={
        <RefreshButton
          label={t("push.log.refresh")}
          onClick={() => void attempts.refetch()}
          disabled={attempts.isFetching}
        />
      }
    >
      <Box sx={{ mb: 2, maxWidth: 360 }}>
        <SearchField value={userInput} onChange={setUserInput} label={t("push.log.filterUser")} />
      </Box>
      {attempts.isPending && <Skeleton variant="rounded" height={160} aria-busy />}
      {attempts.isError && <LoadError error={attempts.error} onRetry={() => void attempts.refetch()} />}
      {attempts.isSuccess && rows.length === 0 && (
        <Typography color="text.secondary">{t(userId ? "push.log.noMatch" : "push.log.empty")}</Typography>
      )}
      {rows.length > 0 && (
        <TableRegion label={t("push.log.title")} sx={{ border: 1, borderColor: "divider", borderRadius: 1 }}>
          <Table size="small" aria-label={t("push.log.title")}>
            <TableHead>
              <TableRow>
                <TableCell>{t("push.log.columns.time")}</TableCell>
                <TableCell>{t("push.log.columns.user")}</TableCell>
                <TableCell sx={notOnPhone}>{t("push.log.columns.platform")}</TableCell>
                <TableCell sx={wideOnly}>{t("push.log.columns.device")}</TableCell>
                <TableCell sx={wideOnly}>{t("push.log.columns.trigger")}</TableCell>
                <TableCell>{t("push.log.columns.status")}</TableCell>
                <TableCell sx={wideOnly}>{t("push.log.columns.httpStatus")}</TableCell>
                <TableCell sx={wideOnly}>{t("push.log.columns.response")}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((attempt) => (
                <AttemptRow key={attempt.id} attempt={attempt} />
              ))}
            </TableBody>
          </Table>
        </TableRegion>
      )}
      <LoadMore pages={attempts} />
    </SettingsCard>
  );
}
