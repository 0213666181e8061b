import { Chip, Stack } from "@mui/material";
import type { TReportAction, TReportTarget } from "@parley/contract";
import { useTranslation } from "react-i18next";

/** The reasons a target was reported for, most frequent first, with their counts. */
export function ReasonChips({ reasons }: { reasons: TReportTarget["reasons"] }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" sx={{ flexWrap: "wrap", gap: 0.5 }}>
      {reasons.map(({ reason, count }) => (
        <Chip
          key={reason}
          size="small"
          variant="outlined"
          label={
            count > 1
              ? t("reportQueue.reasonCount", { reason: t(`reportQueue.reason.${reason}`), count })
              : t(`reportQueue.reason.${reason}`)
          }
        />
      ))}
    </Stack>
  );
}

/** How a resolved target was resolved, in a word; the colour says whether something was done to the user. */
export function ResolutionChip({ action }: { action: TReportAction }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={action === "dismiss" ? "default" : "success"}
      label={t(`reportQueue.resolved.${action}`)}
    />
  );
}

/** Who a target names: the nickname as it is now and the user id, or the id alone for a user since deleted. */
export function userLabel(target: Pick<TReportTarget, "userId" | "userNickname">) {
  return target.userNickname && target.userNickname !== target.userId
    ? `${target.userNickname} (${target.userId})`
    : target.userId;
}
