import {
  Alert,
  Avatar,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  FormControlLabel,
  FormHelperText,
  List,
  ListItem,
  ListItemText,
  Skeleton,
  Switch,
  Typography,
} from "@mui/material";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useErrorText } from "@/hooks/use-error-text";
import { useFormat } from "@/hooks/use-format";
import { useMemberInfo } from "../api/get-member-info";
import { useMemberMessages } from "../api/get-member-messages";
import { useMemberShadowBan } from "../api/get-member-shadow-ban";
import { useSetMemberShadowBan } from "../api/set-member-shadow-ban";
import { MemberRoleSelect } from "./member-role-select";

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0 }}>
        {value}
      </Typography>
    </Box>
  );
}

/** The member's shadow ban in this channel: their new messages here are seen by them only. */
function ShadowBanToggle({ appId, channelId, userId }: { appId: string; channelId: string; userId: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const helperId = useId();
  const state = useMemberShadowBan(appId, channelId, userId);
  const setShadowBan = useSetMemberShadowBan(appId, channelId);
  if (state.isError) return <Alert severity="error">{errorText(state.error)}</Alert>;
  return (
    <Box sx={{ mt: 2 }}>
      <FormControlLabel
        control={
          <Switch
            checked={state.data?.shadowBanned ?? false}
            disabled={!state.data || setShadowBan.isPending}
            onChange={(event) => setShadowBan.mutate({ appId, channelId, userId, shadowBanned: event.target.checked })}
            slotProps={{ input: { "aria-describedby": helperId } }}
          />
        }
        label={t("members.shadowBan")}
      />
      <FormHelperText id={helperId} sx={{ mt: 0 }}>
        {t("members.shadowBanHelp")}
      </FormHelperText>
    </Box>
  );
}

function MemberDetail({ appId, channelId, userId }: { appId: string; channelId: string; userId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const errorText = useErrorText();
  const info = useMemberInfo(appId, channelId, userId);
  const messages = useMemberMessages(appId, channelId, userId);
  const member = info.data;
  const isMuted = member?.mutedUntil ? new Date(member.mutedUntil).getTime() > Date.now() : false;

  return (
    <>
      {info.isPending && <Skeleton variant="rounded" height={96} aria-busy />}
      {info.isError && <Alert severity="error">{errorText(info.error)}</Alert>}
      {member && (
        <>
          <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, mb: 2 }}>
            <Avatar src={member.profileImageUrl || undefined} alt="">
              {member.nickname.slice(0, 1).toUpperCase()}
            </Avatar>
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>{member.nickname}</Typography>
              <Typography
                variant="body2"
                color="text.secondary"
                sx={{ fontFamily: "monospace", overflowWrap: "anywhere" }}
              >
                {member.userId}
              </Typography>
            </Box>
            <Box sx={{ flex: 1 }} />
            <Chip
              size="small"
              label={t(`members.role.${member.role}`)}
              color={member.role === "owner" ? "primary" : "default"}
            />
          </Box>
          <Box component="dl" sx={{ display: "grid", gridTemplateColumns: "1fr 1fr", gap: 1.5, m: 0 }}>
            <Fact label={t("members.joinedAt")} value={format.dateTime(member.joinedAt)} />
            <Fact
              label={t("members.mutedUntil")}
              value={isMuted && member.mutedUntil ? format.dateTime(member.mutedUntil) : t("members.notMuted")}
            />
            <Fact label={t("members.userStatus")} value={t(member.isActive ? "members.active" : "members.suspended")} />
          </Box>
          <MemberRoleSelect
            appId={appId}
            channelId={channelId}
            userId={userId}
            nickname={member.nickname}
            current={member.role}
          />
          <ShadowBanToggle appId={appId} channelId={channelId} userId={userId} />
        </>
      )}
      <Divider sx={{ my: 2 }} />
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {t("members.recentMessages")}
      </Typography>
      {messages.isPending && <Skeleton variant="rounded" height={80} aria-busy />}
      {messages.isError && <Alert severity="error">{errorText(messages.error)}</Alert>}
      {messages.data?.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t("members.noMessages")}
        </Typography>
      )}
      {messages.data && messages.data.length > 0 && (
        <List dense disablePadding sx={{ maxHeight: 280, overflowY: "auto" }}>
          {messages.data.map((message) => (
            <ListItem key={message.id} disableGutters divider>
              <ListItemText
                primary={message.type === "file" && message.file ? message.file.name : message.text}
                secondary={
                  message.shadowed
                    ? `${format.dateTime(message.createdAt)} · ${t("chat.shadowed")}`
                    : format.dateTime(message.createdAt)
                }
                slotProps={{ primary: { sx: { overflowWrap: "anywhere", whiteSpace: "pre-wrap" } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </>
  );
}

/** A member's facts in this channel and what they wrote here lately. */
export function MemberDetailDialog({
  appId,
  channelId,
  userId,
  onClose,
}: {
  appId: string;
  channelId: string;
  userId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={userId !== null} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t("members.detailTitle")}</DialogTitle>
      <DialogContent>{userId && <MemberDetail appId={appId} channelId={channelId} userId={userId} />}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("common.close")}</Button>
      </DialogActions>
    </Dialog>
  );
}
