import type { TChannelPushMode } from "@parley/sdk";
import { useEffect, useState } from "react";
import { useParley, useStrings } from "../../hooks/use-parley";
import { describeError } from "../../lib/errors";

const MODES: TChannelPushMode[] = ["default", "mentions", "mute"];

/**
 * The user's push notifications for one channel: all messages, mentions only, or none
 * (`client.channelPushMode` / `setChannelPushMode`). Nothing is shown for a client without those calls.
 */
export function ChannelNotifications({ channelId }: { channelId: string }) {
  const { t } = useStrings();
  const client = useParley();
  const [mode, setMode] = useState<TChannelPushMode | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const read = client.channelPushMode;
  const write = client.setChannelPushMode;

  useEffect(() => {
    if (!read) return;
    let current = true;
    read
      .call(client, channelId)
      .then((found) => {
        if (current) setMode(found);
      })
      .catch((failure: unknown) => {
        if (current) setError(failure);
      });
    return () => {
      current = false;
    };
  }, [client, read, channelId]);

  if (!read || !write) return null;

  async function choose(next: TChannelPushMode) {
    if (!write || next === mode) return;
    const before = mode;
    // Shown at once; a refusal puts the saved mode back, so the choice never claims what the server did not keep.
    setMode(next);
    setSaving(true);
    setError(null);
    try {
      setMode(await write.call(client, channelId, next));
    } catch (failure) {
      setMode(before);
      setError(failure);
    } finally {
      setSaving(false);
    }
  }

  return (
    <fieldset className="pk-notifications" aria-busy={mode === null || saving}>
      <legend>{t("notifications.title")}</legend>
      {mode === null && error === null && <span className="pk-muted pk-small">{t("chat.loading")}</span>}
      {MODES.map((option) => (
        <label key={option} className="pk-notifications-option">
          <input
            type="radio"
            name={`pk-notifications-${channelId}`}
            value={option}
            checked={mode === option}
            disabled={mode === null || saving}
            onChange={() => void choose(option)}
          />{" "}
          {t(`notifications.${option}`)}
        </label>
      ))}
      {error !== null && (
        <p className="pk-error pk-small" role="alert">
          {describeError(error, t)}
        </p>
      )}
    </fieldset>
  );
}
