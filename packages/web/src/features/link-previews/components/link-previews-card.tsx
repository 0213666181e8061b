import { useTranslation } from "react-i18next";
import { FeatureSwitch } from "@/components/feature-switch";
import { SettingsCard } from "@/components/settings-card";
import { linkPreviewsEnabledQueryOptions } from "../api/get-link-previews-enabled";
import { updateLinkPreviewsEnabled } from "../api/update-link-previews-enabled";

/**
 * The app's switch for link previews, a card of the app settings page beside the chat settings: it changes what a
 * sent message becomes, as those do. It saves at once, so it has no unsaved state for the page's leave guard.
 */
export function LinkPreviewsCard({ appId }: { appId: string }) {
  const { t } = useTranslation();
  return (
    <SettingsCard title={t("linkPreviews.title")} subheader={t("linkPreviews.description")}>
      <FeatureSwitch
        query={linkPreviewsEnabledQueryOptions(appId)}
        save={(enabled) => updateLinkPreviewsEnabled({ appId, enabled })}
        label={t("linkPreviews.enabled")}
        turnedOn={t("linkPreviews.turnedOn")}
        turnedOff={t("linkPreviews.turnedOff")}
      />
    </SettingsCard>
  );
}
