import AcUnitRounded from "@mui/icons-material/AcUnitRounded";
import ArrowBackRounded from "@mui/icons-material/ArrowBackRounded";
import EditRounded from "@mui/icons-material/EditRounded";
import PersonRounded from "@mui/icons-material/PersonRounded";
import { Box, Button, FormControlLabel, Stack, Switch } from "@mui/material";
import type { TChannel, TChannelDetailResponse } from "@parley/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { PageHeader } from "@/components/page-header";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { paths } from "@/config/paths";
import { useFormat } from "@/hooks/use-format";
import { useFreezeChannel } from "../api/freeze-channel";
import { channelKeys } from "../api/keys";
import { useUnfreezeChannel } from "../api/unfreeze-channel";
import { readFrozenFlag, storeFrozenFlag } from "../lib/chat-preferences";
import { memberCountText } from "./channel-labels";

/** The chat view's title, its way back, and the channel's edit, test-user and freeze controls. */
export function ChatHeader({
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
