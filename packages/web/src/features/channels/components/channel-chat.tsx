import AcUnitRounded from "@mui/icons-material/AcUnitRounded";
import { Alert, Box, Button, CircularProgress, Paper, Skeleton, Stack, Typography } from "@mui/material";
import type { TChannelDetailResponse, TChatEvent, TMessage, TTransientEvent } from "@parley/contract";
import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useNavigate } from "react-router";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { PageHeader } from "@/components/page-header";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { paths } from "@/config/paths";
import { useErrorText } from "@/hooks/use-error-text";
import { isApiError } from "@/lib/api-client";
import { withTimeout } from "@/lib/lazy-route";
import { scrollBehavior } from "@/lib/motion";
import { useDeleteMessages } from "../api/delete-messages";
import { useChannel } from "../api/get-channel";
import { channelKeys } from "../api/keys";
import { useSendAdminMessage } from "../api/send-admin-message";
import { readShowMetadata, storeFrozenFlag, storeShowMetadata } from "../lib/chat-preferences";
import { createChatEventHub, isThreadOnly, patchOf } from "../lib/message-events";
import { useChannelMessages } from "../lib/use-channel-messages";
import { useChatSocket } from "../lib/use-chat-socket";
import { useLiveMembers } from "../lib/use-live-members";
import { EditChannelDialog } from "./channel-form-dialog";
import { ChatHeader } from "./chat-header";
import { ChatToolbar } from "./chat-toolbar";
import { MembersPanel } from "./members-panel";
import { MessageComposer } from "./message-composer";
import { type MessageActions, MessageList } from "./message-list";
import { usePinToggle, useReactionRemoval } from "./message-moderation";
import { PinnedStrip } from "./pinned-strip";
import { SubchannelPicker } from "./subchannel-picker";
import { ThreadPanel } from "./thread-panel";

// The test user's side runs the SDK: it loads only when the owner opens it, not with every chat view.
const TestUserPanel = lazy(() => withTimeout(import("./test-user-panel")).then((m) => ({ default: m.TestUserPanel })));

/** Within this many pixels of the bottom the view follows new messages; further up, the reader keeps their place. */
const FOLLOW_THRESHOLD_PX = 120;

/** Older history pages loaded at most to reach a message the view was opened at. */
const FOCUS_PAGES_MAX = 20;

/**
 * `/apps/:id/channels/:channelId`: history, live messages, admin messages, moderation, and beside them the channel
 * as a test user sees it. `onTestMessageSent` runs after each message sent as a test user. In a super group with
 * subchannels, `subchannel` is the one watched (all when absent); `onSubchannelChange` picks another. `focusSeq`
 * opens the view at that message (a search result's "open in context"), loading older history until it is there.
 */
export function ChannelChat({
  appId,
  channelId,
  subchannel,
  onSubchannelChange,
  onTestMessageSent,
  focusSeq,
}: {
  appId: string;
  channelId: string;
  subchannel?: number | undefined;
  focusSeq?: number | undefined;
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
  const [threadId, setThreadId] = useState<string | null>(null);
  const hub = useMemo(createChatEventHub, []);
  const members = useLiveMembers();
  const scrollRef = useRef<HTMLDivElement>(null);
  const isFollowingRef = useRef(true);
  const olderAnchorRef = useRef<number | null>(null);

  const isFrozen = detail.data?.channel.isFrozen;
  useEffect(() => {
    if (isFrozen !== undefined) storeFrozenFlag(channelId, isFrozen);
  }, [channelId, isFrozen]);

  const { addMessages, removeMessages, patchMessage, catchUp } = history;
  const { read, presenceChanged } = members;
  const onEvent = useCallback(
    (event: TChatEvent) => {
      const detailKey = channelKeys.detail(appId, channelId);
      // The thread panel hears every event too, and takes its thread's.
      hub.event(event);
      switch (event.type) {
        case "message.created":
          if (event.message && !isThreadOnly(event.message)) addMessages([event.message]);
          return;
        case "message.deleted":
          if (event.messageId) {
            const gone = event.messageId;
            removeMessages([gone]);
            setThreadId((open) => (open === gone ? null : open));
          }
          return;
        case "message.updated":
        case "reaction.added":
        case "reaction.removed":
        case "thread.updated": {
          const patch = patchOf(event);
          if (patch) patchMessage(patch);
          return;
        }
        case "channel.read":
          if (event.userId && event.seq !== undefined) read(event.userId, event.seq);
          return;
        case "channel.changed":
        case "channel.frozen":
        case "channel.unfrozen":
        case "message.pinned":
        case "message.unpinned":
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
      hub,
      addMessages,
      removeMessages,
      patchMessage,
      read,
      queryClient,
      showSnackbar,
      navigate,
      t,
    ],
  );
  const onSubscribed = useCallback(
    ({ isResubscribe }: { isResubscribe: boolean }) => {
      catchUp({ isResubscribe }).catch((error: unknown) =>
        console.warn("Could not catch up on missed messages", error),
      );
      if (isResubscribe) hub.subscribed();
    },
    [catchUp, hub],
  );
  const onTransient = useCallback(
    (event: TTransientEvent) => {
      if (event.type === "user.presence") presenceChanged(event.userId, event.isOnline);
    },
    [presenceChanged],
  );
  const { status: socketStatus, watchPresence } = useChatSocket({
    appId,
    channelId,
    subchannel,
    onEvent,
    onSubscribed,
    onTransient,
  });
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

  // Opening at a message: older pages load one after another until it is on screen, then it is scrolled to and
  // flashed. Bounded, so a message far back (or gone) costs a few requests and a notice, not the whole history.
  const focusRef = useRef({ isDone: focusSeq === undefined, pagesLoaded: 0 });
  const focusedId = focusSeq === undefined ? undefined : history.messages.find((m) => m.seq === focusSeq)?.id;
  const oldestSeq = history.messages[0]?.seq;
  // biome-ignore lint/correctness/useExhaustiveDependencies: loadOlder and the snackbar are stable in what they do; the history's state is the trigger.
  useEffect(() => {
    const focus = focusRef.current;
    if (focus.isDone || focusSeq === undefined || history.status !== "ready" || history.isLoadingOlder) return;
    if (focusedId) {
      focus.isDone = true;
      isFollowingRef.current = false;
      const element = scrollRef.current?.querySelector<HTMLElement>(`[data-message-id="${focusedId}"]`);
      element?.scrollIntoView({ block: "center" });
      element?.animate?.([{ backgroundColor: "rgba(255, 193, 7, 0.45)" }, { backgroundColor: "transparent" }], {
        duration: 2500,
      });
      return;
    }
    if (history.hasOlder && oldestSeq !== undefined && oldestSeq > focusSeq && focus.pagesLoaded < FOCUS_PAGES_MAX) {
      focus.pagesLoaded += 1;
      isFollowingRef.current = false;
      loadOlder();
      return;
    }
    focus.isDone = true;
    showSnackbar(t("chat.focusNotFound"), { severity: "info" });
  }, [focusSeq, focusedId, oldestSeq, history.status, history.isLoadingOlder, history.hasOlder]);

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

  const pinnedIds = detail.data?.channel.pinnedMessageIds;
  const pinnedSet = useMemo(() => new Set(pinnedIds ?? []), [pinnedIds]);
  const heldById = useMemo(() => new Map(history.messages.map((m) => [m.id, m])), [history.messages]);
  const togglePin = usePinToggle(appId, channelId);
  const reactionRemoval = useReactionRemoval(appId, channelId, patchMessage);
  const actions: MessageActions = {
    pinnedIds: pinnedSet,
    onTogglePin: (message, pin) => togglePin(message.id, pin),
    onRemoveReaction: reactionRemoval.ask,
  };
  const showPinned = (messageId: string) => {
    const element = scrollRef.current?.querySelector(`[data-message-id="${messageId}"]`);
    if (element) element.scrollIntoView({ block: "center", behavior: scrollBehavior() });
    else showSnackbar(t("chat.pinnedNotLoaded"), { severity: "info" });
  };
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
          hub.removed(messageIds);
          setThreadId((open) => (open && messageIds.includes(open) ? null : open));
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
          <ChatToolbar
            status={socketStatus}
            selectedCount={isSelecting ? selectedIds.size : null}
            onCancelSelection={stopSelecting}
            onDeleteSelected={() => setDeleting([...selectedIds])}
            showMetadata={showMetadata}
            onShowMetadataChange={(next) => {
              setShowMetadata(next);
              storeShowMetadata(next);
            }}
          />
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
          <PinnedStrip
            appId={appId}
            channelId={channelId}
            pinnedIds={pinnedIds ?? []}
            heldMessages={heldById}
            onShow={showPinned}
            onUnpin={(messageId) => togglePin(messageId, false)}
          />
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
              actions={{ ...actions, onOpenThread: setThreadId }}
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
          {threadId && (
            <ThreadPanel
              key={threadId}
              appId={appId}
              channelId={channelId}
              parentMessageId={threadId}
              parent={heldById.get(threadId)}
              hub={hub}
              showMetadata={showMetadata}
              actions={actions}
              onDelete={(message) => setDeleting([message.id])}
              onClose={() => setThreadId(null)}
            />
          )}
          {/* Kept mounted under an open thread, so a test user's session and the members' state stay. */}
          <Box sx={{ height: "100%", display: threadId ? "none" : "block" }}>
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
              <MembersPanel appId={appId} channelId={channelId} live={members.live} onWatchPresence={watchPresence} />
            )}
          </Box>
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
      {reactionRemoval.dialog}
    </>
  );
}
