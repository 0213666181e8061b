import AcUnitRounded from "@mui/icons-material/AcUnitRounded";
import ArrowBackRounded from "@mui/icons-material/ArrowBackRounded";
import EditRounded from "@mui/icons-material/EditRounded";
import PersonRounded from "@mui/icons-material/PersonRounded";
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  FormControlLabel,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Typography,
} from "@mui/material";
import type { TChannel, TChannelDetailResponse, TChatEvent, TMessage } from "@parley/contract";
import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useNavigate } from "react-router";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { PageHeader } from "@/components/page-header";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { paths } from "@/config/paths";
import { useErrorText } from "@/hooks/use-error-text";
import { useFormat } from "@/hooks/use-format";
import { isApiError } from "@/lib/api-client";
import { withTimeout } from "@/lib/lazy-route";
import { useDeleteMessages } from "../api/delete-messages";
import { useFreezeChannel } from "../api/freeze-channel";
import { useChannel } from "../api/get-channel";
import { channelKeys } from "../api/keys";
import { useSendAdminMessage } from "../api/send-admin-message";
import { useUnfreezeChannel } from "../api/unfreeze-channel";
import { readFrozenFlag, readShowMetadata, storeFrozenFlag, storeShowMetadata } from "../lib/chat-preferences";
import type { ChatSocketStatus } from "../lib/chat-socket";
import { useChannelMessages } from "../lib/use-channel-messages";
import { useChatSocket } from "../lib/use-chat-socket";
import { EditChannelDialog } from "./channel-form-dialog";
import { memberCountText } from "./channel-labels";
import { MembersPanel } from "./members-panel";
import { MessageComposer } from "./message-composer";
import { MessageList } from "./message-list";
import { SubchannelPicker } from "./subchannel-picker";

// The test user's side runs the SDK: it loads only when the owner opens it, not with every chat view.
const TestUserPanel = lazy(() => withTimeout(import("./test-user-panel")).then((m) => ({ default: m.TestUserPanel })));

/** Within this many pixels of the bottom the view follows new messages; further up, the reader keeps their place. */
const FOLLOW_THRESHOLD_PX = 120;

const statusColor: Record<ChatSocketStatus, "success" | "warning" | "default"> = {
  live: "success",
  connecting: "default",
  reconnecting: "warning",
  stopped: "default",
};

function ChatHeader({
  appId,
  channelId,
  detail,
  onEdit,
  onChatAsTestUser,
}: {
  appId: string;
  channelId: string;
  detail: TChannelDetailResponse | undefined;
  onEdit: () => void;
  onChatAsTestUser: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  const { showSnackbar } = useSnackbar();
  const freeze = useFreezeChannel(appId);
  const unfreeze = useUnfreezeChannel(appId);
  const channel = detail?.channel;
  const isFrozen = channel?.isFrozen ?? readFrozenFlag(channelId) ?? false;

  const toggleFrozen = (next: boolean) => {
    const mutation = next ? freeze : unfreeze;
    mutation.mutate(
      { appId, channelId },
      {
        onSuccess: (updated: TChannel) => {
          storeFrozenFlag(channelId, updated.isFrozen);
          queryClient.setQueryData<TChannelDetailResponse>(channelKeys.detail(appId, channelId), (old) =>
            old ? { ...old, channel: updated } : old,
          );
          showSnackbar(t(updated.isFrozen ? "chat.frozenOn" : "chat.frozenOff"), { severity: "success" });
        },
      },
    );
  };

  return (
    <PageHeader
      title={channel?.name ?? t("pages.channel")}
      description={
        channel
          ? `${t(`channels.type.${channel.type}`)} · ${t("chat.memberCount", {
              count: channel.memberCount,
              text: memberCountText(channel, format.number),
            })}`
          : undefined
      }
      actions={
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 1 }}>
          <Button
            component={RouterLink}
            to={paths.apps.channels.getHref(appId)}
            startIcon={<ArrowBackRounded />}
            size="small"
          >
            {t("chat.backToChannels")}
          </Button>
          <Button startIcon={<EditRounded />} size="small" variant="outlined" onClick={onEdit} disabled={!detail}>
            {t("common.edit")}
          </Button>
          <Button startIcon={<PersonRounded />} size="small" variant="outlined" onClick={onChatAsTestUser}>
            {t("testChat.open")}
          </Button>
          <FormControlLabel
            control={
              <Switch
                checked={isFrozen}
                disabled={!channel || freeze.isPending || unfreeze.isPending}
                onChange={(event) => toggleFrozen(event.target.checked)}
              />
            }
            label={
              <Box component="span" sx={{ display: "inline-flex", alignItems: "center", gap: 0.5 }}>
                <AcUnitRounded fontSize="small" color={isFrozen ? "info" : "disabled"} />
                {t("chat.freeze")}
              </Box>
            }
            sx={{ mr: 0 }}
          />
        </Stack>
      }
    />
  );
}

/**
 * `/apps/:id/channels/:channelId`: history, live messages, admin messages, moderation, and beside them the channel
 * as a test user sees it. `onTestMessageSent` runs after each message sent as a test user. In a super group with
 * subchannels, `subchannel` is the one watched (all when absent); `onSubchannelChange` picks another.
 */
export function ChannelChat({
  appId,
  channelId,
  subchannel,
  onSubchannelChange,
  onTestMessageSent,
}: {
  appId: string;
  channelId: string;
  subchannel?: number | undefined;
  onSubchannelChange?: (subchannel: number | undefined) => void;
  onTestMessageSent?: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const { showSnackbar } = useSnackbar();
  const detail = useChannel(appId, channelId);
  const history = useChannelMessages(appId, channelId, subchannel);
  const sendAdminMessage = useSendAdminMessage();
  const deleteMessages = useDeleteMessages(appId, channelId);
  const [showMetadata, setShowMetadata] = useState(readShowMetadata);
  const [isEditOpen, setIsEditOpen] = useState(false);
  const [isTestUserOpen, setIsTestUserOpen] = useState(false);
  const [isSelecting, setIsSelecting] = useState(false);
  const [selectedIds, setSelectedIds] = useState<Set<string>>(() => new Set());
  const [deleting, setDeleting] = useState<string[] | null>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const isFollowingRef = useRef(true);
  const olderAnchorRef = useRef<number | null>(null);

  const isFrozen = detail.data?.channel.isFrozen;
  useEffect(() => {
    if (isFrozen !== undefined) storeFrozenFlag(channelId, isFrozen);
  }, [channelId, isFrozen]);

  const { addMessages, removeMessages, catchUp } = history;
  const onEvent = useCallback(
    (event: TChatEvent) => {
      const detailKey = channelKeys.detail(appId, channelId);
      switch (event.type) {
        case "message.created":
          if (event.message) addMessages([event.message]);
          return;
        case "message.deleted":
          if (event.messageId) removeMessages([event.messageId]);
          return;
        case "channel.changed":
        case "channel.frozen":
        case "channel.unfrozen":
          if (event.channel) {
            const channel = event.channel;
            storeFrozenFlag(channelId, channel.isFrozen);
            queryClient.setQueryData<TChannelDetailResponse>(detailKey, (old) => (old ? { ...old, channel } : old));
          } else {
            void queryClient.invalidateQueries({ queryKey: detailKey });
          }
          return;
        case "channel.deleted":
          showSnackbar(t("chat.channelDeleted"), { severity: "warning" });
          navigate(paths.apps.channels.getHref(appId), { replace: true });
          return;
        case "subchannels.changed":
          // The watched subchannel merged into another: follow its members there.
          if (event.merge && event.merge.from === subchannel) onSubchannelChange?.(event.merge.into);
          void queryClient.invalidateQueries({ queryKey: channelKeys.members(appId, channelId) });
          return;
        default:
          // Membership changed: counts, lists and the header's member count.
          void queryClient.invalidateQueries({ queryKey: channelKeys.members(appId, channelId) });
          void queryClient.invalidateQueries({ queryKey: detailKey });
      }
    },
    [
      appId,
      channelId,
      subchannel,
      onSubchannelChange,
      addMessages,
      removeMessages,
      queryClient,
      showSnackbar,
      navigate,
      t,
    ],
  );
  const onSubscribed = useCallback(() => {
    catchUp().catch((error: unknown) => console.warn("Could not catch up on missed messages", error));
  }, [catchUp]);
  const socketStatus = useChatSocket({ appId, channelId, subchannel, onEvent, onSubscribed });
  const isSplit = detail.data?.channel.type === "supergroup" && detail.data.subchannel.enabled;

  const messageCount = history.messages.length;
  const lastId = history.messages.at(-1)?.id;
  // Keep the view on the newest message when the reader is already there; keep the place after loading older.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list's size, newest message and layout are the triggers.
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    if (olderAnchorRef.current !== null) {
      element.scrollTop = element.scrollHeight - olderAnchorRef.current;
      olderAnchorRef.current = null;
      return;
    }
    if (isFollowingRef.current) element.scrollTop = element.scrollHeight;
  }, [messageCount, lastId, showMetadata]);

  const loadOlder = () => {
    const element = scrollRef.current;
    olderAnchorRef.current = element ? element.scrollHeight - element.scrollTop : null;
    history.loadOlder().catch((error: unknown) => {
      olderAnchorRef.current = null;
      showSnackbar(errorText(error), { severity: "error" });
    });
  };

  const send = (text: string) =>
    sendAdminMessage.mutateAsync({ appId, channelId, text }).then(
      (message) => {
        isFollowingRef.current = true;
        addMessages([message]);
        return true;
      },
      // The default error path has shown why; the composer keeps the text for another try.
      () => false,
    );

  const toggleSelect = (id: string) => {
    setIsSelecting(true);
    setSelectedIds((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  };
  const stopSelecting = () => {
    setIsSelecting(false);
    setSelectedIds(new Set());
  };

  const confirmDelete = () => {
    if (!deleting) return;
    const messageIds = deleting;
    deleteMessages.mutate(
      { appId, channelId, messageIds },
      {
        onSuccess: () => {
          removeMessages(messageIds);
          stopSelecting();
          showSnackbar(t("chat.deleted", { count: messageIds.length }), { severity: "success" });
        },
        onSettled: () => setDeleting(null),
      },
    );
  };

  if (detail.isError) {
    return (
      <>
        <PageHeader title={t("pages.channel")} />
        <Alert
          severity="error"
          action={
            isApiError(detail.error, "3007") ? (
              <Button color="inherit" size="small" component={RouterLink} to={paths.apps.channels.getHref(appId)}>
                {t("chat.backToChannels")}
              </Button>
            ) : (
              <Button color="inherit" size="small" onClick={() => void detail.refetch()}>
                {t("common.retry")}
              </Button>
            )
          }
        >
          {errorText(detail.error)}
        </Alert>
      </>
    );
  }

  return (
    <>
      <ChatHeader
        appId={appId}
        channelId={channelId}
        detail={detail.data}
        onEdit={() => setIsEditOpen(true)}
        onChatAsTestUser={() => setIsTestUserOpen(true)}
      />
      <Box
        sx={{
          display: "grid",
          gap: 2,
          gridTemplateColumns: { xs: "minmax(0, 1fr)", lg: "minmax(0, 1fr) 340px" },
          alignItems: "stretch",
        }}
      >
        <Paper
          variant="outlined"
          sx={{
            display: "flex",
            flexDirection: "column",
            height: { xs: "70vh", lg: "calc(100vh - 250px)" },
            minHeight: 420,
          }}
        >
          <Box
            sx={{
              display: "flex",
              alignItems: "center",
              gap: 1,
              px: 2,
              py: 1,
              borderBottom: 1,
              borderColor: "divider",
              flexWrap: "wrap",
            }}
          >
            <Chip
              size="small"
              variant="outlined"
              color={statusColor[socketStatus]}
              label={t(`chat.status.${socketStatus}`)}
              data-testid="socket-status"
            />
            <Box sx={{ flex: 1 }} />
            {isSelecting ? (
              <>
                <Typography variant="body2">{t("chat.selected", { count: selectedIds.size })}</Typography>
                <Button size="small" onClick={stopSelecting}>
                  {t("common.cancel")}
                </Button>
                <Button
                  size="small"
                  color="error"
                  variant="contained"
                  disabled={selectedIds.size === 0}
                  onClick={() => setDeleting([...selectedIds])}
                >
                  {t("chat.deleteSelected")}
                </Button>
              </>
            ) : (
              <FormControlLabel
                control={
                  <Switch
                    size="small"
                    checked={showMetadata}
                    onChange={(event) => {
                      setShowMetadata(event.target.checked);
                      storeShowMetadata(event.target.checked);
                    }}
                  />
                }
                label={<Typography variant="body2">{t("chat.showMetadata")}</Typography>}
                sx={{ mr: 0 }}
              />
            )}
          </Box>
          {isSplit && (
            <Box sx={{ px: 2, py: 1, borderBottom: 1, borderColor: "divider" }}>
              <SubchannelPicker
                appId={appId}
                channelId={channelId}
                value={subchannel}
                onChange={(next) => onSubchannelChange?.(next)}
              />
            </Box>
          )}
          <Box
            ref={scrollRef}
            onScroll={(event) => {
              const element = event.currentTarget;
              isFollowingRef.current =
                element.scrollHeight - element.scrollTop - element.clientHeight < FOLLOW_THRESHOLD_PX;
            }}
            sx={{ flex: 1, minHeight: 0, overflowY: "auto", py: 1 }}
          >
            {history.status === "loading" && (
              <Stack spacing={1.5} sx={{ px: 2 }} aria-busy>
                {[0, 1, 2, 3].map((key) => (
                  <Skeleton key={key} variant="rounded" height={44} />
                ))}
              </Stack>
            )}
            {history.status === "error" && (
              <Alert
                severity="error"
                sx={{ mx: 2 }}
                action={
                  <Button color="inherit" size="small" onClick={() => void history.reload()}>
                    {t("common.retry")}
                  </Button>
                }
              >
                {errorText(history.error)}
              </Alert>
            )}
            {history.status === "ready" && history.hasOlder && (
              <Box sx={{ display: "flex", justifyContent: "center", py: 1 }}>
                <Button
                  size="small"
                  onClick={loadOlder}
                  disabled={history.isLoadingOlder}
                  startIcon={history.isLoadingOlder ? <CircularProgress size={14} /> : undefined}
                >
                  {t("chat.loadOlder")}
                </Button>
              </Box>
            )}
            {history.status === "ready" && messageCount === 0 && (
              <Typography color="text.secondary" sx={{ textAlign: "center", py: 6, px: 2 }}>
                {t("chat.empty")}
              </Typography>
            )}
            <MessageList
              messages={history.messages}
              showMetadata={showMetadata}
              isSelecting={isSelecting}
              selectedIds={selectedIds}
              onToggleSelect={toggleSelect}
              onDelete={(message: TMessage) => setDeleting([message.id])}
            />
          </Box>
          {detail.data?.channel.isFrozen && (
            <Alert severity="info" icon={<AcUnitRounded fontSize="small" />} sx={{ mx: 1.5, mt: 1 }}>
              {t("chat.frozenNotice")}
            </Alert>
          )}
          <MessageComposer onSend={send} disabled={!detail.data} />
        </Paper>
        <Box sx={{ height: { xs: 560, lg: "calc(100vh - 250px)" }, minHeight: 420 }}>
          {isTestUserOpen ? (
            <Suspense fallback={<Skeleton variant="rounded" height="100%" aria-busy />}>
              <TestUserPanel
                appId={appId}
                channelId={channelId}
                onClose={() => setIsTestUserOpen(false)}
                onMessageSent={onTestMessageSent}
              />
            </Suspense>
          ) : (
            <MembersPanel appId={appId} channelId={channelId} />
          )}
        </Box>
      </Box>
      {detail.data && isEditOpen && (
        <EditChannelDialog appId={appId} detail={detail.data} open onClose={() => setIsEditOpen(false)} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t("chat.deleteTitle", { count: deleting?.length ?? 0 })}
        body={t("chat.deleteBody", { count: deleting?.length ?? 0 })}
        confirmLabel={t("common.delete")}
        isPending={deleteMessages.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
