import {
  Chat,
  createFileUploader,
  LanguageSwitch,
  ParleyProvider,
  type ParleyTheme,
  useUnreadTitle,
} from "@parley/react";
import type { ParleyClient } from "@parley/sdk";
import { useEffect, useMemo, useState } from "react";
import { useI18n } from "./i18n";
import { baseUrlOf } from "./session";

/** The unread total in the tab's title, "(3) Parley Chat", as chat apps do. */
function UnreadTitle() {
  const { t } = useI18n();
  useUnreadTitle(t("appTitle"));
  return null;
}

const DARK = "(prefers-color-scheme: dark)";

/** `?theme=light` or `?theme=dark` in the address: the kit in that theme whatever the system's setting. */
function themeInAddress(): "light" | "dark" | null {
  const asked = new URLSearchParams(window.location.search).get("theme");
  return asked === "light" || asked === "dark" ? asked : null;
}

/**
 * The kit's light or dark theme, following the system's setting as it changes, unless the address names one (to see
 * the kit in one theme on a page whose own styles follow the other).
 */
function useSystemTheme(): ParleyTheme {
  const [dark, setDark] = useState(() => window.matchMedia(DARK).matches);
  useEffect(() => {
    const query = window.matchMedia(DARK);
    const follow = () => setDark(query.matches);
    query.addEventListener("change", follow);
    return () => query.removeEventListener("change", follow);
  }, []);
  return themeInAddress() ?? (dark ? "dark" : "light");
}

/**
 * The signed-in app: `@parley/react`'s whole chat on the client, in the user's language and the system's theme,
 * with files sent to the same server and the language switch at the foot of the channel list.
 */
export function ChatScreen(props: { client: ParleyClient; serverUrl: string; onLogout: () => void }) {
  const { client, serverUrl } = props;
  const { language, setLanguage } = useI18n();
  const theme = useSystemTheme();
  const upload = useMemo(() => createFileUploader({ baseUrl: baseUrlOf(serverUrl), client }), [client, serverUrl]);
  return (
    <ParleyProvider client={client} language={language} theme={theme} upload={upload}>
      <UnreadTitle />
      <Chat onLogout={props.onLogout} sidebarFooter={<LanguageSwitch language={language} onChange={setLanguage} />} />
    </ParleyProvider>
  );
}
