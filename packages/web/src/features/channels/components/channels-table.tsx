import AcUnitRounded from "@mui/icons-material/AcUnitRounded";
import AddRounded from "@mui/icons-material/AddRounded";
import DeleteOutlineRounded from "@mui/icons-material/DeleteOutlineRounded";
import EditRounded from "@mui/icons-material/EditRounded";
import ForumRounded from "@mui/icons-material/ForumRounded";
import {
  Avatar,
  Box,
  Button,
  Chip,
  IconButton,
  Link,
  MenuItem,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import { DASHBOARD_CHANNEL_KINDS, type TDashboardChannel, type TDashboardChannelKind } from "@parley/contract";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useNavigate } from "react-router";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { EmptyState } from "@/components/empty-state";
import { useSubmission } from "@/components/form/use-submission";
import { LoadError } from "@/components/load-error";
import { LoadMore } from "@/components/load-more";
import { PageHeader } from "@/components/page-header";
import { SearchField } from "@/components/search-field";
import { notOnPhone, wideOnly } from "@/components/table-cells";
import { TableRegion } from "@/components/table-region";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { visuallyHidden } from "@/components/visually-hidden";
import { paths } from "@/config/paths";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { useErrorText } from "@/hooks/use-error-text";
import { useFormat } from "@/hooks/use-format";
import { useDeleteChannel } from "../api/delete-channel";
import { useChannel } from "../api/get-channel";
import { useChannels } from "../api/get-channels";
import { forgetFrozenFlag } from "../lib/chat-preferences";
import { CreateChannelDialog, EditChannelDialog } from "./channel-form-dialog";
import { memberCountText } from "./channel-labels";

/** The edit form needs the invite code and subchannel settings, which only the detail call returns. */
function EditChannelLoader({ appId, channelId, onClose }: { appId: string; channelId: string; onClose: () => void }) {
  const errorText = useErrorText();
  const { showSnackbar } = useSnackbar();
  const detail = useChannel(appId, channelId);
  useEffect(() => {
    if (!detail.error) return;
    showSnackbar(errorText(detail.error), { severity: "error" });
    onClose();
  }, [detail.error, errorText, showSnackbar, onClose]);
  if (!detail.data) return null;
  return <EditChannelDialog appId={appId} detail={detail.data} open onClose={onClose} />;
}

function ChannelRow({
  appId,
  channel,
  onEdit,
  onDelete,
}: {
  appId: string;
  channel: TDashboardChannel;
  onEdit: (channel: TDashboardChannel) => void;
  onDelete: (channel: TDashboardChannel) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const href = paths.apps.channel.getHref(appId, channel.id);
  return (
    <TableRow hover onClick={() => navigate(href)} sx={{ cursor: "pointer" }} data-testid={`channel-row-${channel.id}`}>
      <TableCell sx={{ minWidth: 150 }}>
        <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, minWidth: 0 }}>
          <Avatar src={channel.imageUrl || undefined} alt="" variant="rounded" sx={{ width: 32, height: 32 }}>
            {channel.name.slice(0, 1).toUpperCase()}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Link
              component={RouterLink}
              to={href}
              variant="body2"
              color="inherit"
              underline="hover"
              onClick={(event) => event.stopPropagation()}
              sx={{ fontWeight: 600, wordBreak: "break-word" }}
            >
              {channel.name}
            </Link>
            <Typography variant="caption" color="text.secondary" sx={{ display: { xs: "block", sm: "none" } }}>
              {t(`channels.type.${channel.type}`)}
            </Typography>
            {channel.brand && (
              <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 0.75, mt: 0.5 }}>
                <Chip label={t("channels.brand.chip")} size="small" color="secondary" sx={{ height: 20 }} />
                <Typography variant="caption" color="text.secondary" sx={{ wordBreak: "break-word" }}>
                  {t("channels.brand.recipient", {
                    nickname: channel.brand.recipient.nickname,
                    userId: channel.brand.recipient.userId,
                  })}
                </Typography>
              </Box>
            )}
            {channel.tags.length > 0 && (
              <Box sx={{ display: "flex", flexWrap: "wrap", gap: 0.5, mt: 0.5 }}>
                {channel.tags.map((tag) => (
                  <Chip key={tag.id} label={tag.tag} size="small" variant="outlined" sx={{ height: 20 }} />
                ))}
              </Box>
            )}
          </Box>
        </Box>
      </TableCell>
      <TableCell sx={{ ...notOnPhone, whiteSpace: "nowrap" }}>{t(`channels.type.${channel.type}`)}</TableCell>
      <TableCell sx={{ whiteSpace: "nowrap" }}>{memberCountText(channel, format.number)}</TableCell>
      <TableCell sx={wideOnly}>
        {channel.isFrozen ? (
          <Chip size="small" color="info" icon={<AcUnitRounded />} label={t("channels.frozen")} />
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t("channels.notFrozen")}
          </Typography>
        )}
      </TableCell>
      <TableCell sx={{ ...wideOnly, whiteSpace: "nowrap" }}>{format.dateTime(channel.createdAt)}</TableCell>
      <TableCell
        align="right"
        sx={{ whiteSpace: "nowrap", px: { xs: 0.5, sm: 2 } }}
        onClick={(event) => event.stopPropagation()}
      >
        <Tooltip title={t("common.edit")}>
          <IconButton
            size="small"
            aria-label={t("channels.editNamed", { name: channel.name })}
            onClick={() => onEdit(channel)}
          >
            <EditRounded fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title={t("common.delete")}>
          <IconButton
            size="small"
            color="error"
            aria-label={t("channels.deleteNamed", { name: channel.name })}
            onClick={() => onDelete(channel)}
          >
            <DeleteOutlineRounded fontSize="small" />
          </IconButton>
        </Tooltip>
      </TableCell>
    </TableRow>
  );
}

/** `/apps/:id/channels`: list, search, create, edit, delete; a row opens the chat view. */
export function ChannelsTable({ appId }: { appId: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { showSnackbar } = useSnackbar();
  const [searchInput, setSearchInput] = useState("");
  const [kind, setKind] = useState<TDashboardChannelKind>("all");
  const search = useDebouncedValue(searchInput.trim());
  const channels = useChannels(appId, search, kind);
  const deleteChannel = useDeleteChannel(appId);
  const deletion = useSubmission();
  const [isCreateOpen, setIsCreateOpen] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<TDashboardChannel | null>(null);
  const rows = channels.data?.pages.flatMap((page) => page.channels) ?? [];
  const closeEdit = useCallback(() => setEditingId(null), []);

  const confirmDelete = () => {
    if (!deleting) return;
    const channel = deleting;
    void deletion.run({
      request: () => deleteChannel.mutateAsync({ appId, channelId: channel.id }),
      onSuccess: () => {
        setDeleting(null);
        forgetFrozenFlag(channel.id);
        showSnackbar(t("channels.deleted", { name: channel.name }), { severity: "success" });
      },
      onError: (error) => {
        setDeleting(null);
        showSnackbar(errorText(error), { severity: "error" });
      },
    });
  };

  return (
    <>
      <PageHeader
        title={t("pages.channels")}
        description={t("channels.description")}
        actions={
          <Button variant="contained" startIcon={<AddRounded />} onClick={() => setIsCreateOpen(true)}>
            {t("channels.create")}
          </Button>
        }
      />
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ mb: 2 }}>
        <Box sx={{ flex: 1, maxWidth: { sm: 360 } }}>
          <SearchField value={searchInput} onChange={setSearchInput} label={t("channels.search")} />
        </Box>
        <TextField
          select
          size="small"
          fullWidth={false}
          label={t("channels.kind.label")}
          value={kind}
          onChange={(event) => setKind(event.target.value as TDashboardChannelKind)}
          sx={{ minWidth: 180, flex: "0 0 auto" }}
        >
          {DASHBOARD_CHANNEL_KINDS.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`channels.kind.${value}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {channels.isPending && <Skeleton variant="rounded" height={240} aria-busy />}
      {channels.isError && <LoadError error={channels.error} onRetry={() => void channels.refetch()} />}
      {channels.isSuccess && rows.length === 0 && (
        <EmptyState
          icon={<ForumRounded color="primary" sx={{ fontSize: 40 }} />}
          title={search || kind !== "all" ? t("channels.noMatch") : t("channels.emptyTitle")}
          body={search || kind !== "all" ? undefined : t("channels.emptyBody")}
        />
      )}
      {rows.length > 0 && (
        <TableRegion label={t("pages.channels")} isOutlined sx={{ position: "relative" }}>
          <Table size="small" aria-label={t("pages.channels")}>
            <TableHead>
              <TableRow>
                <TableCell>{t("channels.fields.name")}</TableCell>
                <TableCell sx={notOnPhone}>{t("channels.fields.type")}</TableCell>
                <TableCell>{t("channels.columns.members")}</TableCell>
                <TableCell sx={wideOnly}>{t("channels.columns.frozen")}</TableCell>
                <TableCell sx={wideOnly}>{t("channels.columns.createdAt")}</TableCell>
                <TableCell align="right">
                  <Box component="span" sx={visuallyHidden}>
                    {t("common.actions")}
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((channel) => (
                <ChannelRow
                  key={channel.id}
                  appId={appId}
                  channel={channel}
                  onEdit={(row) => setEditingId(row.id)}
                  onDelete={setDeleting}
                />
              ))}
            </TableBody>
          </Table>
        </TableRegion>
      )}
      <LoadMore pages={channels} />
      <CreateChannelDialog appId={appId} open={isCreateOpen} onClose={() => setIsCreateOpen(false)} />
      {editingId && <EditChannelLoader appId={appId} channelId={editingId} onClose={closeEdit} />}
      <ConfirmDialog
        open={deleting !== null}
        title={t("channels.deleteTitle")}
        body={t("channels.deleteBody", { name: deleting?.name ?? "" })}
        confirmLabel={t("common.delete")}
        submission={deletion}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
