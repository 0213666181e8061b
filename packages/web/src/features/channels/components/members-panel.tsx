import MoreVertRounded from "@mui/icons-material/MoreVertRounded";
import PersonAddRounded from "@mui/icons-material/PersonAddRounded";
import {
  Alert,
  Avatar,
  Badge,
  Box,
  Button,
  Chip,
  IconButton,
  List,
  ListItem,
  ListItemAvatar,
  ListItemButton,
  ListItemText,
  Menu,
  MenuItem,
  Paper,
  Skeleton,
  Tab,
  Tabs,
  Typography,
} from "@mui/material";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { useSubmission } from "@/components/form/use-submission";
import { SearchField } from "@/components/search-field";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { useErrorSnackbar, useErrorText } from "@/hooks/use-error-text";
import { useFormat } from "@/hooks/use-format";
import { inlineErrors } from "@/lib/mutation-errors";
import { useBanMember } from "../api/ban-member";
import { useChangeOwner } from "../api/change-owner";
import { useMemberCounts } from "../api/get-member-counts";
import { type MemberRow, useMembers } from "../api/get-members";
import type { MemberListKind } from "../api/keys";
import { useRemoveMember } from "../api/remove-member";
import { useUnbanMember } from "../api/unban-member";
import { useUnmuteMember } from "../api/unmute-member";
import type { LiveMemberState } from "../lib/use-live-members";
import { AddMembersDialog } from "./add-members-dialog";
import { MemberDetailDialog } from "./member-detail-dialog";
import { MuteDialog } from "./mute-dialog";

const KINDS: MemberListKind[] = ["members", "muted", "banned"];

type ConfirmAction = "ban" | "remove" | "owner";

function isMutedNow(row: MemberRow) {
  return row.mutedUntil !== null && new Date(row.mutedUntil).getTime() > Date.now();
}

function MemberItem({
  row,
  kind,
  live,
  onOpen,
  onMenu,
}: {
  row: MemberRow;
  kind: MemberListKind;
  live: LiveMemberState | undefined;
  onOpen: (row: MemberRow) => void;
  onMenu: (anchor: HTMLElement, row: MemberRow) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const isMember = kind !== "banned";
  const isOnline = live?.presence.get(row.userId) ?? row.isOnline ?? false;
  // A live mark only moves forward; the list's may be newer after a refetch.
  const readSeq = Math.max(live?.readSeq.get(row.userId) ?? 0, row.lastReadSeq ?? 0);
  const readText = readSeq > 0 ? t("members.readUpTo", { seq: format.number(readSeq) }) : t("members.nothingRead");
  const secondary =
    kind === "banned" && row.bannedAt
      ? t("members.bannedAt", { time: format.dateTime(row.bannedAt) })
      : isMutedNow(row) && row.mutedUntil
        ? t("members.mutedUntilShort", { time: format.dateTime(row.mutedUntil) })
        : `${row.userId} · ${readText}`;
  const avatar = (
    <Avatar src={row.profileImageUrl || undefined} alt="" sx={{ width: 32, height: 32 }}>
      {row.nickname.slice(0, 1).toUpperCase()}
    </Avatar>
  );
  const content = (
    <>
      <ListItemAvatar sx={{ minWidth: 44 }}>
        {isMember ? (
          <Badge
            variant="dot"
            overlap="circular"
            anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
            data-testid="presence"
            data-online={isOnline}
            aria-label={t(isOnline ? "members.online" : "members.offline")}
            role="img"
            sx={{
              "& .MuiBadge-badge": {
                bgcolor: isOnline ? "success.main" : "grey.400",
                boxShadow: "0 0 0 2px white",
              },
            }}
          >
            {avatar}
          </Badge>
        ) : (
          avatar
        )}
      </ListItemAvatar>
      <ListItemText
        primary={
          <Box component="span" sx={{ display: "inline-flex", alignItems: "center", gap: 0.75, minWidth: 0 }}>
            <Box component="span" sx={{ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>
              {row.nickname}
            </Box>
            {row.role === "owner" && (
              <Chip size="small" color="primary" label={t("members.role.owner")} sx={{ height: 20 }} />
            )}
            {row.role === "moderator" && (
              <Chip size="small" variant="outlined" label={t("members.role.moderator")} sx={{ height: 20 }} />
            )}
          </Box>
        }
        secondary={secondary}
        slotProps={{ secondary: { noWrap: true } }}
      />
    </>
  );
  return (
    <ListItem
      disablePadding
      secondaryAction={
        <IconButton
          edge="end"
          size="small"
          aria-label={t("members.actionsFor", { name: row.nickname })}
          onClick={(event) => onMenu(event.currentTarget, row)}
        >
          <MoreVertRounded fontSize="small" />
        </IconButton>
      }
    >
      {kind === "banned" ? (
        <Box sx={{ display: "flex", alignItems: "center", px: 2, py: 0.75, minWidth: 0, width: "100%", pr: 6 }}>
          {content}
        </Box>
      ) : (
        <ListItemButton onClick={() => onOpen(row)} sx={{ pr: 6 }}>
          {content}
        </ListItemButton>
      )}
    </ListItem>
  );
}

/** Members, muted and banned users of one channel, with every moderation action of spec section 6. */
export function MembersPanel({
  appId,
  channelId,
  live,
  onWatchPresence,
}: {
  appId: string;
  channelId: string;
  live?: LiveMemberState;
  /** The members on screen, whose presence the chat view's socket should follow. */
  onWatchPresence?: (userIds: string[]) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const errorText = useErrorText();
  const { showSnackbar } = useSnackbar();
  const [kind, setKind] = useState<MemberListKind>("members");
  const [searchInput, setSearchInput] = useState("");
  const search = useDebouncedValue(searchInput.trim());
  const counts = useMemberCounts(appId, channelId);
  const list = useMembers(appId, channelId, kind, search);
  const rows = list.data?.pages.flatMap((page) => page.rows) ?? [];
  const watchedKey = kind === "banned" ? "" : rows.map((row) => row.userId).join("\n");
  useEffect(() => {
    onWatchPresence?.(watchedKey ? watchedKey.split("\n") : []);
  }, [watchedKey, onWatchPresence]);

  const [menu, setMenu] = useState<{ anchor: HTMLElement; row: MemberRow } | null>(null);
  const [isAddOpen, setIsAddOpen] = useState(false);
  const [muting, setMuting] = useState<MemberRow | null>(null);
  const [detailUserId, setDetailUserId] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<{ action: ConfirmAction; row: MemberRow } | null>(null);

  const unmute = useUnmuteMember(appId, channelId);
  const ban = useBanMember(appId, channelId, inlineErrors);
  const unban = useUnbanMember(appId, channelId);
  const remove = useRemoveMember(appId, channelId, inlineErrors);
  const changeOwner = useChangeOwner(appId, channelId, inlineErrors);
  const confirmation = useSubmission();

  const showError = useErrorSnackbar();
  const done = (key: string, row: MemberRow) => () =>
    showSnackbar(t(key, { name: row.nickname }), { severity: "success" });

  const runConfirmed = () => {
    if (!confirm) return;
    const { action, row } = confirm;
    const body = { appId, channelId, userId: row.userId };
    const actions = {
      ban: { mutation: ban, doneKey: "members.banned" },
      remove: { mutation: remove, doneKey: "members.removed" },
      owner: { mutation: changeOwner, doneKey: "members.ownerChanged" },
    } as const;
    const { mutation, doneKey } = actions[action];
    void confirmation.run({
      request: () => mutation.mutateAsync(body),
      onSuccess: () => {
        setConfirm(null);
        done(doneKey, row)();
      },
      onError: (error) => {
        setConfirm(null);
        showError(error);
      },
    });
  };

  const menuRow = menu?.row;
  const closeMenu = () => setMenu(null);
  const menuItems = menuRow
    ? kind === "banned"
      ? [
          <MenuItem
            key="unban"
            onClick={() => {
              closeMenu();
              unban.mutate(
                { appId, channelId, userId: menuRow.userId },
                { onSuccess: done("members.unbanned", menuRow) },
              );
            }}
          >
            {t("members.unban")}
          </MenuItem>,
        ]
      : [
          <MenuItem
            key="info"
            onClick={() => {
              closeMenu();
              setDetailUserId(menuRow.userId);
            }}
          >
            {t("members.viewInfo")}
          </MenuItem>,
          isMutedNow(menuRow) ? (
            <MenuItem
              key="unmute"
              onClick={() => {
                closeMenu();
                unmute.mutate(
                  { appId, channelId, userId: menuRow.userId },
                  { onSuccess: done("members.unmuted", menuRow) },
                );
              }}
            >
              {t("members.unmute")}
            </MenuItem>
          ) : (
            <MenuItem
              key="mute"
              onClick={() => {
                closeMenu();
                setMuting(menuRow);
              }}
            >
              {t("members.mute")}
            </MenuItem>
          ),
          menuRow.role !== "owner" && (
            <MenuItem
              key="owner"
              onClick={() => {
                closeMenu();
                setConfirm({ action: "owner", row: menuRow });
              }}
            >
              {t("members.makeOwner")}
            </MenuItem>
          ),
          <MenuItem
            key="remove"
            onClick={() => {
              closeMenu();
              setConfirm({ action: "remove", row: menuRow });
            }}
          >
            {t("members.remove")}
          </MenuItem>,
          <MenuItem
            key="ban"
            sx={{ color: "error.main" }}
            onClick={() => {
              closeMenu();
              setConfirm({ action: "ban", row: menuRow });
            }}
          >
            {t("members.ban")}
          </MenuItem>,
        ]
    : [];

  return (
    <Paper variant="outlined" sx={{ display: "flex", flexDirection: "column", minHeight: 0, height: "100%" }}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, px: 2, pt: 1.5 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {t("members.title")}
        </Typography>
        <Button size="small" startIcon={<PersonAddRounded />} onClick={() => setIsAddOpen(true)}>
          {t("members.add")}
        </Button>
      </Box>
      <Tabs
        value={kind}
        onChange={(_event, value: MemberListKind) => setKind(value)}
        variant="fullWidth"
        aria-label={t("members.title")}
        sx={{ borderBottom: 1, borderColor: "divider", minHeight: 44 }}
      >
        {KINDS.map((option) => (
          <Tab
            key={option}
            value={option}
            sx={{ minHeight: 44, px: 1 }}
            label={`${t(`members.tabs.${option}`)} ${counts.data ? format.number(counts.data[option]) : ""}`.trim()}
          />
        ))}
      </Tabs>
      <Box sx={{ p: 1.5 }}>
        <SearchField value={searchInput} onChange={setSearchInput} label={t("members.search")} />
      </Box>
      <Box sx={{ flex: 1, minHeight: 0, overflowY: "auto" }}>
        {list.isPending && (
          <Box sx={{ px: 2 }} aria-busy>
            {[0, 1, 2].map((key) => (
              <Skeleton key={key} height={48} />
            ))}
          </Box>
        )}
        {list.isError && (
          <Alert severity="error" sx={{ mx: 1.5 }}>
            {errorText(list.error)}
          </Alert>
        )}
        {list.isSuccess && rows.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 3, textAlign: "center" }}>
            {search ? t("members.noMatch") : t(`members.empty.${kind}`)}
          </Typography>
        )}
        <List dense disablePadding aria-label={t(`members.tabs.${kind}`)}>
          {rows.map((row) => (
            <MemberItem
              key={row.userId}
              row={row}
              kind={kind}
              live={live}
              onOpen={(member) => setDetailUserId(member.userId)}
              onMenu={(anchor, member) => setMenu({ anchor, row: member })}
            />
          ))}
        </List>
        {list.hasNextPage && (
          <Box sx={{ display: "flex", justifyContent: "center", py: 1 }}>
            <Button size="small" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
              {t("common.loadMore")}
            </Button>
          </Box>
        )}
      </Box>
      <Menu anchorEl={menu?.anchor} open={menu !== null} onClose={closeMenu}>
        {menuItems}
      </Menu>
      <AddMembersDialog appId={appId} channelId={channelId} open={isAddOpen} onClose={() => setIsAddOpen(false)} />
      <MuteDialog appId={appId} channelId={channelId} member={muting} onClose={() => setMuting(null)} />
      <MemberDetailDialog
        appId={appId}
        channelId={channelId}
        userId={detailUserId}
        onClose={() => setDetailUserId(null)}
      />
      <ConfirmDialog
        open={confirm !== null}
        title={confirm ? t(`members.confirm.${confirm.action}.title`) : ""}
        body={confirm ? t(`members.confirm.${confirm.action}.body`, { name: confirm.row.nickname }) : ""}
        confirmLabel={confirm ? t(`members.confirm.${confirm.action}.action`) : ""}
        isDestructive={confirm?.action !== "owner"}
        submission={confirmation}
        onConfirm={runConfirmed}
        onClose={() => setConfirm(null)}
      />
    </Paper>
  );
}
