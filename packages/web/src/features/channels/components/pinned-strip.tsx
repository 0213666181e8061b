import PushPinRounded from "@mui/icons-material/PushPinRounded";
import { Box, IconButton, Link, Tooltip, Typography } from "@mui/material";
import type { TMessage } from "@parley/contract";
import { useTranslation } from "react-i18next";
import { useFormat } from "@/hooks/use-format";
import { usePinnedMessages } from "../api/get-pinned-messages";

/** A message's one-line preview: its text, a custom message's kind, or a file's name. */
function previewOf(message: TMessage): string {
  if (message.type === "custom") return `[${message.customType ?? "custom"}] ${message.text}`;
  return message.text || message.file?.name || "";
}

/**
 * The channel's pinned messages above its history, newest pin first. The messages come from the pins route (a pin
 * may be older than the history on screen); one the view holds is shown as the view has it, so edits arrive live.
 * A deleted message stays pinned until unpinned, as the chat API keeps it.
 */
export function PinnedStrip({
  appId,
  channelId,
  pinnedIds,
  heldMessages,
  onShow,
  onUnpin,
}: {
  appId: string;
  channelId: string;
  pinnedIds: readonly string[];
  heldMessages: ReadonlyMap<string, TMessage>;
  /** Brings a pinned message into view, when the history on screen holds it. */
  onShow: (messageId: string) => void;
  onUnpin: (messageId: string) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const pinned = usePinnedMessages(appId, channelId, pinnedIds);
  if (pinnedIds.length === 0) return null;
  const fetched = new Map((pinned.data?.messages ?? []).map((message) => [message.id, message]));
  const isLoaded = pinned.data !== undefined;

  return (
    <Box
      component="section"
      aria-label={t("chat.pinnedMessages")}
      sx={{ borderBottom: 1, borderColor: "divider", bgcolor: "rgba(63, 81, 181, 0.04)", px: 2, py: 0.75 }}
    >
      <Typography variant="caption" color="text.secondary" sx={{ display: "flex", alignItems: "center", gap: 0.5 }}>
        <PushPinRounded sx={{ fontSize: "0.9rem" }} color="primary" />
        {t("chat.pinnedCount", { count: format.number(pinnedIds.length) })}
      </Typography>
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: "none", maxHeight: 112, overflowY: "auto" }}>
        {[...pinnedIds].reverse().map((id) => {
          const message = heldMessages.get(id) ?? fetched.get(id);
          const name = message ? (message.sender?.nickname ?? t("chat.admin")) : "";
          return (
            <Box component="li" key={id} sx={{ display: "flex", alignItems: "center", gap: 1, minHeight: 30 }}>
              {message ? (
                <Link
                  component="button"
                  type="button"
                  underline="hover"
                  color="inherit"
                  onClick={() => onShow(id)}
                  sx={{
                    flex: 1,
                    minWidth: 0,
                    textAlign: "left",
                    fontSize: "0.875rem",
                    overflow: "hidden",
                    textOverflow: "ellipsis",
                    whiteSpace: "nowrap",
                  }}
                >
                  <Box component="span" sx={{ fontWeight: 700 }}>
                    {name}
                  </Box>{" "}
                  {previewOf(message)}
                </Link>
              ) : (
                <Typography variant="body2" color="text.secondary" sx={{ flex: 1, fontStyle: "italic" }}>
                  {isLoaded ? t("chat.pinnedDeleted") : "…"}
                </Typography>
              )}
              <Tooltip title={t("chat.unpinMessage")}>
                <IconButton
                  size="small"
                  aria-label={t("chat.unpinNamed", { name: name || id })}
                  onClick={() => onUnpin(id)}
                >
                  <PushPinRounded fontSize="small" sx={{ transform: "rotate(45deg)", opacity: 0.7 }} />
                </IconButton>
              </Tooltip>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
