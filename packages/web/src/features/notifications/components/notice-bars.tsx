import CloseRounded from "@mui/icons-material/CloseRounded";
import { Box, Button, IconButton, Link } from "@mui/material";
import { NOTICE_BAR_HEIGHT_PX, type TNotification, type TNotificationType } from "@parley/contract";
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { paths } from "@/config/paths";
import { useFormat } from "@/hooks/use-format";
import { logLoadFailure } from "@/lib/load-failure";
import { useDismissNotice } from "../api/dismiss-notice";
import { useNotifications } from "../api/get-notifications";
import { useHidePasswordNotice } from "../api/hide-password-notice";

const tone: Record<TNotificationType, { bg: string; fg: string }> = {
  FreePlanExpiring: { bg: "#fff4e5", fg: "#663c00" },
  CardNotRegistered: { bg: "#fff4e5", fg: "#663c00" },
  CardPaymentFailed: { bg: "#fdecea", fg: "#611a15" },
  UsingFreePlan: { bg: "#e8eaf6", fg: "#1a237e" },
  PasswordResetRequired: { bg: "#fff4e5", fg: "#663c00" },
  Other: { bg: "#e8eaf6", fg: "#1a237e" },
};

/** A notice's wording: some types read differently once the service has stopped. */
function noticeKey(notification: TNotification): string {
  if (notification.type === "FreePlanExpiring" && notification.params?.daysLeft === 0) return "notice.FreePlanEnded";
  if (notification.type === "CardPaymentFailed" && notification.params?.stopped === 1) return "notice.PaymentStopped";
  return `notice.${notification.type}`;
}

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

function NoticeText({ notification }: { notification: TNotification }) {
  const { t } = useTranslation();
  const format = useFormat();
  // "Other" carries free text the server already localized; every known type has its own wording here.
  if (notification.type === "Other") return <>{notification.text}</>;
  // The trial notices carry the trial's last day as a UTC day, written like every other billing day.
  const lastDay = notification.params?.lastDay;
  const params =
    typeof lastDay === "string" && CALENDAR_DAY.test(lastDay)
      ? { ...notification.params, lastDay: format.day(lastDay) }
      : notification.params;
  return <>{t(noticeKey(notification), { ...params, defaultValue: notification.text })}</>;
}

function NoticeActions({ notification, paidPlanAction }: { notification: TNotification; paidPlanAction?: ReactNode }) {
  const { t } = useTranslation();
  const hide = useHidePasswordNotice();
  const dismiss = useDismissNotice();

  if (notification.type === "Other" && notification.id) {
    const noticeId = notification.id;
    return (
      <IconButton
        size="small"
        color="inherit"
        aria-label={t("notice.dismiss")}
        disabled={dismiss.isPending}
        onClick={() => dismiss.mutate(noticeId)}
        sx={{ flexShrink: 0 }}
      >
        <CloseRounded fontSize="small" />
      </IconButton>
    );
  }

  if (notification.type === "PasswordResetRequired") {
    return (
      <>
        <Link
          component={RouterLink}
          to={paths.settings.getHref()}
          color="inherit"
          sx={{ fontWeight: 600, whiteSpace: "nowrap", flexShrink: 0 }}
        >
          {t("notice.changePassword")}
        </Link>
        <Button
          size="small"
          color="inherit"
          variant="outlined"
          disabled={hide.isPending}
          onClick={() => hide.mutate()}
          sx={{ py: 0, whiteSpace: "nowrap", flexShrink: 0 }}
        >
          {t("notice.hideFor30Days")}
        </Button>
      </>
    );
  }
  if (notification.type === "UsingFreePlan" && notification.params?.paidPlanApplied === 1) return null;
  if (notification.type === "UsingFreePlan" || notification.type === "FreePlanExpiring") return paidPlanAction ?? null;
  if (notification.type === "CardNotRegistered" || notification.type === "CardPaymentFailed") {
    return (
      <Link
        component={RouterLink}
        to={paths.bills.getHref()}
        color="inherit"
        sx={{ fontWeight: 600, whiteSpace: "nowrap", flexShrink: 0 }}
      >
        {t(notification.type === "CardNotRegistered" ? "notice.registerCard" : "notice.goToBilling")}
      </Link>
    );
  }
  return null;
}

/**
 * Stacked account notices above the toolbar, each one NOTICE_BAR_HEIGHT_PX high. The trial notices carry
 * `paidPlanAction`, the "Switch to paid plan" button the shell gets from the plans feature; a missing card leads to
 * /bills instead, where the card is registered first.
 */
export function NoticeBars({ paidPlanAction }: { paidPlanAction?: ReactNode }) {
  const { t } = useTranslation();
  const { data, error } = useNotifications();

  useEffect(() => {
    if (error) logLoadFailure("Could not load notices", error);
  }, [error]);

  if (!data?.length) return null;
  return (
    <Box role="region" aria-label={t("notice.regionLabel")}>
      {data.map((notification) => {
        const colors = tone[notification.type];
        return (
          <Box
            key={notification.id ?? `${notification.type}:${notification.text}`}
            role="status"
            sx={{
              height: NOTICE_BAR_HEIGHT_PX,
              px: { xs: 1.5, sm: 3 },
              display: "flex",
              alignItems: "center",
              justifyContent: "center",
              gap: 1.5,
              bgcolor: colors.bg,
              color: colors.fg,
              fontSize: "0.875rem",
              borderBottom: "1px solid rgba(0,0,0,0.06)",
            }}
          >
            <Box
              component="span"
              sx={{ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap", minWidth: 0 }}
            >
              <NoticeText notification={notification} />
            </Box>
            <NoticeActions notification={notification} paidPlanAction={paidPlanAction} />
          </Box>
        );
      })}
    </Box>
  );
}
