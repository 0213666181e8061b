import type { TChannelPushMode } from "@parley/sdk";
import { useCallback } from "react";
import { useParley, useStrings } from "../../hooks/use-parley";
import { useSavedSetting } from "../../hooks/use-saved-setting";
import { describeError } from "../../lib/errors";
import { ChoiceGroup } from "../settings/choice-group";

const MODES: readonly TChannelPushMode[] = ["default", "mentions", "mute"];

/**
 * The user's push notifications for one channel: all messages, mentions only, or none
 * (`client.channelPushMode` / `setChannelPushMode`). Nothing is shown for a client without those calls.
 */
export function ChannelNotifications({ channelId }: { channelId: string }) {
  const { t } = useStrings();
  const client = useParley();
  const readMode = client.channelPushMode;
  const write = client.setChannelPushMode;
  const read = useCallback(
    () => (readMode ? readMode.call(client, channelId) : Promise.resolve<TChannelPushMode>("default")),
    [client, readMode, channelId],
  );
  const setting = useSavedSetting(readMode && write ? read : null);

  if (!readMode || !write) return null;
  const mode = setting.value;

  return (
    <ChoiceGroup
      className="pk-notifications"
      legend={t("notifications.title")}
      name={`pk-notifications-${channelId}`}
      options={MODES}
      value={mode}
      label={(option) => t(`notifications.${option}`)}
      disabled={mode === null || setting.saving}
      busy={mode === null || setting.saving}
      onChange={(next) => {
        if (next !== mode) void setting.save(next, () => write.call(client, channelId, next));
      }}
    >
      {mode === null && setting.error === null && <span className="pk-muted pk-small">{t("chat.loading")}</span>}
      {setting.error !== null && (
        <p className="pk-error pk-small" role="alert">
          {describeError(setting.error, t)}
        </p>
      )}
    </ChoiceGroup>
  );
}
