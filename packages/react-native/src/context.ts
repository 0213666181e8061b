import type { TFileInfo } from "@parley/sdk";
import { type ComponentType, createContext, useContext } from "react";
import type { StyleProp, ViewStyle } from "react-native";
import type { NativeTranslate } from "./strings";
import type { ThemeTokens } from "./theme";

/** A file the app's picker chose: a file on the device (`uri`), or its bytes as a Blob. */
export type PickedAttachment = { uri: string; name: string; type: string } | Blob;

/**
 * The app's date and time picker (a native one, such as `@react-native-community/datetimepicker`), opened at `initial`;
 * null when the user cancels. Without it the schedule form takes the time typed and offers quick choices.
 */
export type PickScheduleTime = (initial: Date) => Promise<Date | null>;

/** Plays a voice message with the app's audio player (expo-av, react-native-sound…). */
export type PlayVoice = (file: TFileInfo) => void;

/** Draws a call's stream: react-native-webrtc's `RTCView` on a device, a `<video>` on the web. */
export type VideoViewComponent = ComponentType<{ stream: MediaStream; mirror?: boolean; style?: StyleProp<ViewStyle> }>;

export interface SafeAreaInsets {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** What the native provider adds to the web kit's context: the look, the device's edges and the app's pieces. */
export interface NativeContextValue {
  tokens: ThemeTokens;
  insets: SafeAreaInsets;
  t: NativeTranslate;
  pickAttachment: (() => Promise<PickedAttachment | null>) | null;
  VideoView: VideoViewComponent | null;
  pickScheduleTime: PickScheduleTime | null;
  playVoice: PlayVoice | null;
}

export const NativeContext = createContext<NativeContextValue | null>(null);

export function useNativeContext(): NativeContextValue {
  const value = useContext(NativeContext);
  if (!value) throw new Error("Parley components and hooks need a <ParleyProvider> above them");
  return value;
}

/** The theme's tokens in use. */
export function useTheme(): ThemeTokens {
  return useNativeContext().tokens;
}
