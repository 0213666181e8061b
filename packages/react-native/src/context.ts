import { type ComponentType, createContext, useContext } from "react";
import type { StyleProp, ViewStyle } from "react-native";
import type { NativeTranslate } from "./strings";
import type { ThemeTokens } from "./theme";

/** A file the app's picker chose: a file on the device (`uri`), or its bytes as a Blob. */
export type PickedAttachment = { uri: string; name: string; type: string } | Blob;

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
