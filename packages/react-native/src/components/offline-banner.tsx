import { useConnection } from "@parley/react/headless";
import { View } from "react-native";
import { useTheme } from "../context";
import { useStrings } from "../use-strings";
import { KitText } from "./kit-text";

/**
 * Says the link is down, as an alert (read out once when it appears), and nothing while it is up or was never tried.
 * With the offline layer messages written meanwhile wait in the outbox and go when the link is back.
 */
export function OfflineBanner() {
  const { state, attempted } = useConnection();
  const tokens = useTheme();
  const { t } = useStrings();
  if (!attempted || (state !== "closed" && state !== "reconnecting")) return null;
  return (
    <View
      accessible
      accessibilityRole="alert"
      accessibilityLiveRegion="assertive"
      style={{ backgroundColor: tokens.notice, paddingHorizontal: 16, paddingVertical: 8 }}
    >
      <KitText size={14}>{t("offline.banner")}</KitText>
    </View>
  );
}
