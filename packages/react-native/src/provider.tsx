import {
  type ChatClient,
  type Language,
  ParleyContext,
  type ParleyContextValue,
  useCallsState,
} from "@parley/react/headless";
import { type ReactNode, useEffect, useMemo } from "react";
import {
  NativeContext,
  type NativeContextValue,
  type PickedAttachment,
  type PickScheduleTime,
  type PlayVoice,
  type SafeAreaInsets,
  type VideoViewComponent,
} from "./context";
import { createNativeTranslator, type StringOverrides } from "./strings";
import { type ParleyTheme, resolveTheme } from "./theme";

const NO_INSETS: SafeAreaInsets = { top: 0, right: 0, bottom: 0, left: 0 };

export interface ParleyProviderProps {
  /** A signed-in `ParleyClient` (after `loginWithToken`, `loginAnonymously` or `resume`), or a stand-in. */
  client: ChatClient;
  /** `light` (default), `dark`, or tokens of your own laid over the light theme. */
  theme?: ParleyTheme;
  /** The language of every string (default `en`). */
  language?: Language;
  /** Your own text for any of the kit's strings, in `language`. */
  messages?: StringOverrides;
  /** Opens the real-time link on mount and closes it on unmount (default true). */
  connect?: boolean;
  /**
   * Lets the user pick a photo or file to send (the app's picker: an image picker, a document picker, an
   * `<input type="file">` on the web); null when they cancel. Without it the composer offers no attachment.
   */
  pickAttachment?: () => Promise<PickedAttachment | null>;
  /** Draws a call's video. Without it a video call shows the other party's name, as a voice call does. */
  VideoView?: VideoViewComponent;
  /** Lets the user pick when a scheduled message goes with the app's own date and time picker. */
  pickScheduleTime?: PickScheduleTime;
  /** Plays a voice message; without it the play button opens the file's URL in the system's player. */
  playVoice?: PlayVoice;
  /** The device's safe area (from `react-native-safe-area-context` or the like); the kit keeps its controls inside. */
  safeAreaInsets?: SafeAreaInsets;
  children: ReactNode;
}

/** Gives the kit's hooks and components their client, strings, theme, and the app's picker and video view. */
export function ParleyProvider(props: ParleyProviderProps) {
  const { client, theme = "light", language = "en", messages, connect = true } = props;
  const calls = useCallsState(client);
  const t = useMemo(() => createNativeTranslator(language, messages), [language, messages]);
  const value = useMemo<ParleyContextValue>(
    () => ({ client, t, language, upload: null, calls }),
    [client, t, language, calls],
  );
  const tokens = useMemo(() => resolveTheme(theme), [theme]);
  const { top = 0, right = 0, bottom = 0, left = 0 } = props.safeAreaInsets ?? NO_INSETS;
  const native = useMemo<NativeContextValue>(
    () => ({
      tokens,
      t,
      insets: { top, right, bottom, left },
      pickAttachment: props.pickAttachment ?? null,
      VideoView: props.VideoView ?? null,
      pickScheduleTime: props.pickScheduleTime ?? null,
      playVoice: props.playVoice ?? null,
    }),
    [
      tokens,
      t,
      top,
      right,
      bottom,
      left,
      props.pickAttachment,
      props.VideoView,
      props.pickScheduleTime,
      props.playVoice,
    ],
  );

  useEffect(() => {
    if (!connect) return;
    // A first attempt that fails is reported through the `connection` event, which the offline banner follows.
    client.connect().catch(() => undefined);
    return () => client.disconnect();
  }, [client, connect]);

  return (
    <ParleyContext.Provider value={value}>
      <NativeContext.Provider value={native}>{props.children}</NativeContext.Provider>
    </ParleyContext.Provider>
  );
}
