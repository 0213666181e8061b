import { type CSSProperties, type ReactNode, useEffect, useMemo } from "react";
import type { ChatClient } from "./client";
import { ParleyContext, type ParleyContextValue } from "./context";
import { useCallsState } from "./hooks/use-call";
import { createTranslator, type Dictionary, type Language } from "./i18n/translate";
import type { FileUploader } from "./lib/upload";
import { type ParleyTheme, themeVariables } from "./theme/themes";

export interface ParleyProviderProps {
  /** A signed-in `ParleyClient` (after `loginWithToken`, `loginAnonymously` or `resume`). */
  client: ChatClient;
  /** `light` (default), `dark`, or CSS variables of your own laid over the light theme. */
  theme?: ParleyTheme;
  /** The language of every string (default `en`). */
  language?: Language;
  /** Your own text for any of the kit's strings, in `language`. */
  messages?: Partial<Dictionary>;
  /**
   * Sends files from the message box; without it the box offers no attachment. `createFileUploader` makes one that
   * posts to the chat API.
   */
  upload?: FileUploader;
  /** Opens the real-time link on mount and closes it on unmount (default true). */
  connect?: boolean;
  className?: string;
  children: ReactNode;
}

/**
 * Gives the kit's hooks and components their client, strings and theme. It renders one element, `.pk-root`, that
 * carries the theme's CSS variables and the language; the kit's components fill it (`height: 100%`).
 */
export function ParleyProvider(props: ParleyProviderProps) {
  const { client, theme = "light", language = "en", messages, upload, connect = true } = props;
  const calls = useCallsState(client);
  const t = useMemo(() => createTranslator(language, messages), [language, messages]);
  const value = useMemo<ParleyContextValue>(
    () => ({ client, t, language, upload: upload ?? null, calls }),
    [client, t, language, upload, calls],
  );
  const { variables, scheme } = useMemo(() => themeVariables(theme), [theme]);
  const style = useMemo(() => ({ ...variables, colorScheme: scheme }) as CSSProperties, [variables, scheme]);

  useEffect(() => {
    if (!connect) return;
    // A first attempt that fails is reported through the `connection` event, where `useConnection` offers a retry.
    client.connect().catch(() => undefined);
    return () => client.disconnect();
  }, [client, connect]);

  return (
    <ParleyContext.Provider value={value}>
      <div
        className={props.className ? `pk-root ${props.className}` : "pk-root"}
        data-pk-theme={typeof theme === "string" ? theme : "custom"}
        lang={language}
        style={style}
      >
        {props.children}
      </div>
    </ParleyContext.Provider>
  );
}
