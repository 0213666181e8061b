import CallRounded from "@mui/icons-material/CallRounded";
import VideocamRounded from "@mui/icons-material/VideocamRounded";
import { Box, Chip, type ChipProps, Typography } from "@mui/material";
import type { TCallKind, TCallState } from "@parley/contract";
import { useTranslation } from "react-i18next";

/** Colours by how the call went: live calls stand out, refusals and failures warn, a normal end stays quiet. */
const STATE_COLOR: Record<TCallState, ChipProps["color"]> = {
  ringing: "info",
  accepted: "primary",
  ended: "success",
  declined: "warning",
  cancelled: "default",
  missed: "warning",
  failed: "error",
};

export function CallStateChip({ state }: { state: TCallState }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant={state === "accepted" || state === "ringing" ? "filled" : "outlined"}
      color={STATE_COLOR[state]}
      label={t(`calls.state.${state}`)}
    />
  );
}

export function CallKindLabel({ kind }: { kind: TCallKind }) {
  const { t } = useTranslation();
  const Icon = kind === "video" ? VideocamRounded : CallRounded;
  return (
    <Box component="span" sx={{ display: "inline-flex", alignItems: "center", gap: 0.75, whiteSpace: "nowrap" }}>
      <Icon fontSize="small" color="action" aria-hidden />
      {t(`calls.kind.${kind}`)}
    </Box>
  );
}

/** A party as "Nickname (user id)", in one line of text: what the timeline and the dialog's facts say. */
export function usePartyName() {
  const { t } = useTranslation();
  return (party: { userId: string; nickname: string }) => {
    // The server sends both empty for a user deleted since the call.
    if (!party.userId) return t("calls.deletedUser");
    return party.nickname ? `${party.nickname} (${party.userId})` : party.userId;
  };
}

/** A party in a table cell: the nickname above the user id, as the users list shows a user. */
export function PartyCell({ party }: { party: { userId: string; nickname: string } }) {
  const { t } = useTranslation();
  if (!party.userId) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t("calls.deletedUser")}
      </Typography>
    );
  }
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: "break-word" }}>
        {party.nickname || party.userId}
      </Typography>
      <Typography
        variant="caption"
        color="text.secondary"
        component="div"
        sx={{ fontFamily: "monospace", wordBreak: "break-all" }}
      >
        {party.userId}
      </Typography>
    </Box>
  );
}
