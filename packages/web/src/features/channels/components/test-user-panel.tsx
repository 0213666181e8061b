import CloseRounded from "@mui/icons-material/CloseRounded";
import PersonAddRounded from "@mui/icons-material/PersonAddRounded";
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  IconButton,
  MenuItem,
  Paper,
  Skeleton,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import { isErrorCode, type TMessage } from "@parley/contract";
import { isParleyError, ParleyConnectionError } from "@parley/sdk";
import { useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { useErrorText } from "@/hooks/use-error-text";
import { useFormat } from "@/hooks/use-format";
import { inlineErrors } from "@/lib/mutation-errors";
import { useAddMembers } from "../api/add-members";
import { useCreateTestUser } from "../api/create-test-user";
import { useChannel } from "../api/get-channel";
import { useTestUsers } from "../api/get-test-users";
import { useTestUserChat } from "../lib/use-test-user-chat";
import { MessageComposer } from "./message-composer";

/** The catalogue text of a dashboard or an SDK failure; an SDK call that got no answer reads as "retry". */
function useAnyErrorText() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (error: unknown) => {
    if (isParleyError(error) && isErrorCode(error.code)) return t(`ERROR_${error.code}`);
    if (error instanceof ParleyConnectionError) return t("ERROR_002");
    return errorText(error);
  };
}

function Bubble({ message, isOwn }: { message: TMessage; isOwn: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const name = message.type === "admin" || !message.sender ? t("chat.admin") : message.sender.nickname;
  return (
    <Box
      component="li"
      data-testid="test-user-message"
      sx={{ display: "flex", flexDirection: "column", alignItems: isOwn ? "flex-end" : "flex-start", px: 1.5 }}
    >
      {!isOwn && (
        <Typography variant="caption" sx={{ fontWeight: 700, px: 0.5 }}>
          {name}
        </Typography>
      )}
      <Box
        sx={{
          maxWidth: "85%",
          px: 1.25,
          py: 0.75,
          borderRadius: 2,
          bgcolor: isOwn ? "primary.main" : message.type === "admin" ? "rgba(63, 81, 181, 0.08)" : "grey.100",
          color: isOwn ? "primary.contrastText" : "text.primary",
        }}
      >
        <Typography variant="body2" sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          {message.text || message.file?.name}
        </Typography>
      </Box>
      <Typography
        variant="caption"
        color="text.secondary"
        component="time"
        dateTime={message.createdAt}
        sx={{ px: 0.5 }}
      >
        {format.dateTime(message.createdAt)}
      </Typography>
    </Box>
  );
}

/** The conversation as one test user sees it, with joining and sending through the chat API. */
function TestUserConversation({
  appId,
  channelId,
  userId,
  nickname,
  onMessageSent,
}: {
  appId: string;
  channelId: string;
  userId: string;
  nickname: string;
  onMessageSent?: () => void;
}) {
  const { t } = useTranslation();
  const anyErrorText = useAnyErrorText();
  const { showSnackbar } = useSnackbar();
  const chat = useTestUserChat({ appId, channelId, userId });
  const detail = useChannel(appId, channelId);
  // Its failures show with the SDK's failures of the same step, in `join`.
  const addMembers = useAddMembers(appId, channelId, inlineErrors);
  const [isJoining, setIsJoining] = useState(false);
  const scrollRef = useRef<HTMLDivElement>(null);

  const messageCount = chat.messages.length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new message is the trigger to follow.
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [messageCount]);

  const join = async () => {
    const channel = detail.data;
    if (!channel) return;
    setIsJoining(true);
    try {
      // An invitation-only channel takes no self-join (3031): the dashboard adds the user, as an admin would.
      if (channel.channel.type === "private_invite") {
        await addMembers.mutateAsync({ appId, channelId, userIds: [userId] });
        await chat.reload();
      } else {
        await chat.join(channel.channel.type === "private" ? channel.inviteCode : undefined);
      }
    } catch (error) {
      showSnackbar(anyErrorText(error), { severity: "error" });
    } finally {
      setIsJoining(false);
    }
  };

  const send = async (text: string) => {
    try {
      await chat.send(text);
      onMessageSent?.();
      return true;
    } catch (error) {
      showSnackbar(anyErrorText(error), { severity: "error" });
      return false;
    }
  };

  return (
    <>
      <Box
        sx={{ display: "flex", alignItems: "center", gap: 1, px: 2, py: 1, borderBottom: 1, borderColor: "divider" }}
      >
        <Chip
          size="small"
          variant="outlined"
          color={chat.connection === "open" ? "success" : chat.connection === "reconnecting" ? "warning" : "default"}
          label={t(`testChat.connection.${chat.connection}`)}
          data-testid="test-user-connection"
        />
        <Typography variant="caption" color="text.secondary" noWrap sx={{ minWidth: 0 }}>
          {t("testChat.signedInAs", { nickname, userId })}
        </Typography>
      </Box>
      <Box ref={scrollRef} sx={{ flex: 1, minHeight: 0, overflowY: "auto", py: 1 }}>
        {chat.phase === "starting" && (
          <Stack spacing={1.5} sx={{ px: 2 }} aria-busy>
            {[0, 1, 2].map((key) => (
              <Skeleton key={key} variant="rounded" height={36} />
            ))}
          </Stack>
        )}
        {chat.phase === "failed" && (
          <Alert severity="error" sx={{ mx: 2 }}>
            {anyErrorText(chat.error)}
          </Alert>
        )}
        {chat.phase === "notMember" && (
          <Stack spacing={1.5} sx={{ px: 2, py: 3, alignItems: "center", textAlign: "center" }}>
            <Typography variant="body2" color="text.secondary">
              {t("testChat.notMember", { nickname })}
            </Typography>
            <Button variant="contained" size="small" loading={isJoining} disabled={!detail.data} onClick={join}>
              {t("testChat.join", { nickname })}
            </Button>
          </Stack>
        )}
        {chat.phase === "ready" && messageCount === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: "center", py: 4, px: 2 }}>
            {t("testChat.empty")}
          </Typography>
        )}
        {chat.phase === "ready" && (
          <Stack component="ol" spacing={1} aria-label={t("testChat.messages", { nickname })} sx={{ m: 0, p: 0 }}>
            {chat.messages.map((message) => (
              <Bubble key={message.id} message={message} isOwn={message.sender?.userId === userId} />
            ))}
          </Stack>
        )}
      </Box>
      <MessageComposer
        onSend={send}
        disabled={chat.phase !== "ready"}
        label={t("testChat.composerLabel", { nickname })}
      />
    </>
  );
}

/**
 * "Chat as a test user": the owner picks or makes a test user of the app and talks in this channel as that user,
 * through the same chat API and WebSocket an app uses, while the main view shows the channel as the admin sees it.
 */
export function TestUserPanel({
  appId,
  channelId,
  onClose,
  onMessageSent,
}: {
  appId: string;
  channelId: string;
  onClose: () => void;
  onMessageSent?: () => void;
}) {
  const { t } = useTranslation();
  const anyErrorText = useAnyErrorText();
  const testUsers = useTestUsers(appId);
  const createTestUser = useCreateTestUser(appId);
  const [pickedId, setPickedId] = useState<string | null>(null);
  const users = testUsers.data ?? [];
  // Until the owner picks one, the newest test user is the one chatting.
  const current = users.find((user) => user.userId === pickedId) ?? users[0];

  const create = () =>
    createTestUser.mutate(
      { appId, body: { nickname: t("testChat.defaultNickname", { number: users.length + 1 }) } },
      { onSuccess: (user) => setPickedId(user.userId) },
    );

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={t("testChat.title")}
      data-testid="test-user-panel"
      sx={{ display: "flex", flexDirection: "column", height: "100%" }}
    >
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, pl: 2, pr: 1, pt: 1.5, pb: 0.5 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
            {t("testChat.title")}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p">
            {t("testChat.description")}
          </Typography>
        </Box>
        <Tooltip title={t("testChat.close")}>
          <IconButton aria-label={t("testChat.close")} onClick={onClose} size="small">
            <CloseRounded />
          </IconButton>
        </Tooltip>
      </Box>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, px: 2, py: 1 }}>
        {testUsers.isPending && <Skeleton variant="rounded" height={40} sx={{ flex: 1 }} />}
        {testUsers.isError && (
          <Alert
            severity="error"
            sx={{ flex: 1 }}
            action={
              <Button color="inherit" size="small" onClick={() => void testUsers.refetch()}>
                {t("common.retry")}
              </Button>
            }
          >
            {anyErrorText(testUsers.error)}
          </Alert>
        )}
        {current && (
          <TextField
            select
            size="small"
            label={t("testChat.user")}
            value={current.userId}
            onChange={(event) => setPickedId(event.target.value)}
            // The box shows the nickname alone; the list and the line below name the user ID too.
            slotProps={{ select: { renderValue: () => current.nickname } }}
            sx={{ flex: 1, minWidth: 0 }}
          >
            {users.map((user) => (
              <MenuItem key={user.userId} value={user.userId}>
                {`${user.nickname} (${user.userId})`}
              </MenuItem>
            ))}
          </TextField>
        )}
        {current && (
          <Tooltip title={t("testChat.create")}>
            <span>
              <IconButton
                aria-label={t("testChat.create")}
                onClick={create}
                disabled={createTestUser.isPending}
                color="primary"
              >
                {createTestUser.isPending ? <CircularProgress size={20} /> : <PersonAddRounded />}
              </IconButton>
            </span>
          </Tooltip>
        )}
      </Box>
      {testUsers.isSuccess && !current && (
        <Stack spacing={1.5} sx={{ px: 2, py: 3, alignItems: "center", textAlign: "center" }}>
          <Typography variant="body2" color="text.secondary">
            {t("testChat.noUsers")}
          </Typography>
          <Button
            variant="contained"
            size="small"
            startIcon={<PersonAddRounded />}
            loading={createTestUser.isPending}
            onClick={create}
          >
            {t("testChat.create")}
          </Button>
        </Stack>
      )}
      {current && (
        <TestUserConversation
          key={current.userId}
          appId={appId}
          channelId={channelId}
          userId={current.userId}
          nickname={current.nickname}
          onMessageSent={onMessageSent}
        />
      )}
    </Paper>
  );
}
