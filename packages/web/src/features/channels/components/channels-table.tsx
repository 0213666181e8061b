import AcUnitRounded from "@mui/icons-material/AcUnitRounded";
import AddRounded from "@mui/icons-material/AddRounded";
import DeleteOutlineRounded from "@mui/icons-material/DeleteOutlineRounded";
import EditRounded from "@mui/icons-material/EditRounded";
import ForumRounded from "@mui/icons-material/ForumRounded";
import { Avatar, Box, Button, Chip, IconButton, Link, Tooltip, Typography } from "@mui/material";
import { DASHBOARD_CHANNEL_KINDS, type TDashboardChannel, type TDashboardChannelKind } from "@parley/contract";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useNavigate } from "react-router";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { useSubmission } from "@/components/form/use-submission";
import { type ListColumn, ListTable } from "@/components/list-table/list-table";
import { PageHeader } from "@/components/page-header";
import { notOnPhone, wideOnly } from "@/components/table-cells";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { visuallyHidden } from "@/components/visually-hidden";
import { paths } from "@/config/paths";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { useErrorSnackbar, useErrorText } from "@/hooks/use-error-text";
import { useFormat } from "@/hooks/use-format";
import { inlineErrors } from "@/lib/mutation-errors";
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

function ChannelNameCell({ appId, channel }: { appId: string; channel: TDashboardChannel }) {
  const { t } = useTranslation();
  const href = paths.apps.channel.getHref(appId, channel.id);
  return (
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
  );
}

/** `/apps/:id/channels`: list, search, create, edit, delete; a row opens the chat view. */
export function ChannelsTable({ appId }: { appId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const showError = useErrorSnackbar();
  const { showSnackbar } = useSnackbar();
  const [searchInput, setSearchInput] = useState("");
  const [kind, setKind] = useState<TDashboardChannelKind>("all");
  const search = useDebouncedValue(searchInput.trim());
  const channels = useChannels(appId, search, kind);
  const deleteChannel = useDeleteChannel(appId, inlineErrors);
  const deletion = useSubmission();
  const [isCreateOpen, setIsCreateOpen] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<TDashboardChannel | null>(null);
  const rows = channels.data?.pages.flatMap((page) => page.channels) ?? [];
  const closeEdit = useCallback(() => setEditingId(null), []);
  const columns: ListColumn<TDashboardChannel>[] = [
    {
      key: "name",
      header: t("channels.fields.name"),
      cellProps: { sx: { minWidth: 150 } },
      cell: (channel) => <ChannelNameCell appId={appId} channel={channel} />,
    },
    {
      key: "type",
      header: t("channels.fields.type"),
      sx: notOnPhone,
      cellProps: { sx: { whiteSpace: "nowrap" } },
      cell: (channel) => t(`channels.type.${channel.type}`),
    },
    {
      key: "members",
      header: t("channels.columns.members"),
      cellProps: { sx: { whiteSpace: "nowrap" } },
      cell: (channel) => memberCountText(channel, format.number),
    },
    {
      key: "frozen",
      header: t("channels.columns.frozen"),
      sx: wideOnly,
      cell: (channel) =>
        channel.isFrozen ? (
          <Chip size="small" color="info" icon={<AcUnitRounded />} label={t("channels.frozen")} />
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t("channels.notFrozen")}
          </Typography>
        ),
    },
    {
      key: "createdAt",
      header: t("channels.columns.createdAt"),
      sx: wideOnly,
      cellProps: { sx: { whiteSpace: "nowrap" } },
      cell: (channel) => format.dateTime(channel.createdAt),
    },
    {
      key: "actions",
      header: (
        <Box component="span" sx={visuallyHidden}>
          {t("common.actions")}
        </Box>
      ),
      align: "right",
      // The row opens the chat; a click on its buttons must not.
      cellProps: { sx: { whiteSpace: "nowrap", px: { xs: 0.5, sm: 2 } }, onClick: (event) => event.stopPropagation() },
      cell: (channel) => (
        <>
          <Tooltip title={t("common.edit")}>
            <IconButton
              size="small"
              aria-label={t("channels.editNamed", { name: channel.name })}
              onClick={() => setEditingId(channel.id)}
            >
              <EditRounded fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title={t("common.delete")}>
            <IconButton
              size="small"
              color="error"
              aria-label={t("channels.deleteNamed", { name: channel.name })}
              onClick={() => setDeleting(channel)}
            >
              <DeleteOutlineRounded fontSize="small" />
            </IconButton>
          </Tooltip>
        </>
      ),
    },
  ];

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
        showError(error);
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
      <ListTable
        label={t("pages.channels")}
        search={{ value: searchInput, onChange: setSearchInput, label: t("channels.search") }}
        filter={{
          label: t("channels.kind.label"),
          value: kind,
          options: DASHBOARD_CHANNEL_KINDS,
          optionLabel: (value) => t(`channels.kind.${value}`),
          onChange: setKind,
          minWidth: 180,
        }}
        query={channels}
        rows={rows}
        rowKey={(channel) => channel.id}
        rowProps={(channel) => ({
          onClick: () => navigate(paths.apps.channel.getHref(appId, channel.id)),
          sx: { cursor: "pointer" },
          "data-testid": `channel-row-${channel.id}`,
        })}
        columns={columns}
        empty={{
          icon: <ForumRounded color="primary" sx={{ fontSize: 40 }} />,
          title: search || kind !== "all" ? t("channels.noMatch") : t("channels.emptyTitle"),
          body: search || kind !== "all" ? undefined : t("channels.emptyBody"),
        }}
        pages={channels}
      />
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
