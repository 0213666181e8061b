import ComputerRounded from "@mui/icons-material/ComputerRounded";
import DevicesOtherRounded from "@mui/icons-material/DevicesOtherRounded";
import LogoutRounded from "@mui/icons-material/LogoutRounded";
import PhoneIphoneRounded from "@mui/icons-material/PhoneIphoneRounded";
import TabletMacRounded from "@mui/icons-material/TabletMacRounded";
import { Box, Button, Chip, List, ListItem, ListItemIcon, ListItemText, Skeleton, Stack } from "@mui/material";
import type { TActiveSession } from "@parley/contract";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { LoadError } from "@/components/load-error";
import { SettingsCard } from "@/components/settings-card";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { paths } from "@/config/paths";
import { useFormat } from "@/hooks/use-format";
import { useEndAllSessions } from "../api/end-all-sessions";
import { useEndSession } from "../api/end-session";
import { useSessions } from "../api/get-sessions";
import { deviceName, parseUserAgent } from "../lib/user-agent";

function DeviceIcon({ userAgent }: { userAgent: string }) {
  const { browser, os } = parseUserAgent(userAgent);
  if (os === "iPhone" || os === "Android") return <PhoneIphoneRounded />;
  if (os === "iPad") return <TabletMacRounded />;
  if (os || browser) return <ComputerRounded />;
  return <DevicesOtherRounded />;
}

function SessionRow({
  session,
  isEnding,
  divider,
  onEnd,
}: {
  session: TActiveSession;
  isEnding: boolean;
  divider: boolean;
  onEnd: (session: TActiveSession, device: string) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const timesId = useId();
  const device = deviceName(session.userAgent, t);
  return (
    <ListItem
      disableGutters
      divider={divider}
      // A grid rather than a wrapping row: on a phone the End button drops under the text, not the text under the icon.
      sx={{
        display: "grid",
        gridTemplateColumns: { xs: "auto minmax(0, 1fr)", sm: "auto minmax(0, 1fr) auto" },
        alignItems: "center",
        columnGap: 2,
        rowGap: 1,
        py: 1.5,
      }}
    >
      <ListItemIcon sx={{ minWidth: 0, color: session.current ? "primary.main" : "text.secondary" }}>
        <DeviceIcon userAgent={session.userAgent} />
      </ListItemIcon>
      <ListItemText
        sx={{ my: 0 }}
        primary={
          <Box sx={{ display: "flex", alignItems: "center", flexWrap: "wrap", columnGap: 1, rowGap: 0.5 }}>
            <Box component="span" sx={{ fontWeight: 600, overflowWrap: "anywhere" }} title={session.userAgent}>
              {device}
            </Box>
            {session.current && <Chip size="small" color="primary" label={t("settings.sessions.thisDevice")} />}
          </Box>
        }
        secondary={
          <Box component="span" id={timesId} sx={{ display: "flex", flexWrap: "wrap", columnGap: 2 }}>
            <span>{t("settings.sessions.signedInAt", { time: format.dateTime(session.createdAt) })}</span>
            <span>{t("settings.sessions.lastActiveAt", { time: format.dateTime(session.lastUsedAt) })}</span>
          </Box>
        }
        slotProps={{ primary: { component: "div" }, secondary: { component: "div", sx: { mt: 0.5 } } }}
      />
      {!session.current && (
        <Button
          size="small"
          variant="outlined"
          color="inherit"
          aria-label={t("settings.sessions.endLabel", { device })}
          aria-describedby={timesId}
          loading={isEnding}
          onClick={() => onEnd(session, device)}
          sx={{ gridColumn: { xs: 2, sm: 3 }, justifySelf: "start" }}
        >
          {t("settings.sessions.end")}
        </Button>
      )}
    </ListItem>
  );
}

/** Where the account is logged in: end another device's session, or every session at once, this one included. */
export function ActiveSessionsCard() {
  const { t } = useTranslation();
  const { showSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const sessions = useSessions();
  const endSession = useEndSession();
  const endAllSessions = useEndAllSessions({
    // Not in mutate's own onSuccess: the auth guard unmounts this card on sign-out, which skips those callbacks.
    onLoggedOut: () => {
      showSnackbar(t("settings.sessions.endedAll"), { severity: "success" });
      return navigate(paths.root.getHref(), { replace: true });
    },
  });
  const [isEndAllOpen, setIsEndAllOpen] = useState(false);
  // This device leads, the others follow in the server's order (most recently used first): a session that signed
  // in a moment ago elsewhere would otherwise push it down.
  const listed = sessions.data && [
    ...sessions.data.filter((session) => session.current),
    ...sessions.data.filter((session) => !session.current),
  ];

  const end = (session: TActiveSession, device: string) =>
    endSession.mutate(
      { sessionId: session.id },
      { onSuccess: () => showSnackbar(t("settings.sessions.ended", { device }), { severity: "success" }) },
    );

  const endAll = () => endAllSessions.mutate(undefined, { onError: () => setIsEndAllOpen(false) });

  return (
    <SettingsCard title={t("settings.sessions.title")} subheader={t("settings.sessions.description")}>
      {sessions.isPending && (
        <Stack spacing={1.5} aria-busy>
          {[0, 1].map((row) => (
            <Skeleton key={row} variant="rounded" height={56} />
          ))}
        </Stack>
      )}
      {sessions.isError && <LoadError error={sessions.error} onRetry={() => void sessions.refetch()} />}
      {listed && (
        <Stack spacing={2}>
          <List disablePadding aria-label={t("settings.sessions.title")}>
            {listed.map((session, index) => (
              <SessionRow
                key={session.id}
                session={session}
                isEnding={endSession.isPending && endSession.variables?.sessionId === session.id}
                onEnd={end}
                divider={index < listed.length - 1}
              />
            ))}
          </List>
          <Box sx={{ display: "flex", justifyContent: "flex-end" }}>
            <Button
              variant="outlined"
              color="error"
              startIcon={<LogoutRounded />}
              onClick={() => setIsEndAllOpen(true)}
            >
              {t("settings.sessions.endAll")}
            </Button>
          </Box>
        </Stack>
      )}
      <ConfirmDialog
        open={isEndAllOpen}
        title={t("settings.sessions.endAllTitle")}
        body={t("settings.sessions.endAllBody")}
        confirmLabel={t("settings.sessions.endAll")}
        isPending={endAllSessions.isPending}
        onConfirm={endAll}
        onClose={() => setIsEndAllOpen(false)}
      />
    </SettingsCard>
  );
}
