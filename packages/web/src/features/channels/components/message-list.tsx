import AttachFileRounded from "@mui/icons-material/AttachFileRounded";
import MoreVertRounded from "@mui/icons-material/MoreVertRounded";
import PushPinRounded from "@mui/icons-material/PushPinRounded";
import { Avatar, Box, Checkbox, Chip, IconButton, Link, Menu, MenuItem, Typography } from "@mui/material";
import type { TMessage } from "@parley/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useFormat } from "@/hooks/use-format";
import { MentionsLine, MessageLabels, MessageText, ReactionChips, ThreadLink } from "./message-parts";

/** What the admin may do to a message beyond deleting it; each is left out where it does not apply. */
export interface MessageActions {
  pinnedIds?: ReadonlySet<string>;
  /** Opens the thread of this parent message. */
  onOpenThread?: (parentMessageId: string) => void;
  onTogglePin?: (message: TMessage, pin: boolean) => void;
  onRemoveReaction?: (message: TMessage, reaction: string) => void;
}

function MessageMetadata({ message }: { message: TMessage }) {
  const { t } = useTranslation();
  const entries = [
    ["id", message.id],
    ["seq", String(message.seq)],
    ["type", message.type],
    ["sender", message.sender?.userId ?? "-"],
    ...(message.customType ? [["customType", message.customType]] : []),
    ...(message.parentMessageId ? [["parentMessageId", message.parentMessageId]] : []),
    ...Object.entries(message.metadata).map(([key, value]) => [`metadata.${key}`, value]),
  ];
  return (
    <Box
      component="dl"
      aria-label={t("chat.metadata")}
      sx={{
        display: "grid",
        gridTemplateColumns: "auto minmax(0, 1fr)",
        columnGap: 1,
        rowGap: 0.25,
        m: 0,
        mt: 0.75,
        p: 1,
        borderRadius: 1.5,
        bgcolor: "grey.100",
        fontFamily: "monospace",
        fontSize: "0.75rem",
      }}
    >
      {entries.map(([key, value]) => (
        <Box key={key} sx={{ display: "contents" }}>
          <Box component="dt" sx={{ color: "text.secondary" }}>
            {key}
          </Box>
          <Box component="dd" sx={{ m: 0, overflowWrap: "anywhere" }}>
            {value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

export function MessageItem({
  message,
  showMetadata,
  isSelecting,
  isSelected,
  onToggleSelect,
  onDelete,
  actions = {},
}: {
  message: TMessage;
  showMetadata: boolean;
  isSelecting: boolean;
  isSelected: boolean;
  /** Absent where messages are not selected (the thread panel). */
  onToggleSelect?: (id: string) => void;
  onDelete: (message: TMessage) => void;
  actions?: MessageActions;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const isAdmin = message.type === "admin";
  const isHidden = message.type === "hidden";
  const name = isAdmin || !message.sender ? t("chat.admin") : message.sender.nickname;
  const isPinned = actions.pinnedIds?.has(message.id) ?? false;
  const { onOpenThread, onTogglePin, onRemoveReaction } = actions;
  // A thread's parent opens its thread; a reply shown in the channel opens the thread it belongs to.
  const threadId = message.parentMessageId ?? ((message.replyCount ?? 0) > 0 ? message.id : undefined);

  return (
    <Box
      component="li"
      data-testid="chat-message"
      data-message-id={message.id}
      sx={{
        display: "flex",
        gap: 1.25,
        px: { xs: 1.5, sm: 2 },
        py: 1,
        listStyle: "none",
        bgcolor: isSelected
          ? "action.selected"
          : isAdmin
            ? "rgba(63, 81, 181, 0.05)"
            : isHidden
              ? "rgba(0, 0, 0, 0.03)"
              : undefined,
        ...(isHidden ? { borderLeft: "3px dashed", borderColor: "divider" } : {}),
        "&:hover .message-menu": { opacity: 1 },
      }}
    >
      {isSelecting && (
        <Checkbox
          size="small"
          checked={isSelected}
          onChange={() => onToggleSelect?.(message.id)}
          slotProps={{ input: { "aria-label": t("chat.selectMessage") } }}
          sx={{ p: 0.5, alignSelf: "flex-start" }}
        />
      )}
      <Avatar
        src={message.sender?.profileImageUrl || undefined}
        alt=""
        sx={{
          width: 32,
          height: 32,
          bgcolor: isAdmin ? "primary.main" : undefined,
          fontSize: "0.9rem",
          opacity: isHidden ? 0.6 : 1,
        }}
      >
        {name.slice(0, 1).toUpperCase()}
      </Avatar>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: "flex", alignItems: "baseline", gap: 1, flexWrap: "wrap" }}>
          <Typography variant="body2" sx={{ fontWeight: 700 }}>
            {name}
          </Typography>
          {isAdmin && <Chip size="small" label={t("chat.adminMessage")} sx={{ height: 18, fontSize: "0.7rem" }} />}
          {typeof message.subchannel === "number" && (
            <Chip
              size="small"
              variant="outlined"
              label={t("chat.subchannel.short", { number: message.subchannel })}
              sx={{ height: 18, fontSize: "0.7rem" }}
            />
          )}
          <MessageLabels message={message} />
          <Typography variant="caption" color="text.secondary" component="time" dateTime={message.createdAt}>
            {format.dateTime(message.createdAt)}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            #{message.seq}
          </Typography>
          {isPinned && (
            <PushPinRounded
              titleAccess={t("chat.pinned")}
              color="primary"
              sx={{ fontSize: "0.95rem", alignSelf: "center" }}
            />
          )}
          {message.parentMessageId &&
            (onOpenThread ? (
              <Link
                component="button"
                type="button"
                variant="caption"
                onClick={() => onOpenThread(message.parentMessageId as string)}
              >
                {t("chat.inThread")}
              </Link>
            ) : null)}
        </Box>
        <MessageText message={message} />
        {message.file && (
          <Link
            href={message.file.url}
            target="_blank"
            rel="noopener"
            variant="body2"
            sx={{ display: "inline-flex", alignItems: "center", gap: 0.5, mt: 0.5, overflowWrap: "anywhere" }}
          >
            <AttachFileRounded fontSize="small" />
            {message.file.name}
          </Link>
        )}
        <MentionsLine message={message} />
        <ReactionChips
          reactions={message.reactions}
          onRemove={onRemoveReaction && ((reaction) => onRemoveReaction(message, reaction))}
        />
        {/* In the thread panel, the parent's count is the panel's own heading. */}
        {!message.parentMessageId && onOpenThread && (
          <ThreadLink message={message} onOpen={() => onOpenThread(message.id)} />
        )}
        {showMetadata && <MessageMetadata message={message} />}
      </Box>
      {!isSelecting && (
        <>
          <IconButton
            className="message-menu"
            size="small"
            aria-label={t("chat.messageActions")}
            onClick={(event) => setAnchor(event.currentTarget)}
            sx={{ alignSelf: "flex-start", opacity: { xs: 1, md: 0.4 } }}
          >
            <MoreVertRounded fontSize="small" />
          </IconButton>
          <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
            {onOpenThread && threadId && (
              <MenuItem
                onClick={() => {
                  setAnchor(null);
                  onOpenThread(threadId);
                }}
              >
                {t("chat.viewThread")}
              </MenuItem>
            )}
            {onTogglePin && (
              <MenuItem
                onClick={() => {
                  setAnchor(null);
                  onTogglePin(message, !isPinned);
                }}
              >
                {t(isPinned ? "chat.unpinMessage" : "chat.pinMessage")}
              </MenuItem>
            )}
            <MenuItem
              sx={{ color: "error.main" }}
              onClick={() => {
                setAnchor(null);
                onDelete(message);
              }}
            >
              {t("chat.deleteMessage")}
            </MenuItem>
            {onToggleSelect && (
              <MenuItem
                onClick={() => {
                  setAnchor(null);
                  onToggleSelect(message.id);
                }}
              >
                {t("chat.selectMessages")}
              </MenuItem>
            )}
          </Menu>
        </>
      )}
    </Box>
  );
}

export function MessageList({
  messages,
  showMetadata,
  selectedIds,
  isSelecting,
  onToggleSelect,
  onDelete,
  actions,
  label,
}: {
  messages: TMessage[];
  showMetadata: boolean;
  selectedIds: Set<string>;
  isSelecting: boolean;
  /** Absent where messages are not selected (the thread panel). */
  onToggleSelect?: (id: string) => void;
  onDelete: (message: TMessage) => void;
  actions?: MessageActions;
  /** The list's accessible name; the channel's messages unless given. */
  label?: string;
}) {
  const { t } = useTranslation();
  return (
    <Box component="ol" aria-label={label ?? t("chat.messages")} sx={{ m: 0, p: 0 }}>
      {messages.map((message) => (
        <MessageItem
          key={message.id}
          message={message}
          showMetadata={showMetadata}
          isSelecting={isSelecting}
          isSelected={selectedIds.has(message.id)}
          {...(onToggleSelect ? { onToggleSelect } : {})}
          onDelete={onDelete}
          {...(actions ? { actions } : {})}
        />
      ))}
    </Box>
  );
}
