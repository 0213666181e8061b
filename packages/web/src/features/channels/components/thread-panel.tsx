import CloseRounded from "@mui/icons-material/CloseRounded";
import { Alert, Box, Button, CircularProgress, Divider, IconButton, Paper, Skeleton, Typography } from "@mui/material";
import type { TMessage } from "@parley/contract";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { useErrorText } from "@/hooks/use-error-text";
import { useFormat } from "@/hooks/use-format";
import { type ChatEventHub, patchOf } from "../lib/message-events";
import { useChannelMessages } from "../lib/use-channel-messages";
import { type MessageActions, MessageItem, MessageList } from "./message-list";

/**
 * One thread beside the chat: its parent on top, then its replies, paged back through the dashboard API and kept
 * live by the chat view's socket (`hub`), which was subscribed before the panel opened: a reply sent after the
 * panel's first page was read arrives as an event, and one sent before is in that page. `parent` is the message as
 * the chat view holds it (absent when it is not loaded there).
 */
export function ThreadPanel({
  appId,
  channelId,
  parentMessageId,
  parent,
  hub,
  showMetadata,
  actions,
  onDelete,
  onClose,
}: {
  appId: string;
  channelId: string;
  parentMessageId: string;
  parent: TMessage | undefined;
  hub: ChatEventHub;
  showMetadata: boolean;
  actions: Omit<MessageActions, "onOpenThread">;
  onDelete: (message: TMessage) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const errorText = useErrorText();
  const { showSnackbar } = useSnackbar();
  const thread = useChannelMessages(appId, channelId, undefined, parentMessageId);
  const { addMessages, removeMessages, patchMessage, catchUp } = thread;

  useEffect(
    () =>
      hub.listen({
        onEvent: (event) => {
          if (event.type === "message.created") {
            if (event.message?.parentMessageId === parentMessageId) addMessages([event.message]);
          } else if (event.type === "message.deleted") {
            if (event.messageId) removeMessages([event.messageId]);
          } else {
            const patch = patchOf(event);
            if (patch) patchMessage(patch);
          }
        },
        onSubscribed: () => {
          catchUp({ isResubscribe: true }).catch((error: unknown) =>
            console.warn("Could not catch up on missed replies", error),
          );
        },
        onRemoved: removeMessages,
      }),
    [hub, parentMessageId, addMessages, removeMessages, patchMessage, catchUp],
  );

  const replyCount = parent?.replyCount ?? thread.messages.length;

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={t("chat.thread")}
      sx={{ display: "flex", flexDirection: "column", minHeight: 0, height: "100%" }}
    >
      <Box
        sx={{ display: "flex", alignItems: "center", gap: 1, px: 2, py: 1, borderBottom: 1, borderColor: "divider" }}
      >
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {t("chat.thread")}
        </Typography>
        <IconButton size="small" aria-label={t("chat.closeThread")} onClick={onClose}>
          <CloseRounded fontSize="small" />
        </IconButton>
      </Box>
      <Box sx={{ flex: 1, minHeight: 0, overflowY: "auto", pb: 1 }}>
        {parent ? (
          <Box component="ol" aria-label={t("chat.threadParent")} sx={{ m: 0, p: 0, bgcolor: "grey.50" }}>
            <MessageItem
              message={parent}
              showMetadata={showMetadata}
              isSelecting={false}
              isSelected={false}
              onDelete={onDelete}
              actions={actions}
            />
          </Box>
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1.5 }}>
            {t("chat.threadParentMissing")}
          </Typography>
        )}
        <Divider textAlign="left" sx={{ my: 0.5, "&::before": { width: "1.5rem" } }}>
          <Typography variant="caption" color="text.secondary">
            {t("chat.replyCount", { count: format.number(replyCount) })}
          </Typography>
        </Divider>
        {thread.status === "loading" && (
          <Box sx={{ px: 2 }} aria-busy>
            {[0, 1].map((key) => (
              <Skeleton key={key} variant="rounded" height={44} sx={{ mb: 1 }} />
            ))}
          </Box>
        )}
        {thread.status === "error" && (
          <Alert
            severity="error"
            sx={{ mx: 2 }}
            action={
              <Button color="inherit" size="small" onClick={() => void thread.reload()}>
                {t("common.retry")}
              </Button>
            }
          >
            {errorText(thread.error)}
          </Alert>
        )}
        {thread.status === "ready" && thread.hasOlder && (
          <Box sx={{ display: "flex", justifyContent: "center", py: 0.5 }}>
            <Button
              size="small"
              onClick={() =>
                void thread.loadOlder().catch((error: unknown) => showSnackbar(errorText(error), { severity: "error" }))
              }
              disabled={thread.isLoadingOlder}
              startIcon={thread.isLoadingOlder ? <CircularProgress size={14} /> : undefined}
            >
              {t("chat.loadOlderReplies")}
            </Button>
          </Box>
        )}
        {thread.status === "ready" && thread.messages.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: "center", py: 3, px: 2 }}>
            {t("chat.noReplies")}
          </Typography>
        )}
        <MessageList
          messages={thread.messages}
          showMetadata={showMetadata}
          selectedIds={new Set()}
          isSelecting={false}
          onDelete={onDelete}
          actions={actions}
          label={t("chat.threadReplies")}
        />
      </Box>
    </Paper>
  );
}
